/**
 * npm run bench:scale — how `docusaurus build` grows with the size of the site: cold and warm
 * build time, peak memory, output size and search index size for the real site (1×) and for a
 * generated site ten times larger (10×), and the ratios between them. Prints a Chinese report and
 * writes test-results/bench-scale.json (build logs beside it).
 *
 *   node --import tsx scripts/bench-scale.ts [--factor 10] [--only 1|10] [--keep]
 *
 * What is measured, and why:
 * - Each size is built in its own temporary copy of the site (/tmp/xl-scale-<N>-*), never in the
 *   repository. node_modules there is a real directory of symlinks to the entries of the shared
 *   node_modules, so the rspack persistent cache (`<siteDir>/node_modules/.cache/rspack`) and
 *   everything else written under node_modules/.cache stays private to the run: a cold build can
 *   delete it without touching the cache other worktrees share.
 * - Cold build: `.docusaurus`, `build/`, `node_modules/.cache` and the jiti transpile cache
 *   (kept in os.tmpdir(), pointed at a per-site TMPDIR) are removed first. Warm build: a second
 *   build right after, caches kept (the rspack persistent cache is what makes it faster; MDX
 *   compilation caches live in memory only).
 * - Only `npx docusaurus build` is timed: wall clock (including npx start-up, about 1 s) and the
 *   CPU time (user + system) of the whole process tree. On a shared machine wall time swells with
 *   the other jobs' load; CPU time much less, so growth is also given in CPU time. Timing
 *   includes the plugins' postBuild (the local search index), but not the npm `postbuild`
 *   script (gzip precompression and CSP hashes, scripts/postbuild-deploy.ts), which npm runs
 *   only for `npm run build`.
 * - Peak memory: GNU time's %M, the largest resident set of any single process of the build
 *   (ru_maxrss of the children). Docusaurus runs rspack (native threads) and SSG (worker
 *   threads) inside one Node process, so that process is the build's footprint. The sum over the
 *   whole process tree (npx, sh, node), sampled from /proc every 200 ms, is reported beside it.
 * - Phases come from Docusaurus' own timings (DOCUSAURUS_PERF_LOGGER=true) and the local search
 *   plugin's log line. Client and server bundles are compiled together by one rspack
 *   MultiCompiler, so "bundling" is one phase for both.
 * - The 10× site keeps the real docs and adds nine copies (docs/copy-02 … docs/copy-10), each a
 *   self-contained replica: relative links resolve inside the copy, absolute doc links, slugs
 *   and pagination are rewritten to stay inside it, and every sidebar is repeated per copy.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {shadowNodeModules} from './lib/temp-site';

const repoRoot = path.resolve(__dirname, '..');
const MB = 1024 * 1024;

/** Name of the k-th replica (k ≥ 2; replica 1 is the original docs/). */
export const copyName = (k: number) => `copy-${String(k).padStart(2, '0')}`;

// ---------------------------------------------------------------------------------------------
// Docs replication (pure file work, unit-tested)

/**
 * A doc rewritten to live in docs/<copy>/ without colliding with the original: an absolute slug
 * gets the copy as first segment, pagination targets and displayed_sidebar point to the copy's
 * docs and sidebars, and absolute links to doc routes or @site/docs files point into the copy.
 * Relative links need nothing (the tree is copied unchanged), nor does front matter `id`: doc ids
 * are relative to the docs folder, so copy-NN/… makes them unique (and ids may not contain "/").
 */
