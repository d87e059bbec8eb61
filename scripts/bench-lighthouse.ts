/**
 * npm run bench:lighthouse — Lighthouse (the npm package, driving Debian's Chromium) on the home
 * page, a guide page, an API page and /search, mobile (Lighthouse's default config: simulated slow
 * 4G, 4× CPU slowdown) and desktop (core/config/desktop-config.js). build/ is served by a small
 * production-like server (gzip, the Cache-Control and security headers of deploy/nginx with the
 * build's CSP, a real 404).
 * Prints a Chinese table, whether each budget is met, and writes test-results/lighthouse.json.
 * It reports and exits 0 whatever the scores; only a failure to run exits 1.
 *
 *   node --import tsx scripts/bench-lighthouse.ts [--dir build] [--runs N]
 *
 * Budgets (the issue): performance ≥ 95 on mobile; accessibility, best practices and SEO 100.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromiumArgs, chromiumExecutable} from './lib/chromium';
import {buildCsp, collectSiteHashes, GZIP_MIN_BYTES, hostedSearchFromEnv} from './postbuild-deploy';

export const LIGHTHOUSE_ROUTES = [
  '/',
  '/docs/neptune/user/quick-start',
  '/docs/neptune/api/device_management/device_list',
  '/search',
];

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type FormFactor = 'mobile' | 'desktop';
export const FORM_FACTORS: FormFactor[] = ['mobile', 'desktop'];

export const CATEGORY_LABELS: Record<Category, string> = {
  performance: '性能',
  accessibility: '无障碍',
  'best-practices': '最佳实践',
  seo: 'SEO',
};
export const FORM_FACTOR_LABELS: Record<FormFactor, string> = {mobile: '移动端', desktop: '桌面端'};

export interface LighthouseMetrics {
  /** Milliseconds, except cls (unitless). */
  fcp: number | null;
  lcp: number | null;
  tbt: number | null;
  cls: number | null;
  si: number | null;
}

export interface FailingAudit {
  category: Category;
  id: string;
  title: string;
  score: number;
}

export interface LighthouseResult {
  route: string;
  formFactor: FormFactor;
  /** 0–100 as Lighthouse shows them; null when the category could not be scored. */
  scores: Record<Category, number | null>;
  metrics: LighthouseMetrics;
  /** Weighted audits below full score in accessibility, best practices and SEO. */
  failing: FailingAudit[];
  /** Lighthouse's CPU benchmark of this machine at the time of the run (about 1000+ on a fast desktop). */
  benchmarkIndex: number | null;
  runWarnings: string[];
  runtimeError?: string;
  /** Performance scores of every run when --runs > 1 (the result shown is the median run). */
  performanceRuns?: (number | null)[];
}

export interface Budget {
  label: string;
  category: Category;
  formFactors: FormFactor[];
  min: number;
}

export const BUDGETS: Budget[] = [
  {label: '性能 ≥ 95（移动端）', category: 'performance', formFactors: ['mobile'], min: 95},
  {label: '无障碍 100', category: 'accessibility', formFactors: ['mobile', 'desktop'], min: 100},
  {label: '最佳实践 100', category: 'best-practices', formFactors: ['mobile', 'desktop'], min: 100},
  {label: 'SEO 100', category: 'seo', formFactors: ['mobile', 'desktop'], min: 100},
];

export interface BudgetVerdict {
  label: string;
  met: boolean;
  /** The runs that miss the budget (a missing score counts as a miss). */
  misses: {route: string; formFactor: FormFactor; score: number | null}[];
}

/** Whether each budget holds for every measured route of its form factors. */
export function evaluateBudgets(results: LighthouseResult[], budgets: Budget[] = BUDGETS): BudgetVerdict[] {
  return budgets.map((budget) => {
    const relevant = results.filter((r) => budget.formFactors.includes(r.formFactor));
    const misses = relevant
      .filter((r) => r.scores[budget.category] === null || (r.scores[budget.category] as number) < budget.min)
      .map((r) => ({route: r.route, formFactor: r.formFactor, score: r.scores[budget.category]}));
    // A budget with nothing measured is not met: it says nothing about the site.
    return {label: budget.label, met: relevant.length > 0 && misses.length === 0, misses};
  });
}

/** One Chinese line per budget, e.g. 「性能 ≥ 95（移动端）：未达到（/search 移动端 88）」. */
export function budgetSummary(verdicts: BudgetVerdict[]): string[] {
  return verdicts.map((v) => {
    if (v.met) return `${v.label}：达到`;
    const misses = v.misses.map((m) => `${m.route} ${FORM_FACTOR_LABELS[m.formFactor]} ${m.score ?? '无分数'}`);
    return `${v.label}：未达到${misses.length ? `（${misses.join('，')}）` : '（没有测量结果）'}`;
  });
}

