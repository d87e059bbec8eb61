// scripts/bench-lighthouse.ts without Chromium: the production-like server on a tiny build in a
// temporary directory, and the budget evaluation and report summary on made-up results.
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  BUDGETS,
  budgetSummary,
  contentType,
  displayWidth,
  evaluateBudgets,
  formatTable,
  isImmutable,
  medianRun,
  printLighthouse,
  nginxAddHeaders,
  productionHeaders,
  serveProductionLike,
  summarizeLhr,
  type LighthouseResult,
  type ServedSite,
} from '../../scripts/bench-lighthouse';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {method, headers}, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks)}));
    });
    req.on('error', reject);
    req.end();
  });
}

const bigHtml = `<!doctype html><html lang=zh-Hans><title>快速开始</title><p>${'星联文档中心 '.repeat(400)}</p></html>`;
let dir: string;
let site: ServedSite;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const write = (rel: string, body: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), {recursive: true});
    fs.writeFileSync(path.join(dir, rel), body);
  };
  write('index.html', '<!doctype html><title>首页</title>');
  write('404.html', '<!doctype html><title>找不到页面</title>');
  write('docs/quick-start/index.html', bigHtml);
  write('assets/js/main.0123abcd.js', `console.log(${JSON.stringify('x'.repeat(4000))});`);
  write('assets/css/styles.0123abcd.css', 'body{margin:0}');
  write('search-index.1576546bed.json', '{}');
  write('img/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('img/photo.png', Buffer.alloc(2048, 1));
  write('robots.txt', 'User-agent: *\nAllow: /\n');
  site = await serveProductionLike(dir, {headers: {'X-Content-Type-Options': 'nosniff'}});
});

after(async () => {
  await site.close();
  fs.rmSync(dir, {recursive: true, force: true});
});

test('a page: directory index, HTML type, no-cache with ETag revalidation, gzip for 1 KB and more', async () => {
  const plain = await get(`${site.url}/docs/quick-start`);
  assert.equal(plain.status, 200);
  assert.equal(plain.headers['content-type'], 'text/html; charset=utf-8');
  assert.equal(plain.headers['cache-control'], 'no-cache');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.headers.vary, 'Accept-Encoding');
  assert.equal(plain.headers['x-content-type-options'], 'nosniff');
  assert.equal(plain.body.toString(), bigHtml);

  const gz = await get(`${site.url}/docs/quick-start/`, {'accept-encoding': 'gzip, deflate, br'});
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(Number(gz.headers['content-length']), gz.body.length);
  assert.ok(gz.body.length < Buffer.byteLength(bigHtml) / 4);
  assert.equal(zlib.gunzipSync(gz.body).toString(), bigHtml);

  const again = await get(`${site.url}/docs/quick-start`, {'if-none-match': String(plain.headers.etag)});
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
});

test('the home page and a small text file are served as they are', async () => {
  const home = await get(`${site.url}/`, {'accept-encoding': 'gzip'});
  assert.equal(home.status, 200);
  assert.equal(home.body.toString(), '<!doctype html><title>首页</title>');
  assert.equal(home.headers['content-encoding'], undefined);
  const robots = await get(`${site.url}/robots.txt`, {'accept-encoding': 'gzip'});
  assert.equal(robots.headers['content-type'], 'text/plain; charset=utf-8');
  assert.match(robots.body.toString(), /User-agent/);
});

test('a current precompressed X.gz is used; a stale one is ignored', async () => {
  const rel = 'docs/quick-start/index.html';
  const gzFile = path.join(dir, `${rel}.gz`);
  const marker = '<!doctype html><p>预压缩</p>';
  fs.writeFileSync(gzFile, zlib.gzipSync(marker));
  const now = Date.now() / 1000;
  fs.utimesSync(path.join(dir, rel), now - 60, now - 60);
  fs.utimesSync(gzFile, now, now);
  const fresh = await get(`${site.url}/docs/quick-start`, {'accept-encoding': 'gzip'});
  assert.equal(zlib.gunzipSync(fresh.body).toString(), marker);
  fs.utimesSync(gzFile, now - 120, now - 120);
  const stale = await get(`${site.url}/docs/quick-start`, {'accept-encoding': 'gzip'});
  assert.equal(zlib.gunzipSync(stale.body).toString(), bigHtml);
  fs.rmSync(gzFile);
});

