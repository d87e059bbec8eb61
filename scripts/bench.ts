/**
 * npm run bench — the site's measured figures in one run: build time and peak memory, the JS and
 * CSS a reader's browser loads for a page (raw and gzip, measured in Chromium), Lighthouse scores
 * (scripts/bench-lighthouse.ts), then the search benchmark (scripts/bench-search.ts). Writes
 * test-results/bench.json.
 *
 *   node --import tsx scripts/bench.ts [--no-build] [--no-lighthouse]
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium} from '@playwright/test';
import {chromiumArgs, chromiumExecutable} from './lib/chromium';
import {lighthouseStep} from './bench-lighthouse';

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

function serve() {
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

async function pageWeights(port: number) {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable,
    args: chromiumArgs,
  });
  const results = [];
  for (const route of PAGES) {
    const page = await browser.newPage();
    const assets = new Set<string>();
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (/\.(js|css)$/.test(u.pathname)) assets.add(u.pathname);
    });
    await page.goto(`http://127.0.0.1:${port}${route}`, {waitUntil: 'networkidle'});
    let js = 0, css = 0, jsGz = 0, cssGz = 0;
    for (const asset of assets) {
      const buf = fs.readFileSync(path.join(outDir, asset));
      const gz = zlib.gzipSync(buf, {level: 9}).length;
      if (asset.endsWith('.js')) { js += buf.length; jsGz += gz; } else { css += buf.length; cssGz += gz; }
    }
    results.push({route, files: assets.size, js, jsGz, css, cssGz, totalGz: jsGz + cssGz});
    await page.close();
  }
  await browser.close();
  return results;
}

async function main() {
  const build = process.argv.includes('--no-build') ? null : timedBuild();
  const server = await serve();
  const weights = await pageWeights(server.port);
  server.close();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log('站点基准');
  if (build) console.log(`  构建时间 ${build.seconds.toFixed(1)} s，峰值内存 ${build.peakMb.toFixed(0)} MB`);
  for (const w of weights) {
    console.log(`  ${w.route}：${w.files} 个文件，JS ${kb(w.js)}（gzip ${kb(w.jsGz)}），CSS ${kb(w.css)}（gzip ${kb(w.cssGz)}），合计 gzip ${kb(w.totalGz)}`);
  }
  const lighthouse = process.argv.includes('--no-lighthouse') ? null : await lighthouseStep(outDir);
  fs.mkdirSync('test-results', {recursive: true});
  fs.writeFileSync('test-results/bench.json', JSON.stringify({build, weights, lighthouse}, null, 2));
  const search = spawnSync('node', ['--import', 'tsx', 'scripts/bench-search.ts'], {stdio: 'inherit'});
  process.exit(search.status ?? 1);
}

main().catch((e: Error) => {
  console.error(`基准失败：${e.message}`);
  process.exit(1);
});