// ---------------------------------------------------------------------------------------------
// Production-like static server for build/
// ---------------------------------------------------------------------------------------------

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  // nginx (deploy/nginx) serves the .d.ts and YAML downloads as text too.
  '.ts': 'text/plain; charset=utf-8',
  '.yaml': 'text/plain; charset=utf-8',
  '.yml': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export function contentType(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

// Text formats are compressed (as postbuild-deploy precompresses them); images and fonts are not.
const isText = (type: string) => /^text\/|charset=|^image\/x-icon|^application\/wasm/.test(type);

/** Content-hashed names (a new build renames them), cached for a year like deploy/nginx does. */
export function isImmutable(urlPath: string): boolean {
  return urlPath.startsWith('/assets/') || /^\/search-index\.[0-9a-f]+\.json$/.test(urlPath) || /^\/search\/[0-9a-f]+\//.test(urlPath);
}

/** The `add_header NAME "VALUE"` lines of an nginx include (commented-out lines excluded). */
export function nginxAddHeaders(conf: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const m of conf.matchAll(/^\s*add_header\s+(\S+)\s+"([^"]*)"/gm)) headers[m[1]] = m[2];
  return headers;
}

/**
 * The headers nginx adds to every response of the built site: deploy/nginx/security-headers.conf
 * and the Content-Security-Policy, computed here for the build being served as
 * scripts/postbuild-deploy.ts does (deploy/nginx/generated/csp.conf may belong to another build).
 * So the pages run under the production CSP: a violation shows in Lighthouse's errors-in-console.
 */
export function productionHeaders(buildDir: string, nginxDir = path.resolve('deploy/nginx')): Record<string, string> {
  const conf = path.join(nginxDir, 'security-headers.conf');
  const headers = fs.existsSync(conf) ? nginxAddHeaders(fs.readFileSync(conf, 'utf8')) : {};
  const hostedSearch = hostedSearchFromEnv(process.env);
  const {scriptHashes, styleHashes} = collectSiteHashes(buildDir, hostedSearch);
  headers['Content-Security-Policy'] = buildCsp({scriptHashes, styleHashes, hostedSearch});
  return headers;
}

export interface ServedSite {
  port: number;
  url: string;
  close: () => Promise<void>;
}

/**
 * A loopback server for a built site that answers like production (deploy/nginx): gzip for text
 * of 1 KB and more (the precompressed X.gz when it is current, otherwise compressed now), immutable
 * caching for /assets/, no-cache with ETag revalidation for the rest, /x → x/index.html, and
 * 404.html with status 404.
 */
