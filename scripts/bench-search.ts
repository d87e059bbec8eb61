/**
 * npm run bench:search — the embedded search index beside Pagefind 1.4 (npm `pagefind`, extended
 * build, `--force-language zh`) on the same built site, at 1× (build/, run `npm run build` first)
 * and 10× (bench:scale's generated site, built here or given with --site-10x):
 *
 * - transfer on a fresh visit (a new browser context, no service worker): the bytes fetched
 *   (gzip, response bodies) from the first key press until the hits of the whole query are on
 *   screen, for three queries; then three later queries in the same page. Ours: the doc page,
 *   Ctrl+K and the query typed as a reader with a Chinese input method types it (Latin letters
 *   one key at a time, Chinese a word at a time as the input method commits it), every
 *   intermediate search included: the modal code, the engine, the entry file, shards and
 *   fragments. Pagefind: its JS, WASM and index chunks for one `search()` call and the fragments
 *   of the first five results;
 * - index build time: each indexer as a process of its own on the built pages (ours bundled with
 *   esbuild first, so neither pays for a TypeScript loader), three times each, alternating, each run
 *   writing into a new folder as a build does, the medians of wall-clock and CPU time (user + system);
 * - warm query latency in Chromium over both evaluation sets (ours: the whole index loaded; each
 *   query's median over five rounds, then p50/p95 over the queries);
 * - quality (1× only; the 10× site repeats every page ten times): recall@5 and MRR on both
 *   evaluation sets, Pagefind's first 20 results read the same way as ours.
 *
 * Prints a Chinese report, writes test-results/bench-search.json.
 *
 *   node --import tsx scripts/bench-search.ts [--no-scale] [--site-10x DIR] [--keep] [--only 1|10]
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {build as esbuild} from 'esbuild';
import {chromium, type Browser, type Page, type Request} from '@playwright/test';
import {chromiumArgs, chromiumExecutable} from './lib/chromium';
import {prepareSite, timedBuild} from './bench-scale';
import {segmentWords} from '../src/search/tokenize';
import {EVAL_REQUEST, EVAL_SETS, evaluate, percentile, readQueries, toRoute, type EvalQuery} from './search-eval';

const repoRoot = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const DOC = '/docs/neptune/user/introduction';
/** Typed on a fresh visit each; then, in one page, the later ones. */
const FIRST_QUERIES = ['MQTT 连接', '没有网络怎么激活 Janus', 'Modbus 超时'];
const LATER_QUERIES = ['规则引擎 告警', 'HMI 断网后还能显示吗', 'triton.toml 端口'];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const s1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms1 = (n: number) => `${n.toFixed(1)} ms`;

// ---------------------------------------------------------------------------------------------
// A static server like the production one: gzip for text (as the precompressed files), none for
// Pagefind's own compressed files.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

function serve(mounts: [prefix: string, dir: string][], extra: Map<string, {type: string; body: string}>) {
  const gzipped = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const mem = extra.get(url.pathname);
    if (mem) {
      res.writeHead(200, {'content-type': mem.type});
      res.end(mem.body);
      return;
    }
    const [prefix, dir] = mounts.find(([p]) => url.pathname.startsWith(p))!;
    let file = path.join(dir, decodeURIComponent(url.pathname.slice(prefix.length - 1)));
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) {
      res.writeHead(404);
      res.end();
      return;
    }
    const type = TYPES[path.extname(file)];
    if (type && /gzip/.test(String(req.headers['accept-encoding'] ?? ''))) {
      let body = gzipped.get(file);
      if (!body) gzipped.set(file, (body = zlib.gzipSync(fs.readFileSync(file), {level: 9})));
      res.writeHead(200, {'content-type': type, 'content-encoding': 'gzip', 'cache-control': 'no-cache'});
      res.end(body);
      return;
    }
    res.writeHead(200, {'content-type': type ?? 'application/octet-stream', 'cache-control': 'no-cache'});
    fs.createReadStream(file).pipe(res);
  });
  return new Promise<{base: string; close: () => void}>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({base: `http://127.0.0.1:${(server.address() as {port: number}).port}`, close: () => server.close()})),
  );
}

// ---------------------------------------------------------------------------------------------
// Transfer

