/**
 * npm run bench — the site's measured figures in one run: build time and peak memory; the JS and
 * CSS a reader's browser loads for a page before it is interactive (hydrated) and after idle
 * prefetching (raw and gzip, measured in Chromium), and the same doc pages on an unmodified
 * Docusaurus site (scripts/bench-baseline.ts); axe on every page, light and dark; Lighthouse
 * (scripts/bench-lighthouse.ts, each page 3 times, the median run reported); cold and warm builds of a site ten times larger
 * (scripts/bench-scale.ts, 10–20 minutes); the build time against the stock site, side by side
 * (scripts/bench-build.ts); then the search benchmark (scripts/bench-search.ts, with Pagefind).
 * Writes test-results/bench.json.
 *
 *   node --import tsx scripts/bench.ts [--no-build] [--no-baseline] [--no-axe] [--no-lighthouse]
 *     [--lighthouse-runs N] [--no-scale] [--no-build-ratio]
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {chromiumArgs, chromiumExecutable} from './lib/chromium';
import {buildBaseline} from './bench-baseline';
import {printBuildRatio, runBuildRatio} from './bench-build';
import {lighthouseStep} from './bench-lighthouse';
import {runScaleBench} from './bench-scale';
import {assetWeight, entryAssets} from './lib/page-weight';

const root = process.cwd();
const outDir = path.join(root, 'build');
const PAGES = ['/', '/docs/neptune/user/quick-start', '/docs/neptune/api/device_management/device_list', '/search'];

function timedBuild() {
  const started = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', '%M', 'npx', 'docusaurus', 'build'], {encoding: 'utf8'});
  if (run.status !== 0) throw new Error(`构建失败：\n${run.stderr.slice(-2000)}`);
  const peakKb = Number(run.stderr.trim().split('\n').pop());
  return {seconds: (performance.now() - started) / 1000, peakMb: peakKb / 1024};
}

function serve(outDir: string) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let file = path.join(outDir, decodeURIComponent(url.pathname));
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) file = path.join(outDir, '404.html');
    const ext = path.extname(file);
    const type = {'.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json'}[ext] ?? 'application/octet-stream';
    res.writeHead(200, {'content-type': `${type}; charset=utf-8`});
    fs.createReadStream(file).pipe(res);
  });
  return new Promise<{port: number; close: () => void}>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({port: (server.address() as {port: number}).port, close: () => server.close()})),
  );
}

async function pageWeights(port: number, outDir: string, routes: string[]) {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable,
    args: chromiumArgs,
  });
  const results = [];
  const sizes = (files: Iterable<string>) => assetWeight(outDir, files);
  for (const route of routes) {
    // Service workers off: the offline-reading worker would fetch every asset of the build.
    const context = await browser.newContext({serviceWorkers: 'block'});
    const page = await context.newPage();
    const assets = new Set<string>();
    const prefetched = new Set<string>();
    // Header lookups still running: awaited before the figures are taken and the page closed.
    const classifying: Promise<void>[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (!/\.(js|css)$/.test(u.pathname)) return;
      // The chunks of the links in view are prefetched (<link rel=prefetch>, in idle time, see
      // src/prefetch): not needed for this page to be interactive.
      classifying.push(
        r.headerValue('sec-purpose').then((purpose) => {
          if (purpose?.startsWith('prefetch')) prefetched.add(u.pathname);
          else assets.add(u.pathname);
        }),
      );
    });
    await page.goto(`http://127.0.0.1:${port}${route}`, {waitUntil: 'domcontentloaded'});
    // Interactive = React has hydrated the page (Docusaurus sets data-has-hydrated then).
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await Promise.all(classifying);
    const interactive = sizes([...assets]);
    // What the HTML itself links (runtime, main, CSS): the figure the issue's ~200 KB baseline counts.
    const entry = sizes(entryAssets(outDir, route));
    await page.waitForLoadState('networkidle');
    await Promise.all(classifying);
    // After idle: plus the chunks Docusaurus prefetches for the links in view.
    const afterIdle = sizes(new Set([...assets, ...prefetched]));
    results.push({route, ...interactive, entry, afterIdle});
    await context.close();
  }
  await browser.close();
  return results;
}

type Weight = Awaited<ReturnType<typeof pageWeights>>[number];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const describe = (w: Weight) =>
  `HTML 引用的 JS + CSS（runtime、main、样式）gzip ${kb(w.entry.totalGz)}；可交互前 ${w.files} 个文件，JS ${kb(w.js)}（gzip ${kb(w.jsGz)}），CSS ${kb(w.css)}（gzip ${kb(w.cssGz)}），合计 gzip ${kb(w.totalGz)}；空闲预取后共 ${w.afterIdle.files} 个文件，gzip ${kb(w.afterIdle.totalGz)}`;

async function measure(dir: string, routes: string[]): Promise<Weight[]> {
  const server = await serve(dir);
  try {
    return await pageWeights(server.port, dir, routes);
  } finally {
    server.close();
  }
}

/** axe on every page of the sitemap, /search and 404, light and dark (e2e/a11y-all.spec.ts, as in npm test). */
function axeEverywhere(): {pages: number; passed: boolean; seconds: number} {
  const pages = new Set([...fs.readFileSync(path.join(outDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
  const started = performance.now();
  console.log(`axe：${pages.size + 2} 个页面（sitemap.xml、/search 与 404 页面），浅色与暗黑模式，axe 默认规则（含最佳实践）……`);
  const run = spawnSync('npx', ['playwright', 'test', 'e2e/a11y-all.spec.ts', '--project=chromium', '--reporter=line', '--workers=2'], {
    stdio: 'inherit',
  });
  const result = {pages: pages.size + 2, passed: run.status === 0, seconds: (performance.now() - started) / 1000};
  console.log(`  ${result.passed ? '没有违规' : '发现违规（见上方输出）'}，用时 ${result.seconds.toFixed(0)} s`);
  return result;
}

async function main() {
  const build = process.argv.includes('--no-build') ? null : timedBuild();
  const weights = await measure(outDir, PAGES);
  console.log('站点基准');
  if (build) console.log(`  构建时间 ${build.seconds.toFixed(1)} s，峰值内存 ${build.peakMb.toFixed(0)} MB`);
  for (const w of weights) console.log(`  ${w.route}：${describe(w)}`);

  // The same doc pages on an unmodified Docusaurus site (scripts/bench-baseline.ts).
  let baseline: Weight[] | null = null;
  if (!process.argv.includes('--no-baseline')) {
    const site = buildBaseline();
    const docPages = PAGES.filter((route) => route.startsWith('/docs/'));
    baseline = await measure(site.outDir, docPages);
    fs.rmSync(site.dir, {recursive: true, force: true});
    console.log('未修改的 Docusaurus 3.10 站点（同样的页面与侧边栏）');
    for (const w of baseline) {
      const ours = weights.find((o) => o.route === w.route)!;
      const saved = (a: number, b: number) => `${kb(a - b)}（${(((a - b) / a) * 100).toFixed(1)}%）`;
      console.log(`  ${w.route}：${describe(w)}`);
      console.log(`    本站少加载：HTML 引用部分 gzip ${saved(w.entry.totalGz, ours.entry.totalGz)}，可交互前合计 gzip ${saved(w.totalGz, ours.totalGz)}`);
    }
  }
  const axe = process.argv.includes('--no-axe') ? null : axeEverywhere();
  // One Lighthouse run varies by several points with the machine's load; the median of three does not.
  const runsFlag = process.argv.indexOf('--lighthouse-runs');
  const lighthouseRuns = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 3;
  const lighthouse = process.argv.includes('--no-lighthouse') ? null : await lighthouseStep(outDir, {runs: lighthouseRuns});
  const scale = process.argv.includes('--no-scale') ? null : await runScaleBench();
  const buildRatio = process.argv.includes('--no-build-ratio') ? null : await runBuildRatio();
  if (buildRatio) printBuildRatio(buildRatio);
  fs.mkdirSync('test-results', {recursive: true});
  fs.writeFileSync('test-results/bench.json', JSON.stringify({build, weights, baseline, axe, lighthouse, scale, buildRatio}, null, 2));
  const search = spawnSync('node', ['--import', 'tsx', 'scripts/bench-search.ts', ...(process.argv.includes('--no-scale') ? ['--no-scale'] : [])], {stdio: 'inherit'});
  process.exit(search.status ?? 1);
}

main().catch((e: Error) => {
  console.error(`基准失败：${e.message}`);
  process.exit(1);
});
