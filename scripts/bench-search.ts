/**
 * npm run bench:search — search figures for the built site (run `npm run build` first):
 * records and index bytes fetched before the first result (raw, gzip, brotli), index build time,
 * first results after the first keystroke on a cold cache in Chromium, p50/p95 warm query latency
 * in Chromium over the evaluation set, recall@5 and MRR; then the same on a synthetic site ten
 * times larger. Prints a Chinese report and writes test-results/bench-search.json.
 *
 *   node --import tsx scripts/bench-search.ts [--dir build] [--no-scale]
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import {build as esbuild} from 'esbuild';
import {chromium, type Browser} from '@playwright/test';
import {buildSearchIndex, routesInBuild} from '../plugins/local-search/buildIndex';
import {extractRecords} from '../src/search/records';
import {buildSplitIndex, type SplitIndexFiles} from '../src/search/indexFile';
import type {SearchIndexFile, SearchRecord} from '../src/search/types';
import {chromiumArgs, chromiumExecutable} from './lib/chromium';
import {evaluate, readQueries, newestIndexFile, percentile, EVAL_REQUEST, EVAL_SETS} from './search-eval';

const args = process.argv.slice(2);
const outDir = path.resolve(args.includes('--dir') ? args[args.indexOf('--dir') + 1] : 'build');

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

function sizes(json: string) {
  const buf = Buffer.from(json);
  return {
    raw: buf.length,
    gzip: zlib.gzipSync(buf, {level: 9}).length,
    brotli: zlib.brotliCompressSync(buf, {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: 11}}).length,
  };
}

/** A loopback static server for the built site plus in-memory extras (bench bundle, 10× index). */
function serve(root: string, extra: Map<string, {type: string; body: string}>) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const mem = extra.get(url.pathname);
    if (mem) {
      res.writeHead(200, {'content-type': mem.type});
      res.end(mem.body);
      return;
    }
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) file = path.join(root, '404.html');
    const type = file.endsWith('.html') ? 'text/html' : file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : file.endsWith('.json') ? 'application/json' : 'application/octet-stream';
    res.writeHead(200, {'content-type': type});
    fs.createReadStream(file).pipe(res);
  });
  return new Promise<{port: number; close: () => void}>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number};
      resolve({port, close: () => server.close()});
    });
  });
}

/** Time from the first keystroke in the modal to the first rendered hit, on a cold cache. */
async function coldFirstResults(browser: Browser, base: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as {__firstKey?: number; __firstHit?: number};
    document.addEventListener(
      'keydown',
      (e) => {
        if ((e.target as HTMLElement)?.classList?.contains('DocSearch-Input') && w.__firstKey === undefined) {
          w.__firstKey = performance.now();
        }
      },
      true,
    );
    new MutationObserver(() => {
      if (w.__firstKey !== undefined && w.__firstHit === undefined && document.querySelector('.DocSearch-Hit')) {
        w.__firstHit = performance.now();
      }
    }).observe(document, {childList: true, subtree: true});
  });
  await page.goto(`${base}/docs/neptune/user/introduction`, {waitUntil: 'networkidle'});
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').waitFor();
  await page.keyboard.type('MQTT');
  await page.locator('.DocSearch-Hit').first().waitFor();
  const elapsed = await page.evaluate(() => {
    const w = window as unknown as {__firstKey: number; __firstHit: number};
    return w.__firstHit - w.__firstKey;
  });
  await context.close();
  return elapsed;
}

async function browserQueries(browser: Browser, base: string, indexUrl: string, queries: string[]) {
  const page = await browser.newPage();
  await page.goto(`${base}/__bench.html`);
  const result = await page.evaluate(
    ([url, qs, request]) =>
      (window as unknown as {SearchBench: {loadAndQuery: Function}}).SearchBench.loadAndQuery(url, qs, request),
    [indexUrl, queries, EVAL_REQUEST] as const,
  );
  await page.close();
  return result as {fetchMs: number; loadMs: number; firstQueryMs: number; firstHits: number; latencies: number[]};
}

/** Ten copies of every page under distinct URLs: a site ten times larger, same language mix. */
async function scaledIndex(routes: string[], factor: number) {
  const started = performance.now();
  const records: SearchRecord[] = [];
  for (let copy = 0; copy < factor; copy++) {
    for (const [i, route] of routes.entries()) {
      const html = fs.readFileSync(path.join(outDir, route, 'index.html'), 'utf8');
      const pathname = copy === 0 ? route : `${route}-${copy}`;
      records.push(...extractRecords({html, pathname, siteUrl: 'https://docs.example.com'}, `${copy}-${i}`));
    }
  }
  const files = buildSplitIndex(records);
  return {files, records: records.length, buildMs: performance.now() - started};
}