export function serveProductionLike(
  outDir: string,
  options: {headers?: Record<string, string>; port?: number} = {},
): Promise<ServedSite> {
  const root = path.resolve(outDir);
  const extra = options.headers ?? {};

  const resolveFile = (urlPath: string): string | null => {
    const candidate = path.join(root, urlPath);
    // path.join normalizes "..": anything outside the root is treated as missing.
    if (candidate !== root && !candidate.startsWith(root + path.sep)) return null;
    for (const file of [candidate, path.join(candidate, 'index.html')]) {
      if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
    }
    return null;
  };

  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {allow: 'GET, HEAD'});
      res.end();
      return;
    }
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400);
      res.end();
      return;
    }
    let file = resolveFile(urlPath);
    let status = 200;
    if (!file) {
      file = path.join(root, '404.html');
      status = 404;
    }
    const type = contentType(file);
    const stat = fs.statSync(file);
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    res.setHeader('content-type', type);
    res.setHeader('cache-control', status === 200 && isImmutable(urlPath) ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.setHeader('last-modified', stat.mtime.toUTCString());
    if (status === 200) res.setHeader('etag', etag);

    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304);
      res.end();
      return;
    }

    let body = fs.readFileSync(file);
    const compressible = isText(type) && body.length >= GZIP_MIN_BYTES;
    if (compressible) res.setHeader('vary', 'Accept-Encoding');
    if (compressible && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      const gz = `${file}.gz`;
      // The build's X.gz, unless the file was rebuilt after it (then compress now).
      body = fs.existsSync(gz) && fs.statSync(gz).mtimeMs >= stat.mtimeMs ? fs.readFileSync(gz) : zlib.gzipSync(body, {level: 9});
      res.setHeader('content-encoding', 'gzip');
    }
    res.setHeader('content-length', body.length);
    res.writeHead(status);
    res.end(req.method === 'HEAD' ? undefined : body);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number};
      resolve({
        port,
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Lighthouse
// ---------------------------------------------------------------------------------------------

const METRIC_AUDITS: Record<keyof LighthouseMetrics, string> = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};

type Lhr = import('lighthouse').Result;

/** The figures of one Lighthouse report (pure: used on saved reports too). */
export function summarizeLhr(lhr: Lhr, route: string, formFactor: FormFactor): LighthouseResult {
  const scores = {} as Record<Category, number | null>;
  const failing: FailingAudit[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category && typeof category.score === 'number' ? Math.round(category.score * 100) : null;
    if (!category || id === 'performance') continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && typeof audit.score === 'number' && audit.score < 1) {
        failing.push({category: id, id: ref.id, title: audit.title, score: audit.score});
      }
    }
  }
  const metrics = {} as LighthouseMetrics;
  for (const [key, id] of Object.entries(METRIC_AUDITS) as [keyof LighthouseMetrics, string][]) {
    const value = lhr.audits[id]?.numericValue;
    metrics[key] = typeof value === 'number' ? value : null;
  }
  return {
    route,
    formFactor,
    scores,
    metrics,
    failing,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    runWarnings: (lhr.runWarnings ?? []).map(String),
    ...(lhr.runtimeError ? {runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`} : {}),
  };
}

/**
 * The run with the median performance score (Lighthouse's advice for variable runs), among the
 * runs that have every score when there are any.
 */
export function medianRun(runs: LighthouseResult[]): LighthouseResult {
  const complete = runs.filter((r) => CATEGORIES.every((c) => r.scores[c] !== null));
  const sorted = [...(complete.length ? complete : runs)].sort(
    (a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export interface LighthouseReport {
  date: string;
  lighthouseVersion: string;
  userAgent: string;
  /** os.loadavg() before and after the runs: other work on the machine skews the performance score. */
  loadavg: {before: number[]; after: number[]};
  cpus: number;
  runsPerPage: number;
  results: LighthouseResult[];
  budgets: BudgetVerdict[];
}

/**
 * Runs Lighthouse on each route of baseUrl, mobile then desktop. Each run gets a fresh Chromium with
 * an empty profile, as the Lighthouse CLI does, so no state carries over between runs. Now and then
 * Debian's Chromium (newer than the one Lighthouse 12.8 was released with) loses the navigation
 * start in the trace (runtime error NO_NAVSTART): a run that ends in a runtime error is tried once more.
 */
export async function runLighthouse(
  baseUrl: string,
  routes: string[] = LIGHTHOUSE_ROUTES,
  options: {runs?: number; formFactors?: FormFactor[]; log?: (line: string) => void} = {},
): Promise<LighthouseReport> {
  const runs = Math.max(1, options.runs ?? 1);
  const log = options.log ?? ((line: string) => console.log(line));
  // Both packages are ES modules; this project is CommonJS under tsx, so they are imported dynamically.
  const {default: lighthouse, desktopConfig} = await import('lighthouse');
  // chrome-launcher (the version Lighthouse itself uses) starts Debian's Chromium for it.
  const {launch} = await import('chrome-launcher');

  const runOnce = async (url: string, formFactor: FormFactor) => {
    const chrome = await launch({
      chromePath: chromiumExecutable,
      chromeFlags: [...chromiumArgs, '--headless=new'],
      logLevel: 'silent',
    });
    try {
      const result = await lighthouse(
        url,
        {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES]},
        // Mobile: the default config (Moto G Power emulation, simulated slow 4G, 4× CPU slowdown).
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse 没有返回结果：${url}`);
      return result.lhr;
    } finally {
      chrome.kill();
    }
  };

  const before = os.loadavg();
  const results: LighthouseResult[] = [];
  let lighthouseVersion = '';
  let userAgent = '';
  for (const route of routes) {
    for (const formFactor of options.formFactors ?? FORM_FACTORS) {
      const attempts: LighthouseResult[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        let lhr = await runOnce(new URL(route, baseUrl).href, formFactor);
        if (lhr.runtimeError) {
          log(`  Lighthouse ${route} ${FORM_FACTOR_LABELS[formFactor]}：运行错误 ${lhr.runtimeError.code}，重试一次`);
          lhr = await runOnce(new URL(route, baseUrl).href, formFactor);
        }
        lighthouseVersion = lhr.lighthouseVersion;
        userAgent = lhr.environment?.hostUserAgent ?? userAgent;
        const summary = summarizeLhr(lhr, route, formFactor);
        attempts.push(summary);
        const s = summary.scores;
        log(
          `  Lighthouse ${route} ${FORM_FACTOR_LABELS[formFactor]}${runs > 1 ? ` 第 ${i + 1} 次` : ''}：` +
            `性能 ${s.performance ?? '—'}，无障碍 ${s.accessibility ?? '—'}，最佳实践 ${s['best-practices'] ?? '—'}，` +
            `SEO ${s.seo ?? '—'}（${((performance.now() - started) / 1000).toFixed(0)} s）`,
        );
      }
      const chosen = medianRun(attempts);
      results.push(runs > 1 ? {...chosen, performanceRuns: attempts.map((a) => a.scores.performance)} : chosen);
    }
  }
  return {
    date: new Date().toISOString(),
    lighthouseVersion,
    userAgent,
    loadavg: {before, after: os.loadavg()},
    cpus: os.cpus().length,
    runsPerPage: runs,
    results,
    budgets: evaluateBudgets(results),
  };
}