/** Requests of a page from now on, and a way to wait until none is pending. */
function recordRequests(page: Page) {
  const requests: Request[] = [];
  let pending = 0;
  page.on('request', (r) => {
    requests.push(r);
    pending++;
  });
  const done = () => pending--;
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    mark: () => requests.length,
    /** Response body bytes (as transferred) of the requests since `from`. */
    async bytesSince(from: number) {
      const list = requests.slice(from);
      const sizes = await Promise.all(list.map((r) => r.sizes().then((s) => s.responseBodySize, () => 0)));
      return {bytes: sizes.reduce((a, b) => a + b, 0), requests: list.length};
    },
    /** Waits until no request has been pending for `quietMs`. */
    async idle(quietMs = 400) {
      for (let quiet = 0; quiet < quietMs; ) {
        await page.waitForTimeout(100);
        quiet = pending === 0 ? quiet + 100 : 0;
      }
    },
  };
}

interface Transfer {
  query: string;
  bytes: number;
  requests: number;
}

/**
 * What a reader's keyboard sends: Latin letters, digits and spaces key by key, Chinese word by
 * word as an input method commits it (the words as the site's tokenizer cuts them).
 */
export function keystrokes(query: string): string[] {
  return query
    .split(/(\p{Script=Han}+)/u)
    .filter(Boolean)
    .flatMap((run) => (/\p{Script=Han}/u.test(run) ? segmentWords(run) : [...run]));
}

async function ourQuery(page: Page, log: ReturnType<typeof recordRequests>, query: string, open: boolean): Promise<Transfer> {
  const from = log.mark();
  if (open) {
    // After hydration (a page ten times larger takes a while), as a reader would.
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true', undefined, {timeout: 60_000});
    for (let attempt = 0; attempt < 3 && !(await page.locator('.DocSearch-Input').isVisible()); attempt++) {
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').waitFor({timeout: 10_000}).catch(() => undefined);
    }
    await page.locator('.DocSearch-Input').waitFor();
  } else {
    await page.locator('.DocSearch-Input').fill('');
  }
  for (const key of keystrokes(query)) {
    if (key.length === 1 && !/\p{Script=Han}/u.test(key)) await page.keyboard.press(key === ' ' ? 'Space' : key);
    else await page.keyboard.insertText(key);
  }
  await page.locator('.DocSearch-Hit').first().waitFor();
  await log.idle();
  return {query, ...(await log.bytesSince(from))};
}

async function ourTransfer(browser: Browser, base: string) {
  const first: Transfer[] = [];
  for (const query of FIRST_QUERIES) {
    const context = await browser.newContext({serviceWorkers: 'block'});
    const page = await context.newPage();
    await page.goto(`${base}${DOC}`, {waitUntil: 'networkidle'});
    const log = recordRequests(page);
    first.push(await ourQuery(page, log, query, true));
    await context.close();
  }
  const context = await browser.newContext({serviceWorkers: 'block'});
  const page = await context.newPage();
  await page.goto(`${base}${DOC}`, {waitUntil: 'networkidle'});
  const log = recordRequests(page);
  await ourQuery(page, log, FIRST_QUERIES[0], true);
  const later: Transfer[] = [];
  for (const query of LATER_QUERIES) later.push(await ourQuery(page, log, query, false));
  await context.close();
  return {first, later};
}

const PAGEFIND_PAGE = `<!doctype html><meta charset="utf-8"><title>pagefind</title><script>
window.pfSearch = async (query, n) => {
  window.pf ??= await import('/pagefind/pagefind.js');
  const search = await window.pf.search(query);
  const data = await Promise.all(search.results.slice(0, n).map((r) => r.data()));
  return data.map((d) => d.url);
};</script>`;

async function pagefindTransfer(browser: Browser, base: string) {
  const run = async (page: Page, log: ReturnType<typeof recordRequests>, query: string) => {
    const from = log.mark();
    await page.evaluate(([q]) => (window as unknown as {pfSearch: (q: string, n: number) => Promise<string[]>}).pfSearch(q, 5), [query] as const);
    await log.idle();
    return {query, ...(await log.bytesSince(from))};
  };
  const first: Transfer[] = [];
  for (const query of FIRST_QUERIES) {
    const context = await browser.newContext({serviceWorkers: 'block'});
    const page = await context.newPage();
    await page.goto(`${base}/__pagefind.html`);
    first.push(await run(page, recordRequests(page), query));
    await context.close();
  }
  const context = await browser.newContext({serviceWorkers: 'block'});
  const page = await context.newPage();
  await page.goto(`${base}/__pagefind.html`);
  const log = recordRequests(page);
  await run(page, log, FIRST_QUERIES[0]);
  const later: Transfer[] = [];
  for (const query of LATER_QUERIES) later.push(await run(page, log, query));
  await context.close();
  return {first, later};
}

