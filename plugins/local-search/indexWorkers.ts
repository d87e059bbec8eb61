/**
 * Worker threads beside the indexer's main thread. Cutting record texts into words
 * (Intl.Segmenter, about half of a cold index build) runs in workers while the main thread is
 * still parsing pages and extracting their records, so the two overlap; a worker then writes
 * the parts (thousands of small files) while the main thread builds the term index.
 *
 * Only the cutting moves, not the page parsing: a worker runs its code cold, and warming up
 * parse5 in every thread cost as much as it saved (measured on 245 pages with two cores). The
 * tokenizer is a few small functions around ICU, which needs no warming up.
 *
 * The same module is the worker's code: a worker started with WORKER_DATA runs the listener at
 * the bottom. From TypeScript (the Docusaurus build, the tests) a worker loads it through tsx;
 * from a bundle (scripts/search-index.ts bundled by npm run bench:search) the worker runs the
 * bundle itself, which holds this module too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {isMainThread, parentPort, Worker, workerData} from 'node:worker_threads';
import {textTokens, type TextTokens} from '../../src/search/invertedIndex';

/** Texts sent to a worker at a time: a few pages' worth, so cutting starts early and messages stay few. */
const BATCH = 256;

const WORKER_DATA = {xlSearchIndexWorker: true} as const;

// Tokens cross the thread boundary as one string per text: cloning a string is far cheaper than
// cloning arrays of thousands of short strings. No token contains \u0000 or \u0001.
const joinList = (list: string[]) => list.join('\u0000');
const splitList = (text: string) => (text ? text.split('\u0000') : []);

export function packTokens({words, bigrams, labels, distinct}: TextTokens): string {
  return [joinList(words), joinList(bigrams), joinList(labels), String(distinct)].join('\u0001');
}

export function unpackTokens(packed: string): TextTokens {
  const [words, bigrams, labels, distinct] = packed.split('\u0001');
  return {words: splitList(words), bigrams: splitList(bigrams), labels: splitList(labels), distinct: Number(distinct)};
}

/** Writes parts (name → JSON text) into dir, one after another (synchronous writes of small files are the fastest). */
export function writeParts(dir: string, parts: [name: string, json: string][]): void {
  for (const [name, json] of parts) fs.writeFileSync(path.join(dir, name), json);
}

type Task = {kind: 'cut'; texts: string[]} | {kind: 'write'; dir: string; parts: [string, string][]};

function runTask(task: Task): string[] | null {
  if (task.kind === 'cut') return task.texts.map((text) => packTokens(textTokens(text)));
  writeParts(task.dir, task.parts);
  return null;
}

function startWorker(): Worker {
  if (!__filename.endsWith('.ts')) return new Worker(__filename, {workerData: WORKER_DATA});
  const register = require.resolve('tsx/cjs/api');
  const code = `require(${JSON.stringify(register)}).register(); require(${JSON.stringify(__filename)});`;
  return new Worker(code, {eval: true, workerData: WORKER_DATA});
}

/** A worker and the answers it still owes, by task number. */
class IndexWorker {
  private readonly worker = startWorker();
  private readonly waiting = new Map<number, {resolve: (result: never) => void; reject: (error: Error) => void}>();
  private next = 0;

  constructor() {
    this.worker.on('message', ({id, result, error}: {id: number; result?: unknown; error?: string}) => {
      const waiter = this.waiting.get(id)!;
      this.waiting.delete(id);
      if (error !== undefined) waiter.reject(new Error(error));
      else waiter.resolve(result as never);
    });
    this.worker.on('error', (error: Error) => {
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    });
  }

  run<T>(task: Task): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, {resolve, reject});
      this.worker.postMessage({id, task});
    });
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

/**
 * The indexer's workers: one per core (at most three), started when the first full batch of
 * texts is queued, so a rebuild that re-extracts a few pages starts none and cuts its texts in
 * the main thread. Two workers beside the main thread on two cores: while the main thread parses,
 * three threads share the cores; once it has finished, both workers finish the cutting.
 */
export class IndexWorkers {
  private workers: IndexWorker[] = [];
  private pending: string[] = [];
  private readonly queued = new Set<string>();
  private readonly batches: Promise<[string[], string[]]>[] = [];
  private turn = 0;

  constructor(
    readonly threads = Math.min(3, os.availableParallelism()),
    private readonly batch = BATCH,
  ) {}

  get started(): boolean {
    return this.workers.length > 0;
  }

  /** Queues a text to be cut (each distinct text once). */
  cut(text: string): void {
    if (this.queued.has(text)) return;
    this.queued.add(text);
    this.pending.push(text);
    if (this.pending.length >= this.batch && this.threads > 0) this.send();
  }

  private send(): void {
    if (!this.started) this.workers = Array.from({length: this.threads}, () => new IndexWorker());
    const texts = this.pending;
    this.pending = [];
    const worker = this.workers[this.turn++ % this.workers.length];
    this.batches.push(worker.run<string[]>({kind: 'cut', texts}).then((packed) => [texts, packed]));
  }

  /** The tokens of every text queued so far. */
  async tokens(): Promise<Map<string, TextTokens>> {
    const tokens = new Map<string, TextTokens>();
    if (this.pending.length && this.started) this.send();
    for (const text of this.pending) tokens.set(text, textTokens(text));
    this.pending = [];
    for (const [texts, packed] of await Promise.all(this.batches)) texts.forEach((text, i) => tokens.set(text, unpackTokens(packed[i])));
    return tokens;
  }

  /**
   * Writes the parts into dir: in a worker when they run, so the main thread goes on meanwhile.
   * One thread only: files created in one folder by several threads at once wait for each other
   * in the kernel (the system time doubled, measured on ext4).
   */
  async write(dir: string, parts: [string, string][]): Promise<void> {
    if (!this.started) return writeParts(dir, parts);
    await this.workers[this.turn++ % this.workers.length].run({kind: 'write', dir, parts});
  }

  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

if (!isMainThread && (workerData as typeof WORKER_DATA | undefined)?.xlSearchIndexWorker) {
  parentPort!.on('message', ({id, task}: {id: number; task: Task}) => {
    try {
      parentPort!.postMessage({id, result: runTask(task)});
    } catch (error) {
      parentPort!.postMessage({id, error: (error as Error).message});
    }
  });
}