export function rewriteForCopy(source: string, copy: string): string {
  let body = source;
  let frontMatter = '';
  const fm = /^---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/.exec(source);
  if (fm) {
    frontMatter = fm[0].replace(/^(\s*)(slug|pagination_next|pagination_prev|displayed_sidebar):[ \t]*(['"]?)([^'"\r\n]*)\3[ \t]*$/gm,
      (line, indent: string, key: string, quote: string, value: string) => {
        if (!value || value === 'null') return line;
        let next = value;
        if (key === 'slug') {
          if (!value.startsWith('/')) return line; // relative slugs already sit under copy-NN/
          next = value === '/' ? `/${copy}` : `/${copy}${value}`;
        } else if (key === 'displayed_sidebar') {
          next = `${value}-${copy}`;
        } else {
          next = `${copy}/${value}`;
        }
        return `${indent}${key}: ${quote}${next}${quote}`;
      });
    body = source.slice(fm[0].length);
  }
  body = body
    // Inline and reference links, JSX href/to: /docs/x → /docs/<copy>/x (the bare /docs redirect stays)
    .replace(/(\]\(|^\[[^\]\n]+\]:[ \t]*|\b(?:href|to)=\{?["'])\/docs\/(?=[^)\s"'#?])/gm, `$1/docs/${copy}/`)
    .replace(/@site\/docs\//g, `@site/docs/${copy}/`);
  return frontMatter + body;
}

const isDocFile = (file: string) => /\.mdx?$/.test(file);

/**
 * Copies `srcDocs` to `destDocs` `factor` times: once unchanged (replica 1), then into
 * copy-02 … copy-NN with `rewriteForCopy` applied to Markdown. Returns the number of files written.
 */
export function replicateDocs(srcDocs: string, destDocs: string, factor: number): number {
  const files = (fs.readdirSync(srcDocs, {recursive: true}) as string[]).filter((f) =>
    fs.statSync(path.join(srcDocs, f)).isFile(),
  );
  if (files.some((f) => f.split(path.sep)[0].startsWith('copy-'))) {
    throw new Error(`${srcDocs} 中已有 copy-* 目录，不能再复制`);
  }
  let written = 0;
  for (let k = 1; k <= factor; k++) {
    const base = k === 1 ? destDocs : path.join(destDocs, copyName(k));
    for (const rel of files) {
      const target = path.join(base, rel);
      fs.mkdirSync(path.dirname(target), {recursive: true});
      if (k > 1 && isDocFile(rel)) {
        fs.writeFileSync(target, rewriteForCopy(fs.readFileSync(path.join(srcDocs, rel), 'utf8'), copyName(k)));
      } else {
        fs.copyFileSync(path.join(srcDocs, rel), target);
      }
      written++;
    }
  }
  return written;
}

type SidebarNode = unknown;

function prefixSidebarItem(item: SidebarNode, copy: string): SidebarNode {
  if (typeof item === 'string') return `${copy}/${item}`;
  if (Array.isArray(item)) return item.map((i) => prefixSidebarItem(i, copy));
  if (!item || typeof item !== 'object') return item;
  const obj = item as Record<string, unknown>;
  switch (obj.type) {
    case 'doc':
    case 'ref':
      return {...obj, id: `${copy}/${obj.id as string}`};
    case 'autogenerated':
      return {...obj, dirName: obj.dirName === '.' ? copy : `${copy}/${obj.dirName as string}`};
    case 'category': {
      const link = obj.link as Record<string, unknown> | undefined;
      let nextLink = link;
      if (link?.type === 'doc') nextLink = {...link, id: `${copy}/${link.id as string}`};
      if (link?.type === 'generated-index' && typeof link.slug === 'string' && link.slug.startsWith('/')) {
        nextLink = {...link, slug: `/${copy}${link.slug}`};
      }
      // Category keys stay: translation keys are scoped by sidebar name, which is new per copy.
      return {...obj, items: prefixSidebarItem(obj.items, copy), ...(nextLink && {link: nextLink})};
    }
    case 'link':
    case 'html':
      return obj;
    default:
      // Shorthand category object: {label: items}
      return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, prefixSidebarItem(v, copy)]));
  }
}

/** The base sidebars plus one `<name>-copy-NN` sidebar per replica, with doc ids moved into the copy. */
export function scaleSidebars(base: SidebarsConfig, factor: number): SidebarsConfig {
  const scaled: Record<string, unknown> = {...base};
  for (let k = 2; k <= factor; k++) {
    for (const [name, items] of Object.entries(base)) {
      scaled[`${name}-${copyName(k)}`] = prefixSidebarItem(items, copyName(k));
    }
  }
  return scaled as SidebarsConfig;
}

// ---------------------------------------------------------------------------------------------
// Growth and log parsing (pure, unit-tested)

export interface BuildRun {
  seconds: number;
  /** user + system CPU seconds of the process tree */
  cpuSeconds: number;
  peakMb: number;
  treePeakMb: number;
  phases: Record<string, number>;
}

export interface ScaleRun {
  factor: number;
  docs: number;
  pages: number;
  cold: BuildRun;
  warm: BuildRun;
  outputBytes: number;
  searchIndex: {file: string; raw: number; gzip: number; records: number | null};
  loadavg: {start: string; end: string};
}

export interface Growth {
  pages: number;
  cold: number;
  warm: number;
  coldCpu: number;
  warmCpu: number;
  peakMemory: number;
  output: number;
  searchIndex: number;
  /** Exponent k in cost ∝ pages^k: 1 is linear, below 1 sublinear. */
  exponent: {cold: number; warm: number; coldCpu: number; warmCpu: number; peakMemory: number; output: number; searchIndex: number};
}

const ratio = (a: number, b: number) => (a > 0 ? b / a : NaN);
const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/** How the larger run grows relative to the smaller one. */
export function growth(small: ScaleRun, large: ScaleRun): Growth {
  const r = {
    pages: ratio(small.pages, large.pages),
    cold: ratio(small.cold.seconds, large.cold.seconds),
    warm: ratio(small.warm.seconds, large.warm.seconds),
    coldCpu: ratio(small.cold.cpuSeconds, large.cold.cpuSeconds),
    warmCpu: ratio(small.warm.cpuSeconds, large.warm.cpuSeconds),
    peakMemory: ratio(small.cold.peakMb, Math.max(large.cold.peakMb, large.warm.peakMb)),
    output: ratio(small.outputBytes, large.outputBytes),
    searchIndex: ratio(small.searchIndex.raw, large.searchIndex.raw),
  };
  const exp = (x: number) => round(Math.log(x) / Math.log(r.pages));
  return {
    pages: round(r.pages),
    cold: round(r.cold),
    warm: round(r.warm),
    coldCpu: round(r.coldCpu),
    warmCpu: round(r.warmCpu),
    peakMemory: round(r.peakMemory),
    output: round(r.output),
    searchIndex: round(r.searchIndex),
    exponent: {
      cold: exp(r.cold),
      warm: exp(r.warm),
      coldCpu: exp(r.coldCpu),
      warmCpu: exp(r.warmCpu),
      peakMemory: exp(r.peakMemory),
      output: exp(r.output),
      searchIndex: exp(r.searchIndex),
    },
  };
}

const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * Seconds per build phase from a log written with DOCUSAURUS_PERF_LOGGER=true: the direct
 * children of "Build > <locale>" (Load site, Bundling with rspack, SSG, postBuild(), …), the
 * whole "Build", and the local search plugin's own "用时 N ms".
 */
export function parsePhases(log: string): Record<string, number> {
  const phases: Record<string, number> = {};
  for (const line of stripAnsi(log).split('\n')) {
    const perf = /^\[PERF\](?:\[KO\])? (.+?) - ([\d.]+) (ms|seconds)/.exec(line);
    if (perf) {
      const seconds = Number(perf[2]) / (perf[3] === 'ms' ? 1000 : 1);
      const parts = perf[1].split(' > ');
      if (parts.length === 1 && parts[0] === 'Build') phases.total = seconds;
      if (parts.length === 3 && parts[0] === 'Build') phases[parts[2]] = (phases[parts[2]] ?? 0) + seconds;
    }
    const search = /^\[local-search\] .*用时 (\d+) ms/.exec(line);
    if (search) phases.searchIndex = Number(search[1]) / 1000;
  }
  return phases;
}

// ---------------------------------------------------------------------------------------------
// Building (real runs)

/**
 * Files the build reads besides docs/ (checked: config, sidebars, src, plugins, static, i18n, and
 * scripts/lib/chromium.ts, which the PDF manuals plugin shares with the scripts that start Chromium,
 * and examples/, whose files code blocks include).
 */
const SITE_FILES = ['docusaurus.config.ts', 'src', 'static', 'plugins', 'i18n', 'tsconfig.json', 'package.json', 'scripts/lib/chromium.ts', 'examples'];

export async function prepareSite(factor: number): Promise<{siteDir: string; docs: number}> {
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), `xl-scale-${factor}-`));
  for (const entry of SITE_FILES) {
    fs.cpSync(path.join(repoRoot, entry), path.join(siteDir, entry), {recursive: true});
  }
  shadowNodeModules(siteDir, repoRoot);
  replicateDocs(path.join(repoRoot, 'docs'), path.join(siteDir, 'docs'), factor);
  if (factor === 1) {
    fs.copyFileSync(path.join(repoRoot, 'sidebars.ts'), path.join(siteDir, 'sidebars.ts'));
  } else {
    const base = (await import(path.join(repoRoot, 'sidebars.ts'))).default as SidebarsConfig | {default: SidebarsConfig};
    const sidebars = 'default' in base ? (base.default as SidebarsConfig) : base;
    fs.writeFileSync(
      path.join(siteDir, 'sidebars.ts'),
      `// Generated by scripts/bench-scale.ts: the site's sidebars, repeated for each docs copy.\nexport default ${JSON.stringify(scaleSidebars(sidebars, factor), null, 1)};\n`,
    );
  }
  const docs = (fs.readdirSync(path.join(siteDir, 'docs'), {recursive: true}) as string[]).filter(isDocFile).length;
  return {siteDir, docs};
}

