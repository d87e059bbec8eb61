// Running the toolchains: a promise-based spawn with a bounded pool, and the harness files that wrap
// fragments (`harness="name"` in a block's meta → scripts/lib/examples/harness/name.<ext>).
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {Block} from './blocks';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Set when the program could not be started (not installed). */
  missing?: boolean;
}

export function run(cmd: string, args: string[], opts: {cwd?: string; env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number} = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    const timer = opts.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs) : undefined;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({code: null, stdout, stderr: String(e.message), missing: e.code === 'ENOENT'});
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({code, stdout, stderr});
    });
    child.stdin.on('error', () => {});
    child.stdin.end(opts.input ?? '');
  });
}

/** Runs `fn` over `items` with at most `limit` at a time (the machine has two cores). */
export async function pool<T, R>(items: T[], fn: (item: T) => Promise<R>, limit = Math.max(2, os.availableParallelism())): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  }));
  return out;
}

export const HARNESS_DIR = path.join(__dirname, 'harness');
const MARKER = /^.*\{\{block\}\}.*$/m;

export interface Wrapped {
  source: string;
  /** Lines of the harness before the block: file line n is block code line n - offset. */
  offset: number;
}

/**
 * Wraps a block in its declared harness (`harness="name"` → harness/name.<ext>, the block replacing
 * the line that holds `{{block}}`), or returns the block unchanged when it declares none.
 */
export function wrap(block: Block, ext: string): Wrapped {
  const name = block.meta.harness;
  if (name === undefined) return {source: block.code + '\n', offset: 0};
  const file = path.join(HARNESS_DIR, `${name}.${ext}`);
  if (!/^[\w-]+$/.test(name) || !fs.existsSync(file)) throw new Error(`未知的 harness「${name}」：没有 scripts/lib/examples/harness/${name}.${ext}`);
  const harness = fs.readFileSync(file, 'utf8');
  const m = harness.match(MARKER);
  if (!m || m.index === undefined) throw new Error(`harness ${name}.${ext} 中没有 {{block}} 标记行`);
  const before = harness.slice(0, m.index);
  return {source: before + block.code + '\n' + harness.slice(m.index + m[0].length + 1), offset: before.split('\n').length - 1};
}

/** Page line of line `fileLine` of a file written from `wrapped` for `block`, or undefined when it is harness code. */
export function pageLine(block: Block, wrapped: Wrapped, fileLine: number): number | undefined {
  const codeLine = fileLine - wrapped.offset;
  const codeLines = block.code.split('\n').length;
  return codeLine >= 1 && codeLine <= codeLines ? block.line + codeLine : undefined;
}
