import fs from 'node:fs';
import path from 'node:path';
import {extractRecords, recordSource} from '../../src/search/records';
import type {BuildCache} from '../../src/utils/buildCache';
import {buildSplitIndex, type SplitIndexFiles} from '../../src/search/indexFile';
import {textTokens, type TextTokens} from '../../src/search/invertedIndex';
import type {SearchRecord} from '../../src/search/types';

/** Pages worth searching: every doc page and the free-form Markdown page. */
export const isSearchable = (route: string): boolean =>
  (route.startsWith('/docs/') && route !== '/docs/') || route === '/markdown-page';

/** Searchable routes of an already built site, for scripts that run outside Docusaurus. */
export async function routesInBuild(outDir: string): Promise<string[]> {
  const entries = await fs.promises.readdir(outDir, {recursive: true});
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
}: {
  outDir: string;
  routesPaths: string[];
  siteUrl: string;
  /** Records of earlier builds, by page (a rebuild extracts only the pages that changed). */
  cache?: BuildCache<SearchRecord[]>;
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
  }
  return {records, pages};
}

/** The split index of a built site (see src/search/splitFormat.ts), not yet written. */
export async function buildSearchIndex({
  tokenCache,
  ...options
}: Parameters<typeof collectRecords>[0] & {
  /** Record texts cut by earlier builds (segmenting is most of the index's own work). */
  tokenCache?: BuildCache<TextTokens>;
}) {
  const {records, pages} = await collectRecords(options);
  const tokens = tokenCache ? (text: string) => tokenCache.get(tokenCache.key(text), () => textTokens(text)) : undefined;
  return {records, files: buildSplitIndex(records, {tokens}), stats: {pages, records: records.length}};
}

/**
 * Writes the entry file and the parts; returns every file written, relative to outDir. Thousands
 * of small files: written one after another, synchronously, which is about twice as fast as
 * through the thread pool (each asynchronous write waits for its open, write and close).
 */
export async function writeSearchIndex(outDir: string, entryPath: string, {entry, parts}: SplitIndexFiles): Promise<string[]> {
  const dir = path.join(outDir, entry.dir);
  fs.mkdirSync(dir, {recursive: true});
  for (const [name, json] of parts) fs.writeFileSync(path.join(dir, name), json);
  fs.writeFileSync(path.join(outDir, entryPath), JSON.stringify(entry));
  return [entryPath, ...[...parts.keys()].map((name) => `${entry.dir}${name}`)];
}