/** Removes everything a previous build left to speed up the next one, inside the temp site only. */
export function clearCaches(siteDir: string) {
  const nodeModules = path.join(siteDir, 'node_modules');
  // Never reach through a symlink into the node_modules other worktrees share.
  if (fs.lstatSync(nodeModules).isSymbolicLink()) throw new Error(`${nodeModules} 是符号链接，拒绝清除缓存`);
  for (const dir of ['.docusaurus', 'build', '.tmp', 'node_modules/.cache']) {
    fs.rmSync(path.join(siteDir, dir), {recursive: true, force: true});
  }
  fs.mkdirSync(path.join(siteDir, '.tmp'));
}

/** Resident set of a process and all its descendants, in KB (0 once it is gone). */
function treeRssKb(pid: number): number {
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const rss = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      total += rss ? Number(rss[1]) : 0;
      for (const task of fs.readdirSync(`/proc/${p}/task`)) {
        const children = fs.readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        if (children) stack.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // The process ended between two reads.
    }
  }
  return total;
}

export async function timedBuild(siteDir: string, logFile: string): Promise<BuildRun & {log: string}> {
  const timeFile = path.join(siteDir, '.tmp', 'time-usage');
  const env = {
    ...process.env,
    DOCUSAURUS_PERF_LOGGER: 'true',
    // The PDF manuals hold the real docs only (not the copies), a constant 20–60 s that would blur the growth.
    PDF_MANUALS: 'off',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    // jiti caches the transpiled config under os.tmpdir(); keep it per site so "cold" is cold.
    TMPDIR: path.join(siteDir, '.tmp'),
  };
  const started = performance.now();
  const child = spawn('/usr/bin/time', ['-f', '%M %U %S', '-o', timeFile, 'npx', 'docusaurus', 'build'], {cwd: siteDir, env});
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  let treePeakKb = 0;
  const sampler = setInterval(() => {
    treePeakKb = Math.max(treePeakKb, treeRssKb(child.pid!));
  }, 200);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  fs.writeFileSync(logFile, log);
  if (status !== 0) throw new Error(`构建失败（日志 ${logFile}）：\n${log.slice(-2000)}`);
  const [peakKb, user, sys] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  return {seconds, cpuSeconds: user + sys, peakMb: peakKb / 1024, treePeakMb: treePeakKb / 1024, phases: parsePhases(log), log};
}