async function main() {
  const indexFile = newestIndexFile(path.dirname(outDir));
  if (!indexFile || !fs.existsSync(indexFile)) throw new Error(`${outDir} 中没有搜索索引，请先运行 npm run build。`);
  const json = fs.readFileSync(indexFile, 'utf8');
  const routes = await routesInBuild(outDir);

  const t = performance.now();
  const rebuilt = await buildSearchIndex({outDir, routesPaths: routes, siteUrl: 'https://docs.example.com'});
  const indexBuildMs = performance.now() - t;

  const queries = EVAL_SETS.flatMap((set) => readQueries(set.file));
  const quality = EVAL_SETS.map((set) => ({name: set.name, ...evaluate(indexFile, set.file)}));

  const bundle = await esbuild({
    entryPoints: [path.resolve('src/search/benchEntry.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'SearchBench',
    write: false,
    platform: 'browser',
  });
  const extra = new Map<string, {type: string; body: string}>([
    ['/__bench.js', {type: 'text/javascript', body: bundle.outputFiles[0].text}],
    ['/__bench.html', {type: 'text/html', body: '<!doctype html><meta charset="utf-8"><script src="/__bench.js"></script>'}],
  ]);
  const scale = args.includes("--no-scale") ? null : await scaledIndex(routes, 10);
  if (scale) {
    extra.set('/__bench-10x/search-index.json', {type: 'application/json', body: JSON.stringify(scale.files.entry)});
    for (const [name, body] of scale.files.parts) extra.set(`/__bench-10x/${scale.files.entry.dir}${name}`, {type: 'application/json', body});
  }

  const server = await serve(outDir, extra);
  const base = `http://127.0.0.1:${server.port}`;
  const browser = await chromium.launch({executablePath: chromiumExecutable, args: chromiumArgs});
  const queryTexts = queries.map((q) => q.query);
  try {
    const cold = [await coldFirstResults(browser, base), await coldFirstResults(browser, base), await coldFirstResults(browser, base)];
    const inBrowser = await browserQueries(browser, base, `/${path.basename(indexFile)}`, queryTexts);
    const scaled = scale ? await browserQueries(browser, base, '/__bench-10x/search-index.json', queryTexts) : null;

    const size = sizes(json);
    const report = {
      site: {records: rebuilt.stats.records, pages: rebuilt.stats.pages, indexFile: path.basename(indexFile), ...size},
      indexBuildMs,
      coldFirstResultsMs: percentile(cold, 50),
      coldRuns: cold,
      browser: {
        fetchMs: inBrowser.fetchMs,
        loadMs: inBrowser.loadMs,
        p50: percentile(inBrowser.latencies, 50),
        p95: percentile(inBrowser.latencies, 95),
      },
      quality: quality.map((q) => ({set: q.name, recallAt5: q.recallAt5, mrr: q.mrr, queries: q.queries, misses: q.misses.length})),
      scaled10x: scale && scaled
        ? {
            records: scale.records,
            buildMs: scale.buildMs,
            ...sizes(scale.files.parts.get(scale.files.entry.bundle)!),
            loadMs: scaled.loadMs,
            p50: percentile(scaled.latencies, 50),
            p95: percentile(scaled.latencies, 95),
          }
        : null,
      rebuiltRecords: rebuilt.stats.records,
    };
    fs.mkdirSync('test-results', {recursive: true});
    fs.writeFileSync('test-results/bench-search.json', JSON.stringify(report, null, 2));

    console.log('搜索基准（内置索引）');
    console.log(`  页面 ${report.site.pages}，记录 ${report.site.records}，索引文件 ${report.site.indexFile}`);
    console.log(`  首次结果前下载的索引：原始 ${kb(size.raw)}，gzip ${kb(size.gzip)}，brotli ${kb(size.brotli)}`);
    console.log(`  索引构建时间（解析 HTML + 建索引）：${ms(indexBuildMs)}`);
    console.log(`  冷缓存下首次按键到首批结果（Chromium，3 次中位数）：${ms(report.coldFirstResultsMs)}（${cold.map(ms).join('、')}）`);
    console.log(`  浏览器内：下载 ${ms(inBrowser.fetchMs)}，加载索引 ${ms(inBrowser.loadMs)}`);
    console.log(`  热查询延迟（Chromium，${queryTexts.length} 条评测查询）：p50 ${ms(report.browser.p50)}，p95 ${ms(report.browser.p95)}`);
    for (const q of quality) {
      console.log(`  质量（${q.name}）：recall@5 ${q.recallAt5.toFixed(3)}，MRR ${q.mrr.toFixed(3)}（${q.queries} 条查询，未命中 ${q.misses.length} 条）`);
    }
    if (report.scaled10x) {
      const s = report.scaled10x;
      console.log('十倍规模站点（每页复制 10 份）');
      console.log(`  记录 ${s.records}，索引：原始 ${kb(s.raw)}，gzip ${kb(s.gzip)}，brotli ${kb(s.brotli)}`);
      console.log(`  索引构建 ${ms(s.buildMs)}，浏览器加载索引 ${ms(s.loadMs)}，热查询 p50 ${ms(s.p50)}，p95 ${ms(s.p95)}`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error: Error) => {
  console.error(`搜索基准失败：${error.message}`);
  process.exit(1);
});