test('content-hashed files are immutable for a year, other files are revalidated', async () => {
  const js = await get(`${site.url}/assets/js/main.0123abcd.js`, {'accept-encoding': 'gzip'});
  assert.equal(js.status, 200);
  assert.equal(js.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal(js.headers['content-encoding'], 'gzip');
  const css = await get(`${site.url}/assets/css/styles.0123abcd.css`);
  assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
  assert.equal(css.headers['cache-control'], 'public, max-age=31536000, immutable');
  const index = await get(`${site.url}/search-index.1576546bed.json`);
  assert.equal(index.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal(index.headers['content-type'], 'application/json; charset=utf-8');
  const svg = await get(`${site.url}/img/logo.svg`);
  assert.equal(svg.headers['content-type'], 'image/svg+xml; charset=utf-8');
  assert.equal(svg.headers['cache-control'], 'no-cache');
  const png = await get(`${site.url}/img/photo.png`, {'accept-encoding': 'gzip'});
  assert.equal(png.headers['content-type'], 'image/png');
  assert.equal(png.headers['content-encoding'], undefined, 'images are not compressed again');
  assert.equal(png.body.length, 2048);
});

test('a missing page answers 404 with 404.html, never cached as immutable; no escape from the root', async () => {
  for (const url of ['/docs/missing', '/assets/js/missing.js', '/%2e%2e/%2e%2e/etc/passwd']) {
    const res = await get(`${site.url}${url}`);
    assert.equal(res.status, 404, url);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(res.body.toString(), '<!doctype html><title>找不到页面</title>');
  }
  assert.equal((await get(`${site.url}/%E0%A4%A`)).status, 400);
});

test('HEAD has the headers without a body; other methods are refused', async () => {
  const head = await get(`${site.url}/docs/quick-start`, {'accept-encoding': 'gzip'}, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.headers['content-encoding'], 'gzip');
  assert.equal(head.body.length, 0);
  const post = await get(`${site.url}/`, {}, 'POST');
  assert.equal(post.status, 405);
  assert.equal(post.headers.allow, 'GET, HEAD');
});

test('helpers: content types, immutable paths, nginx add_header lines', () => {
  assert.equal(contentType('a/b.WOFF2'), 'font/woff2');
  assert.equal(contentType('janus.d.ts'), 'text/plain; charset=utf-8');
  assert.equal(contentType('x.unknown'), 'application/octet-stream');
  assert.equal(isImmutable('/assets/js/main.1.js'), true);
  assert.equal(isImmutable('/search-index.json'), false);
  assert.equal(isImmutable('/search/0123abcd/s7.json'), true);
  assert.equal(isImmutable('/docs/assets/'), false);

  assert.deepEqual(
    nginxAddHeaders('# comment\ninclude x;\nadd_header X-Frame-Options "DENY" always;\n# add_header Strict-Transport-Security "max-age=1" always;\n'),
    {'X-Frame-Options': 'DENY'},
  );
});

test('productionHeaders: the security headers of deploy/nginx and a CSP for the served build', () => {
  const headers = productionHeaders(dir);
  assert.equal(headers['X-Frame-Options'], 'DENY');
  assert.equal(headers['X-Content-Type-Options'], 'nosniff');
  assert.match(headers['Content-Security-Policy'], /^default-src 'self'; script-src 'self'/);
  assert.equal(headers['Strict-Transport-Security'], undefined, 'commented out in the nginx include');
});

const result = (
  route: string,
  formFactor: 'mobile' | 'desktop',
  scores: Partial<LighthouseResult['scores']> = {},
): LighthouseResult => ({
  route,
  formFactor,
  scores: {performance: 100, accessibility: 100, 'best-practices': 100, seo: 100, ...scores},
  metrics: {fcp: 900, lcp: 1200, tbt: 100, cls: 0, si: 1000},
  failing: [],
  benchmarkIndex: 1500,
  runWarnings: [],
});

test('budgets: all met', () => {
  const verdicts = evaluateBudgets([result('/', 'mobile', {performance: 95}), result('/', 'desktop', {performance: 60})]);
  assert.deepEqual(verdicts.map((v) => v.met), [true, true, true, true]);
  assert.deepEqual(budgetSummary(verdicts), ['性能 ≥ 95（移动端）：达到', '无障碍 100：达到', '最佳实践 100：达到', 'SEO 100：达到']);
});

test('budgets: mobile performance below 95, SEO below 100 on desktop, a missing score', () => {
  const verdicts = evaluateBudgets([
    result('/', 'mobile', {performance: 78}),
    result('/', 'desktop', {performance: 90}),
    result('/search', 'mobile', {performance: 94, 'best-practices': null}),
    result('/search', 'desktop', {seo: 92}),
  ]);
  const byLabel = Object.fromEntries(verdicts.map((v) => [v.label, v]));
  assert.equal(byLabel['性能 ≥ 95（移动端）'].met, false);
  // Desktop performance has no budget.
  assert.deepEqual(byLabel['性能 ≥ 95（移动端）'].misses.map((m) => `${m.route} ${m.score}`), ['/ 78', '/search 94']);
  assert.equal(byLabel['无障碍 100'].met, true);
  assert.equal(byLabel['最佳实践 100'].met, false);
  assert.deepEqual(budgetSummary(verdicts), [
    '性能 ≥ 95（移动端）：未达到（/ 移动端 78，/search 移动端 94）',
    '无障碍 100：达到',
    '最佳实践 100：未达到（/search 移动端 无分数）',
    'SEO 100：未达到（/search 桌面端 92）',
  ]);
});

test('budgets: nothing measured is not met', () => {
  const verdicts = evaluateBudgets([]);
  assert.equal(verdicts.length, BUDGETS.length);
  assert.ok(verdicts.every((v) => !v.met));
  assert.equal(budgetSummary(verdicts)[0], '性能 ≥ 95（移动端）：未达到（没有测量结果）');
});

test('summarizeLhr: scores 0–100, metrics, weighted failing audits outside performance', () => {
  const lhr = {
    lighthouseVersion: '12.8.2',
    environment: {benchmarkIndex: 1234.5, hostUserAgent: 'HeadlessChrome/142'},
    runWarnings: [],
    categories: {
      performance: {score: 0.784, auditRefs: [{id: 'total-blocking-time', weight: 30}]},
      accessibility: {score: 1, auditRefs: [{id: 'color-contrast', weight: 7}]},
      'best-practices': {score: 1, auditRefs: []},
      seo: {score: 0.92, auditRefs: [{id: 'meta-description', weight: 1}, {id: 'structured-data', weight: 0}]},
    },
    audits: {
      'first-contentful-paint': {numericValue: 912},
      'largest-contentful-paint': {numericValue: 2800},
      'total-blocking-time': {numericValue: 720, score: 0.4},
      'cumulative-layout-shift': {numericValue: 0.001},
      'speed-index': {numericValue: 1100},
      'color-contrast': {score: 1, title: 'Contrast'},
      'meta-description': {score: 0, title: 'Document does not have a meta description'},
      'structured-data': {score: 0, title: 'Structured data is valid'},
    },
  } as unknown as Parameters<typeof summarizeLhr>[0];
  const r = summarizeLhr(lhr, '/search', 'mobile');
  assert.deepEqual(r.scores, {performance: 78, accessibility: 100, 'best-practices': 100, seo: 92});
  assert.deepEqual(r.metrics, {fcp: 912, lcp: 2800, tbt: 720, cls: 0.001, si: 1100});
  assert.deepEqual(r.failing, [{category: 'seo', id: 'meta-description', title: 'Document does not have a meta description', score: 0}]);
  assert.equal(r.benchmarkIndex, 1234.5);
});

test('medianRun picks the complete run with the median performance score', () => {
  const runs = [90, 70, 80].map((p) => result('/', 'mobile', {performance: p}));
  assert.equal(medianRun(runs).scores.performance, 80);
  assert.equal(medianRun(runs.slice(0, 2)).scores.performance, 70);
  assert.equal(medianRun([runs[0]]).scores.performance, 90);
  // A run without every score (a trace error) is not chosen while complete runs exist.
  const broken = result('/', 'mobile', {performance: null, 'best-practices': null});
  assert.equal(medianRun([runs[0], broken, runs[2]]).scores.performance, 80);
  assert.equal(medianRun([broken]), broken);
});

test('the table aligns Chinese text by terminal columns', () => {
  assert.equal(displayWidth('性能 95'), 7);
  assert.deepEqual(formatTable([['页面', 'SEO'], ['/search', '100']]), ['页面     SEO', '/search  100']);
});

test('printLighthouse: table, failing audits, a warning under load, budgets', () => {
  const lines: string[] = [];
  const failing = {...result('/search', 'mobile', {performance: 80, seo: 92})};
  failing.failing = [{category: 'seo', id: 'meta-description', title: 'No meta description', score: 0}];
  printLighthouse(
    {
      date: '2026-11-23T00:00:00.000Z',
      lighthouseVersion: '12.8.2',
      userAgent: 'Mozilla/5.0 HeadlessChrome/142.0.0.0 Safari/537.36',
      loadavg: {before: [3.5, 2, 1], after: [1, 1, 1]},
      cpus: 2,
      runsPerPage: 1,
      results: [failing, result('/search', 'desktop')],
      budgets: evaluateBudgets([failing, result('/search', 'desktop')]),
    },
    (line) => lines.push(line),
  );
  const text = lines.join('\n');
  assert.match(lines[0], /^Lighthouse 12\.8\.2（HeadlessChrome\/142\.0\.0\.0），每页 1 次$/);
  assert.match(text, /机器负载高于 CPU 核数/);
  assert.match(text, /\/search\s+移动端\s+80\s+100\s+100\s+92\s+0\.9 s\s+1\.2 s\s+100 ms\s+0\.000\s+1\.0 s\s+1500/);
  assert.match(text, /\/search 移动端：SEO meta-description（No meta description）/);
  assert.match(text, /性能 ≥ 95（移动端）：未达到（\/search 移动端 80）/);
  assert.match(text, /SEO 100：未达到（\/search 移动端 92）/);
});