function dirBytes(dir: string): number {
  return (fs.readdirSync(dir, {recursive: true}) as string[]).reduce((sum, f) => {
    const st = fs.statSync(path.join(dir, f));
    return st.isFile() ? sum + st.size : sum;
  }, 0);
}

function buildOutput(siteDir: string, log: string) {
  const outDir = path.join(siteDir, 'build');
  const entries = fs.readdirSync(outDir, {recursive: true}) as string[];
  const pages = entries.filter((e) => path.basename(e) === 'index.html').length;
  const indexFile = fs.readdirSync(outDir).find((f) => /^search-index\..+\.json$/.test(f));
  if (!indexFile) throw new Error('构建结果中没有搜索索引');
  // The whole index: the bundle of every shard and fragment (the entry file only points to them).
  const entry = JSON.parse(fs.readFileSync(path.join(outDir, indexFile), 'utf8')) as {dir: string; bundle: string};
  const index = fs.readFileSync(path.join(outDir, entry.dir, entry.bundle));
  const records = /\[local-search\] \d+ 个页面，(\d+) 条记录/.exec(stripAnsi(log));
  return {
    pages,
    outputBytes: dirBytes(outDir),
    searchIndex: {
      file: indexFile,
      raw: index.length,
      gzip: zlib.gzipSync(index, {level: 9}).length,
      records: records ? Number(records[1]) : null,
    },
  };
}

