import fs from 'node:fs/promises';
import path from 'node:path';
import {extractRecords} from '../../src/search/records';
import {createIndexFile} from '../../src/search/indexFile';
import type {SearchIndexFile, SearchRecord} from '../../src/search/types';

/** Pages worth searching: every doc page and the free-form Markdown page. */
export const isSearchable = (route: string): boolean =>
  (route.startsWith('/docs/') && route !== '/docs/') || route === '/markdown-page';

/** Searchable routes of an already built site, for scripts that run outside Docusaurus. */
export async function routesInBuild(outDir: string): Promise<string[]> {
  const entries = await fs.readdir(outDir, {recursive: true});
  return entries
    .filter((e) => e.endsWith(`${path.sep}index.html`) || e === 'index.html')
    .map((e) => `/${path.dirname(e).split(path.sep).join('/')}`.replace(/\/\.$/, '/'))
    .filter(isSearchable);
}

export async function buildSearchIndex({
  outDir,
  routesPaths,
  siteUrl,
}: {
  outDir: string;
  routesPaths: string[];
  siteUrl: string;
}): Promise<{file: SearchIndexFile; stats: {pages: number; records: number}}> {
  const routes = [...new Set(routesPaths.filter(isSearchable))].sort();
  const records: SearchRecord[] = [];
  let pages = 0;
  for (const [i, route] of routes.entries()) {
    const htmlFile = path.join(outDir, route, 'index.html');
    const html = await fs.readFile(htmlFile, 'utf8').catch(() => null);
    if (!html) continue;
    const pageRecords = extractRecords({html, pathname: route, siteUrl}, i.toString(36));
    if (pageRecords.length) pages++;
    records.push(...pageRecords);
  }
  return {file: createIndexFile(records), stats: {pages, records: records.length}};
}