/** Terminal columns of a string: CJK and full-width characters take two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) || code >= 0x20000 ? 2 : 1;
  }
  return width;
}
const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - displayWidth(text)));

export function formatTable(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => displayWidth(r[i]))));
  return rows.map((r) => r.map((cell, i) => pad(cell, widths[i])).join('  ').trimEnd());
}

const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);

export function printLighthouse(report: LighthouseReport, out: (line: string) => void = (l) => console.log(l)): void {
  out(`Lighthouse ${report.lighthouseVersion}（${report.userAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}），每页 ${report.runsPerPage} 次${report.runsPerPage > 1 ? '取性能中位数' : ''}`);
  out(
    `机器负载（1/5/15 分钟）：开始 ${report.loadavg.before.map((n) => n.toFixed(2)).join(' ')}，` +
      `结束 ${report.loadavg.after.map((n) => n.toFixed(2)).join(' ')}（${report.cpus} 核）`,
  );
  if (Math.max(report.loadavg.before[0], report.loadavg.after[0]) > report.cpus) {
    // Lighthouse's simulated throttling multiplies the observed main-thread time: CPU contention
    // from other processes inflates TBT and LCP, so such figures are not comparable.
    out('注意：机器负载高于 CPU 核数，其他进程占用 CPU，性能分数偏低且波动大，请在空闲时重测。');
  }
  const header = ['页面', '设备', '性能', '无障碍', '最佳实践', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'CPU 基准'];
  const rows = report.results.map((r) => [
    r.route,
    FORM_FACTOR_LABELS[r.formFactor],
    ...CATEGORIES.map((c) => String(r.scores[c] ?? '—')),
    seconds(r.metrics.fcp),
    seconds(r.metrics.lcp),
    r.metrics.tbt === null ? '—' : `${Math.round(r.metrics.tbt)} ms`,
    r.metrics.cls === null ? '—' : r.metrics.cls.toFixed(3),
    seconds(r.metrics.si),
    r.benchmarkIndex === null ? '—' : String(Math.round(r.benchmarkIndex)),
  ]);
  for (const line of formatTable([header, ...rows])) out(`  ${line}`);
  const failing = report.results.filter((r) => r.failing.length || r.runtimeError || r.runWarnings.length);
  if (failing.length) {
    out('未满分的检查项与运行警告：');
    for (const r of failing) {
      const items = r.failing.map((f) => `${CATEGORY_LABELS[f.category]} ${f.id}（${f.title}）`);
      if (r.runtimeError) items.push(`运行错误 ${r.runtimeError}`);
      items.push(...r.runWarnings.map((w) => `警告 ${w}`));
      out(`  ${r.route} ${FORM_FACTOR_LABELS[r.formFactor]}：${items.join('；')}`);
    }
  }
  out('预算：');
  for (const line of budgetSummary(report.budgets)) out(`  ${line}`);
}

/** Serve a build, run Lighthouse, print and save test-results/lighthouse.json (also used by bench.ts). */
export async function lighthouseStep(outDir: string, options: {runs?: number} = {}): Promise<LighthouseReport> {
  if (!fs.existsSync(path.join(outDir, 'index.html'))) {
    throw new Error(`${outDir} 中没有构建好的站点，请先运行 npm run build`);
  }
  const server = await serveProductionLike(outDir, {headers: productionHeaders(outDir)});
  let report: LighthouseReport;
  try {
    report = await runLighthouse(server.url, LIGHTHOUSE_ROUTES, {runs: options.runs});
  } finally {
    await server.close();
  }
  printLighthouse(report);
  fs.mkdirSync('test-results', {recursive: true});
  fs.writeFileSync('test-results/lighthouse.json', `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const value = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  lighthouseStep(path.resolve(value('--dir') ?? 'build'), {runs: Number(value('--runs') ?? 1)}).then(
    () => process.exit(0),
    (e: Error) => {
      console.error(`Lighthouse 基准失败：${e.stack ?? e.message}`);
      process.exit(1);
    },
  );
}
