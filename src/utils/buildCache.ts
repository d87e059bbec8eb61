/**
 * A cache for build steps that turn one input into one output (a page's Markdown copy, a page's
 * search records), so that a rebuild redoes only the pages that changed — what rspack's
 * persistent cache does for the bundles. It lives where Docusaurus keeps its own caches
 * (`node_modules/.cache/`, which `docusaurus clear` and a fresh clone do not have), as one JSON
 * file per step. An entry's key hashes its input and the code that transforms it (the step's
 * source files and package-lock.json), so an edit to either misses; the file is rewritten with
 * only the entries the build used, so it never holds more than one build's worth.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const FORMAT = 1;

export interface BuildCacheOptions {
  /** The site's folder (the cache goes to its node_modules/.cache). */
  siteDir: string;
  /** The step's name: the file is node_modules/.cache/<name>.json. */
  name: string;
  /** Files or folders, relative to siteDir, whose contents change the step's output. */
  code: string[];
  /** `BUILD_CACHE=off` (or false here) reads and writes nothing. */
  enabled?: boolean;
}

/** Every file under a path (or the file itself), sorted, so the hash does not depend on readdir order. */
function filesOf(target: string): string[] {
  if (!fs.existsSync(target)) return [];
  if (!fs.statSync(target).isDirectory()) return [target];
  return (fs.readdirSync(target, {recursive: true}) as string[])
    .map((f) => path.join(target, f))
    .filter((f) => fs.statSync(f).isFile())
    .sort();
}

export class BuildCache<T> {
  readonly file: string;
  private readonly version: string;
  private readonly enabled: boolean;
  private readonly stored = new Map<string, T>();
  private readonly used = new Map<string, T>();
  hits = 0;
  misses = 0;

  constructor({siteDir, name, code, enabled = process.env.BUILD_CACHE !== 'off'}: BuildCacheOptions) {
    this.file = path.join(siteDir, 'node_modules', '.cache', `${name}.json`);
    this.enabled = enabled;
    const hash = crypto.createHash('sha256').update(`${FORMAT}\0${name}`);
    for (const f of [...code, 'package-lock.json'].flatMap((c) => filesOf(path.join(siteDir, c)))) {
      hash.update(`\0${path.relative(siteDir, f)}\0`).update(fs.readFileSync(f));
    }
    this.version = hash.digest('hex');
    if (!enabled) return;
    try {
      const saved = JSON.parse(fs.readFileSync(this.file, 'utf8')) as {version: string; entries: Record<string, T>};
      if (saved.version === this.version) for (const [k, v] of Object.entries(saved.entries)) this.stored.set(k, v);
    } catch {
      // No cache yet, or one this code cannot read: start empty.
    }
  }

  /** The key of an input: a hash of its parts (in order) under this code version. */
  key(...parts: string[]): string {
    const hash = crypto.createHash('sha256');
    for (const part of parts) hash.update(part).update('\0');
    return hash.digest('base64url');
  }

  /** Whether the key has an entry from an earlier build (get() will not compute it). */
  has(key: string): boolean {
    return this.enabled && this.stored.has(key);
  }

  /** The cached output for the key, or compute() it (and keep it for the next build). */
  get(key: string, compute: () => T): T {
    const cached = this.enabled ? this.stored.get(key) : undefined;
    if (cached !== undefined) {
      this.hits++;
      this.used.set(key, cached);
      return cached;
    }
    this.misses++;
    const value = compute();
    if (this.enabled) this.used.set(key, value);
    return value;
  }

  /** Writes the entries this build used (nothing when every one was a hit of the same set). */
  save(): void {
    if (!this.enabled) return;
    if (this.misses === 0 && this.used.size === this.stored.size) return;
    fs.mkdirSync(path.dirname(this.file), {recursive: true});
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify({version: this.version, entries: Object.fromEntries(this.used)}));
    fs.renameSync(temp, this.file);
  }
}
