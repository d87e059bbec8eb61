/**
 * Writes the embedded search index of an already built site (what plugins/local-search does at
 * the end of `npm run build`): for a build made elsewhere, and to time the indexer alone
 * (npm run bench:search runs it as a process of its own, as it runs Pagefind's).
 *
 *   node --import tsx scripts/search-index.ts <built site> [--out <dir>] [--entry search-index.<id>.json]
 *
 * Reads the pages of <built site>, writes the entry file and the parts into --out (default: the
 * site itself) and prints the files written.
 */
import fs from 'node:fs';
import path from 'node:path';
import {isMainThread} from 'node:worker_threads';
import {buildSearchIndex, routesInBuild, writeSearchIndex} from '../plugins/local-search/buildIndex';
import {IndexWorkers} from '../plugins/local-search/indexWorkers';

async function main(argv: string[]) {
  const site = argv.find((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  if (!site || !fs.existsSync(site)) throw new Error('用法：node --import tsx scripts/search-index.ts <已构建的站点目录> [--out 目录] [--entry 文件名]');
  const flag = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const out = path.resolve(flag('--out') ?? site);
  const entry = flag('--entry') ?? 'search-index.json';
  const started = performance.now();
  const routesPaths = await routesInBuild(site);
  const workers = new IndexWorkers();
  try {
    const {files, staged, stats} = await buildSearchIndex({outDir: site, routesPaths, siteUrl: 'https://docs.example.com', workers, writeTo: out});
    const written = await writeSearchIndex(out, entry, files, {workers, staged});
    console.log(
      `${stats.pages} 个页面，${stats.records} 条记录，${written.length} 个文件，用时 ${Math.round(performance.now() - started)} ms → ${path.join(out, entry)}`,
    );
  } finally {
    await workers.close();
  }
}

// In a bundle of this script the index workers run the bundle too (plugins/local-search/indexWorkers.ts).
if (isMainThread) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(`生成搜索索引失败：${error.message}`);
    process.exit(1);
  });
}
