import fs from 'node:fs';
import path from 'node:path';
import {extractRecords, recordSource} from '../../src/search/records';
import type {BuildCache} from '../../src/utils/buildCache';
import {buildSplitIndex, fragmentParts, type SplitIndexFiles} from '../../src/search/indexFile';
import {PARTS_HASH_DIGITS, PARTS_ROOT} from '../../src/search/splitFormat';
import {recordText, textTokens, type TextTokens} from '../../src/search/invertedIndex';
import type {SearchRecord} from '../../src/search/types';
import {writeParts, type IndexWorkers} from './indexWorkers';

/** Pages worth searching: every doc page and the free-form Markdown page. */
export const isSearchable = (route: string): boolean =>
  (route.startsWith('/docs/') && route !== '/docs/') || route === '/markdown-page';

/**
 * Searchable routes of an already built site, for scripts that run outside Docusaurus. Only docs/
 * and the Markdown page are listed: the rest of the build (assets, images, the thousands of parts
 * of an earlier index) holds no searchable page.
 */
export async function routesInBuild(outDir: string): Promise<string[]> {
  const docs = path.join(outDir, 'docs');
  const entries = fs.existsSync(docs) ? (await fs.promises.readdir(docs, {recursive: true})).map((e) => path.join('docs', e)) : [];
  if (fs.existsSync(path.join(outDir, 'markdown-page', 'index.html'))) entries.push(path.join('markdown-page', 'index.html'));
  return entries
    .filter((e) => e.endsWith(`${path.sep}index.html`) || e === 'index.html')
    .map((e) => `/${path.dirname(e).split(path.sep).join('/')}`.replace(/\/\.$/, '/'))
    .filter(isSearchable);
}

/** A built page's HTML, or null where the route has none. Read synchronously, as writeSearchIndex writes. */
function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The DocSearch records of every searchable page of a built site, in route order. */
export async function collectRecords({
  outDir,
  routesPaths,
  siteUrl,
  cache,
  onPage,
}: {
  outDir: string;
  routesPaths: string[];
  siteUrl: string;
  /** Records of earlier builds, by page (a rebuild extracts only the pages that changed). */
  cache?: BuildCache<SearchRecord[]>;
  /** Called with each page's records as soon as they are there. */
  onPage?: (records: SearchRecord[]) => void;
}): Promise<{records: SearchRecord[]; pages: number}> {
  const routes = [...new Set(routesPaths.filter(isSearchable))].sort();
  const records: SearchRecord[] = [];
  let pages = 0;
  for (const [i, route] of routes.entries()) {
    const html = readIfExists(path.join(outDir, route, 'index.html'));
    if (!html) continue;
    const extract = () => extractRecords({html, pathname: route, siteUrl}, i.toString(36));
    const pageRecords = cache ? cache.get(cache.key(route, siteUrl, i.toString(36), recordSource(html)), extract) : extract();
    if (pageRecords.length) pages++;
    records.push(...pageRecords);
    onPage?.(pageRecords);
  }
  return {records, pages};
}

/** Parts written ahead into a staging folder while the rest of the index is built (see writeSearchIndex). */
export interface StagedParts {
  dir: string;
  names: Set<string>;
  written: Promise<void>;
}

/** Whether the folder holds the parts of an earlier index (search/<hash>/; search/ itself also holds the /search page). */
function hasIndexParts(outDir: string): boolean {
  const root = path.join(outDir, PARTS_ROOT);
  return fs.existsSync(root) && fs.readdirSync(root).some((name) => name.length === PARTS_HASH_DIGITS && /^[0-9a-f]+$/.test(name));
}

function stageParts(outDir: string, parts: Map<string, string>, workers?: IndexWorkers): StagedParts {
  const dir = path.join(outDir, PARTS_ROOT, `.staging-${process.pid}`);
  fs.mkdirSync(dir, {recursive: true});
  const list = [...parts];
  return {dir, names: new Set(parts.keys()), written: workers ? workers.write(dir, list) : Promise.resolve(writeParts(dir, list))};
}

/**
 * The split index of a built site (see src/search/splitFormat.ts). With workers, the texts of
 * each page are cut in them while the main thread extracts the next pages; with `writeTo` (a
 * folder without an index yet), the display fragments (most of the files) are written while the
 * term index is built, and writeSearchIndex writes the rest.
 */
export async function buildSearchIndex({
  tokenCache,
  workers,
  writeTo,
  ...options
}: Omit<Parameters<typeof collectRecords>[0], 'onPage'> & {
  /** Record texts cut by earlier builds (segmenting is most of the index's own work). */
  tokenCache?: BuildCache<TextTokens>;
  workers?: IndexWorkers;
  /** The folder writeSearchIndex will write to. */
  writeTo?: string;
}) {
  const keys = new Map<string, string>();
  const keyOf = (text: string) => keys.get(text) ?? keys.set(text, tokenCache!.key(text)).get(text)!;
  const onPage = workers
    ? (records: SearchRecord[]) => {
        for (const text of records.map(recordText)) if (!tokenCache?.has(keyOf(text))) workers.cut(text);
      }
    : undefined;
  const {records, pages} = await collectRecords({...options, onPage});
  const fragments = fragmentParts(records);
  // Staged only into a folder without an earlier index (a build's output): over an earlier index,
  // rewriting the files in place is cheaper than removing it.
  const staged = writeTo && !hasIndexParts(writeTo) ? stageParts(writeTo, fragments, workers) : undefined;
  const cut = workers ? await workers.tokens() : new Map<string, TextTokens>();
  const fresh = (text: string) => cut.get(text) ?? textTokens(text);
  const tokens = tokenCache ? (text: string) => tokenCache.get(keyOf(text), () => fresh(text)) : fresh;
  return {records, files: buildSplitIndex(records, {tokens, fragments}), staged, stats: {pages, records: records.length}};
}

/**
 * Writes the entry file and the parts (those not staged yet); returns every file written,
 * relative to outDir. Thousands of small files: written synchronously (about twice as fast as
 * through the thread pool, where each write waits for its open, write and close), by a worker
 * when they run (see IndexWorkers.write).
 */
export async function writeSearchIndex(
  outDir: string,
  entryPath: string,
  {entry, parts}: SplitIndexFiles,
  {workers, staged}: {workers?: IndexWorkers; staged?: StagedParts} = {},
): Promise<string[]> {
  const dir = path.join(outDir, entry.dir);
  const rest = [...parts].filter(([name]) => !staged?.names.has(name));
  const write = (into: string) => (workers ? workers.write(into, rest) : writeParts(into, rest));
  if (staged) {
    await staged.written;
    await write(staged.dir);
    fs.renameSync(staged.dir, dir);
  } else {
    fs.mkdirSync(dir, {recursive: true});
    await write(dir);
  }
  fs.writeFileSync(path.join(outDir, entryPath), JSON.stringify(entry));
  return [entryPath, ...[...parts.keys()].map((name) => `${entry.dir}${name}`)];
}