// ---------------------------------------------------------------------------------------------
// Build time, latency, quality

/** Wall-clock and CPU (user + system) milliseconds of a command. */
function timed(command: string, commandArgs: string[]): {ms: number; cpuMs: number} {
  const timeFile = path.join(os.tmpdir(), `xl-bench-time-${process.pid}`);
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', timeFile, command, ...commandArgs], {encoding: 'utf8', cwd: repoRoot});
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} 失败：\n${(run.stderr || run.stdout).slice(-2000)}`);
  const [user, sys] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  fs.rmSync(timeFile, {force: true});
  return {ms, cpuMs: (user + sys) * 1000};
}

async function bundle(entry: string, options: {format: 'iife' | 'cjs'; platform: 'browser' | 'node'; globalName?: string}) {
  // tsx/cjs/api: the index workers load it only when run from TypeScript, never from this bundle.
  const result = await esbuild({entryPoints: [path.join(repoRoot, entry)], bundle: true, write: false, ...options, external: ['esbuild', 'tsx/cjs/api']});
  return result.outputFiles[0].text;
}

async function ourLatency(browser: Browser, base: string, entryPath: string, queries: string[]) {
  const page = await browser.newPage();
  await page.goto(`${base}/__bench.html`);
  const result = (await page.evaluate(
    ([url, qs, request]) => (window as unknown as {SearchBench: {loadAndQuery: Function}}).SearchBench.loadAndQuery(url, qs, request),
    [entryPath, queries, EVAL_REQUEST] as const,
  )) as {fetchMs: number; loadMs: number; latencies: number[]};
  await page.close();
  return {loadMs: result.loadMs, p50: percentile(result.latencies, 50), p95: percentile(result.latencies, 95)};
}

/** recall@5 and MRR of ranked page lists, scored as scripts/search-eval.ts scores them. */
function score(queries: EvalQuery[], pages: string[][]) {
  let found = 0;
  let rr = 0;
  queries.forEach((q, i) => {
    const accepted = new Set([q.expect, ...(q.alsoAccept ?? [])].map(toRoute));
    const at = [...new Set(pages[i].map(toRoute))].findIndex((p) => accepted.has(p));
    if (at >= 0 && at < 5) found++;
    if (at >= 0) rr += 1 / (at + 1);
  });
  return {recallAt5: found / queries.length, mrr: rr / queries.length, queries: queries.length};
}

async function pagefindQuality(browser: Browser, base: string) {
  const page = await browser.newPage();
  await page.goto(`${base}/__pagefind.html`);
  const out = [];
  for (const set of EVAL_SETS) {
    const queries = readQueries(set.file);
    const pages = (await page.evaluate(
      async (qs) => {
        const search = (window as unknown as {pfSearch: (q: string, n: number) => Promise<string[]>}).pfSearch;
        const all: string[][] = [];
        for (const q of qs) all.push(await search(q, 20));
        return all;
      },
      queries.map((q) => q.query),
    )) as string[][];
    out.push({set: set.name, ...score(queries, pages)});
  }
  await page.close();
  return out;
}

// ---------------------------------------------------------------------------------------------

interface SiteResult {
  factor: number;
  pages: number;
  ours: {
    indexBuild: {ms: number; cpuMs: number};
    transfer: {first: Transfer[]; later: Transfer[]};
    latency: {loadMs: number; p50: number; p95: number};
    quality: {set: string; recallAt5: number; mrr: number; queries: number}[] | null;
    bundleGzip: number;
  };
  pagefind: {indexBuild: {ms: number; cpuMs: number}; transfer: {first: Transfer[]; later: Transfer[]}; quality: {set: string; recallAt5: number; mrr: number; queries: number}[] | null};
}

async function measureSite(browser: Browser, factor: number, siteDir: string, indexerJs: string, benchJs: string): Promise<SiteResult> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `xl-bench-search-${factor}-`));
  try {
    const pages = (fs.readdirSync(siteDir, {recursive: true}) as string[]).filter((f) => path.basename(f) === 'index.html').length;
    // Index build times: each indexer on its own, three times, alternating (the same machine load for both),
    // each run into a folder of its own, as in a build (Pagefind skips much of its work when its output
    // folder already holds the files of an earlier run: 1.4 s instead of 2.4 s at 1×).
    let pagefindOut = '';
    const runs: {ours: {ms: number; cpuMs: number}[]; pagefind: {ms: number; cpuMs: number}[]} = {ours: [], pagefind: []};
    for (let round = 0; round < 3; round++) {
      const ourOut = path.join(work, `ours-${round}`);
      pagefindOut = path.join(work, `pagefind-${round}`);
      runs.ours.push(timed('node', [indexerJs, siteDir, '--out', ourOut, '--entry', 'search-index.bench.json']));
      runs.pagefind.push(timed(path.join(repoRoot, 'node_modules/.bin/pagefind'), ['--site', siteDir, '--output-path', pagefindOut, '--force-language', 'zh']));
    }
    const median = (list: {ms: number; cpuMs: number}[]) => ({ms: percentile(list.map((r) => r.ms), 50), cpuMs: percentile(list.map((r) => r.cpuMs), 50)});
    const ourBuild = median(runs.ours);
    const pagefindBuild = median(runs.pagefind);
    console.log(`[${factor}×] 索引构建：本站 ${s1(ourBuild.ms)}（CPU ${s1(ourBuild.cpuMs)}），Pagefind ${s1(pagefindBuild.ms)}（CPU ${s1(pagefindBuild.cpuMs)}）`);

    const extra = new Map<string, {type: string; body: string}>([
      ['/__bench.js', {type: 'text/javascript', body: benchJs}],
      ['/__bench.html', {type: 'text/html', body: '<!doctype html><meta charset="utf-8"><script src="/__bench.js"></script>'}],
      ['/__pagefind.html', {type: 'text/html', body: PAGEFIND_PAGE}],
    ]);
    // Ours as the site built it; Pagefind's files at /pagefind/.
    const server = await serve([['/pagefind/', pagefindOut], ['/', siteDir]], extra);
    try {
      const entryFile = fs.readdirSync(siteDir).find((f) => /^search-index\.[0-9a-f]+\.json$/.test(f))!;
      const entry = JSON.parse(fs.readFileSync(path.join(siteDir, entryFile), 'utf8')) as {dir: string; bundle: string};
      const bundleGzip = zlib.gzipSync(fs.readFileSync(path.join(siteDir, entry.dir, entry.bundle)), {level: 9}).length;
      const ourTransfers = await ourTransfer(browser, server.base);
      const pagefindTransfers = await pagefindTransfer(browser, server.base);
      const queries = EVAL_SETS.flatMap((set) => readQueries(set.file).map((q) => q.query));
      const latency = await ourLatency(browser, server.base, `/${entryFile}`, queries);
      const quality = factor === 1 ? EVAL_SETS.map((set) => {
        const r = evaluate(path.join(siteDir, entryFile), set.file, {rounds: 1});
        return {set: set.name, recallAt5: r.recallAt5, mrr: r.mrr, queries: r.queries};
      }) : null;
      const pagefindScores = factor === 1 ? await pagefindQuality(browser, server.base) : null;
      return {
        factor,
        pages,
        ours: {indexBuild: ourBuild, transfer: ourTransfers, latency, quality, bundleGzip},
        pagefind: {indexBuild: pagefindBuild, transfer: pagefindTransfers, quality: pagefindScores},
      };
    } finally {
      server.close();
    }
  } finally {
    fs.rmSync(work, {recursive: true, force: true});
  }
}

function printSite(r: SiteResult) {
  const list = (ts: Transfer[]) => ts.map((t) => `「${t.query}」${kb(t.bytes)}（${t.requests} 个请求）`).join('，');
  const max = (ts: Transfer[]) => kb(Math.max(...ts.map((t) => t.bytes)));
  console.log(`\n${r.factor}× 站点（${r.pages} 个页面）`);
  const b = (x: {ms: number; cpuMs: number}) => `${s1(x.ms)}（CPU ${s1(x.cpuMs)}）`;
  console.log(`  索引构建时间（3 次交替，中位数）：本站 ${b(r.ours.indexBuild)}，Pagefind ${b(r.pagefind.indexBuild)}`);
  console.log(`  首次搜索（新访问，从按键到整条查询的结果显示，gzip）：本站 ${list(r.ours.transfer.first)}；最多 ${max(r.ours.transfer.first)}`);
  console.log(`    Pagefind ${list(r.pagefind.transfer.first)}；最多 ${max(r.pagefind.transfer.first)}`);
  console.log(`  之后的查询（同一页面）：本站 ${list(r.ours.transfer.later)}；最多 ${max(r.ours.transfer.later)}`);
  console.log(`    Pagefind ${list(r.pagefind.transfer.later)}；最多 ${max(r.pagefind.transfer.later)}`);
  console.log(`  热查询延迟（本站，Chromium，两个评测集）：p50 ${ms1(r.ours.latency.p50)}，p95 ${ms1(r.ours.latency.p95)}；离线阅读一次下载的全部索引 gzip ${kb(r.ours.bundleGzip)}`);
  for (const [name, q] of [['本站', r.ours.quality], ['Pagefind', r.pagefind.quality]] as const) {
    for (const s of q ?? []) console.log(`  质量（${name}，${s.set}）：recall@5 ${s.recallAt5.toFixed(3)}，MRR ${s.mrr.toFixed(3)}（${s.queries} 条）`);
  }
}

async function main() {
  const outDir = path.join(repoRoot, 'build');
  if (!fs.readdirSync(outDir).some((f) => /^search-index\.[0-9a-f]+\.json$/.test(f))) throw new Error('build/ 中没有内置搜索索引，请先运行 npm run build。');
  const indexerJs = path.join(os.tmpdir(), `xl-search-index-${process.pid}.cjs`);
  fs.writeFileSync(indexerJs, await bundle('scripts/search-index.ts', {format: 'cjs', platform: 'node'}));
  const benchJs = await bundle('src/search/benchEntry.ts', {format: 'iife', platform: 'browser', globalName: 'SearchBench'});

  const sites: [number, string][] = [[1, outDir]];
  let scaleDir: string | null = null;
  if (!args.includes('--no-scale')) {
    const given = args.includes('--site-10x') ? path.resolve(args[args.indexOf('--site-10x') + 1]) : null;
    if (given) sites.push([10, given]);
    else {
      console.log('构建十倍规模站点（bench:scale 的生成站点，约 5–15 分钟）……');
      scaleDir = (await prepareSite(10)).siteDir;
      fs.mkdirSync(path.join(scaleDir, '.tmp'), {recursive: true});
      await timedBuild(scaleDir, path.join(repoRoot, 'test-results', 'bench-search-10x-build.log'));
      sites.push([10, path.join(scaleDir, 'build')]);
    }
  }
  const browser = await chromium.launch({executablePath: chromiumExecutable, args: chromiumArgs});
  const results: SiteResult[] = [];
  const only = args.includes('--only') ? Number(args[args.indexOf('--only') + 1]) : null;
  try {
    for (const [factor, dir] of sites) {
      if (only !== null && factor !== only) continue;
      results.push(await measureSite(browser, factor, dir, indexerJs, benchJs));
      printSite(results.at(-1)!);
    }
  } finally {
    await browser.close();
    fs.rmSync(indexerJs, {force: true});
    if (scaleDir && !args.includes('--keep')) fs.rmSync(scaleDir, {recursive: true, force: true});
    else if (scaleDir) console.log(`保留十倍规模站点 ${scaleDir}（下次可用 --site-10x ${path.join(scaleDir, 'build')}）`);
  }
  console.log('\n搜索基准：内置索引与 Pagefind 1.4（扩展版，--force-language zh）在同一构建结果上、同一次运行中对比');
  results.forEach(printSite);
  console.log(`\n机器负载：${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
  fs.mkdirSync(path.join(repoRoot, 'test-results'), {recursive: true});
  fs.writeFileSync(path.join(repoRoot, 'test-results/bench-search.json'), JSON.stringify({date: new Date().toISOString(), results}, null, 2));
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(`搜索基准失败：${error.message}`);
    process.exit(1);
  });
}