const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim();

/** Cold then warm build of the site at `factor` × its size, in a temp copy removed afterwards. */
export async function measureScale(factor: number, {keep = false} = {}): Promise<ScaleRun> {
  const logDir = path.join(repoRoot, 'test-results');
  fs.mkdirSync(logDir, {recursive: true});
  const start = loadavg();
  const {siteDir, docs} = await prepareSite(factor);
  console.log(`[${factor}×] 站点副本 ${siteDir}：${docs} 个文档页面；负载 ${start}`);
  try {
    clearCaches(siteDir);
    const cold = await timedBuild(siteDir, path.join(logDir, `bench-scale-${factor}x-cold.log`));
    console.log(`[${factor}×] 冷构建 ${cold.seconds.toFixed(1)} s（CPU ${cold.cpuSeconds.toFixed(1)} s），峰值内存 ${cold.peakMb.toFixed(0)} MB`);
    const output = buildOutput(siteDir, cold.log);
    const warm = await timedBuild(siteDir, path.join(logDir, `bench-scale-${factor}x-warm.log`));
    console.log(`[${factor}×] 热构建 ${warm.seconds.toFixed(1)} s（CPU ${warm.cpuSeconds.toFixed(1)} s），峰值内存 ${warm.peakMb.toFixed(0)} MB`);
    const strip = ({log: _log, ...run}: BuildRun & {log: string}): BuildRun => run;
    return {factor, docs, ...output, cold: strip(cold), warm: strip(warm), loadavg: {start, end: loadavg()}};
  } finally {
    if (keep) console.log(`[${factor}×] 保留站点副本 ${siteDir}`);
    else fs.rmSync(siteDir, {recursive: true, force: true});
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const PHASES: [string, string][] = [
  ['Load site', '加载站点'],
  ['Bundling with rspack', '打包（客户端 + 服务端）'],
  ['SSG', '静态渲染 SSG'],
  ['postBuild()', 'postBuild（含搜索索引）'],
  ['searchIndex', '其中搜索索引'],
  ['Broken links checker', '断链检查'],
];

const mb = (bytes: number) => bytes / MB;
const f1 = (n: number) => n.toFixed(1);
const times = (n: number) => `${n.toFixed(2)} 倍`;

export function printReport(runs: ScaleRun[], g: Growth | null) {
  console.log('\n构建规模基准（只计 npx docusaurus build，不含 npm postbuild 的预压缩与 CSP）');
  console.log('| 规模 | 页面 | 冷构建（CPU） | 热构建（CPU） | 峰值内存（单进程 / 进程树） | 输出 | 搜索索引（原始 / gzip） |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of runs) {
    const peak = Math.max(r.cold.peakMb, r.warm.peakMb);
    const tree = Math.max(r.cold.treePeakMb, r.warm.treePeakMb);
    console.log(
      `| ${r.factor}× | ${r.pages} | ${f1(r.cold.seconds)} s（${f1(r.cold.cpuSeconds)} s） | ${f1(r.warm.seconds)} s（${f1(r.warm.cpuSeconds)} s） | ${peak.toFixed(0)} MB / ${tree.toFixed(0)} MB | ${f1(mb(r.outputBytes))} MB | ${f1(mb(r.searchIndex.raw))} MB / ${f1(mb(r.searchIndex.gzip))} MB |`,
    );
  }
  console.log('\n各阶段用时（冷 / 热，秒）');
  console.log(`| 阶段 | ${runs.map((r) => `${r.factor}×`).join(' | ')} |`);
  console.log(`| --- | ${runs.map(() => '---').join(' | ')} |`);
  for (const [key, label] of PHASES) {
    const cell = (r: ScaleRun) => `${f1(r.cold.phases[key] ?? NaN)} / ${f1(r.warm.phases[key] ?? NaN)}`;
    console.log(`| ${label} | ${runs.map(cell).join(' | ')} |`);
  }
  if (g) {
    console.log(`\n增长（${runs.at(-1)!.factor}× 相对 1×，页面 ${times(g.pages)}；括号内为指数 k，成本 ∝ 页面数^k，1 为线性）`);
    console.log(`  冷构建 ${times(g.cold)}（k = ${g.exponent.cold}），热构建 ${times(g.warm)}（k = ${g.exponent.warm}）`);
    console.log(`  冷构建 CPU 时间 ${times(g.coldCpu)}（k = ${g.exponent.coldCpu}），热构建 CPU 时间 ${times(g.warmCpu)}（k = ${g.exponent.warmCpu}）`);
    console.log(`  峰值内存 ${times(g.peakMemory)}（k = ${g.exponent.peakMemory}），输出 ${times(g.output)}（k = ${g.exponent.output}），搜索索引 ${times(g.searchIndex)}（k = ${g.exponent.searchIndex}）`);
  }
  for (const r of runs) console.log(`  ${r.factor}× 机器负载：开始 ${r.loadavg.start}，结束 ${r.loadavg.end}`);
}

/** Runs the sizes asked for, prints the report and writes test-results/bench-scale.json. */
export async function runScaleBench({factors = [1, 10], keep = false} = {}) {
  const runs: ScaleRun[] = [];
  for (const factor of factors) runs.push(await measureScale(factor, {keep}));
  const small = runs.find((r) => r.factor === 1);
  const large = runs.find((r) => r.factor !== 1);
  const g = small && large ? growth(small, large) : null;
  printReport(runs, g);
  const report = {
    date: new Date().toISOString(),
    machine: {cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 1024 ** 3), node: process.version},
    measured: 'npx docusaurus build (without npm postbuild); seconds = wall clock; cpuSeconds = GNU time %U + %S of the tree; peakMb = GNU time %M of the largest process; treePeakMb = sampled sum over the process tree',
    runs,
    growth: g,
  };
  fs.mkdirSync(path.join(repoRoot, 'test-results'), {recursive: true});
  fs.writeFileSync(path.join(repoRoot, 'test-results/bench-scale.json'), JSON.stringify(report, null, 2));
  return report;
}

function parseArgs(argv: string[]) {
  const value = (flag: string) => (argv.includes(flag) ? Number(argv[argv.indexOf(flag) + 1]) : undefined);
  const factor = value('--factor') ?? 10;
  const only = value('--only');
  if (!Number.isInteger(factor) || factor < 2) throw new Error('--factor 必须是不小于 2 的整数');
  if (only !== undefined && only !== 1 && only !== factor) throw new Error(`--only 只能是 1 或 ${factor}`);
  return {factors: only ? [only] : [1, factor], keep: argv.includes('--keep')};
}

if (require.main === module) {
  Promise.resolve()
    .then(() => runScaleBench(parseArgs(process.argv.slice(2))))
    .catch((e: Error) => {
      console.error(`规模基准失败：${e.message}`);
      process.exit(1);
    });
}
