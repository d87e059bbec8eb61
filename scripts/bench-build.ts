/**
 * npm run bench:build — how much longer this site takes to build than a stock Docusaurus site
 * with the same pages (scripts/bench-baseline.ts), measured side by side in one run: both are
 * copied to temporary folders with bundler caches of their own, built once cold (not counted),
 * then warm `--rounds` times each, alternating, so both see the same machine load. Reports the
 * median wall-clock and CPU time of each and the median of the per-round ratios (a round's two
 * builds ran back to back, under about the same load); writes test-results/bench-build.json.
 * On a shared machine the CPU time (user + system of the build's process tree) is the steadier
 * figure: wall-clock time swings with what else is running.
 *
 *   node --import tsx scripts/bench-build.ts [--rounds 3]
 */
import fs from 'node:fs';
import path from 'node:path';
import {writeBaselineSite} from './bench-baseline';
import {clearCaches, prepareSite, timedBuild, type BuildRun} from './bench-scale';
import {percentile} from './search-eval';

const repoRoot = path.resolve(__dirname, '..');

export interface BuildRatio {
  rounds: number;
  ours: {seconds: number; cpuSeconds: number; searchIndexSeconds: number; runs: BuildRun[]};
  stock: {seconds: number; cpuSeconds: number; runs: BuildRun[]};
  /** ours ÷ stock: the median of the rounds' ratios */
  ratio: {seconds: number; cpuSeconds: number};
  loadavg: {start: string; end: string};
}

const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim();
const median = (xs: number[]) => percentile(xs, 50);

export async function runBuildRatio({rounds = 3} = {}): Promise<BuildRatio> {
  const logDir = path.join(repoRoot, 'test-results');
  fs.mkdirSync(logDir, {recursive: true});
  const start = loadavg();
  const ours = (await prepareSite(1)).siteDir;
  const stock = writeBaselineSite();
  const sites = {ours, stock};
  const runs: {ours: BuildRun[]; stock: BuildRun[]} = {ours: [], stock: []};
  try {
    for (const [name, dir] of Object.entries(sites)) {
      clearCaches(dir);
      const cold = await timedBuild(dir, path.join(logDir, `bench-build-${name}-cold.log`));
      console.log(`${name === 'ours' ? '本站' : '未修改的 Docusaurus'}：冷构建 ${cold.seconds.toFixed(1)} s（不计入）`);
    }
    for (let round = 1; round <= rounds; round++) {
      for (const name of ['ours', 'stock'] as const) {
        const {log: _log, ...run} = await timedBuild(sites[name], path.join(logDir, `bench-build-${name}-${round}.log`));
        runs[name].push(run);
        console.log(`第 ${round} 轮 ${name === 'ours' ? '本站' : '未修改的 Docusaurus'}：${run.seconds.toFixed(1)} s（CPU ${run.cpuSeconds.toFixed(1)} s）`);
      }
    }
  } finally {
    fs.rmSync(ours, {recursive: true, force: true});
    fs.rmSync(stock, {recursive: true, force: true});
  }
  const summary = (list: BuildRun[]) => ({seconds: median(list.map((r) => r.seconds)), cpuSeconds: median(list.map((r) => r.cpuSeconds)), runs: list});
  const o = {...summary(runs.ours), searchIndexSeconds: median(runs.ours.map((r) => r.phases.searchIndex ?? NaN))};
  const s = summary(runs.stock);
  return {
    rounds,
    ours: o,
    stock: s,
    ratio: {
      seconds: median(runs.ours.map((r, i) => r.seconds / runs.stock[i].seconds)),
      cpuSeconds: median(runs.ours.map((r, i) => r.cpuSeconds / runs.stock[i].cpuSeconds)),
    },
    loadavg: {start, end: loadavg()},
  };
}

export function printBuildRatio(r: BuildRatio): void {
  console.log(`\n构建时间对比（热构建，各 ${r.rounds} 次交替进行，取中位数；只计 npx docusaurus build）`);
  console.log(`  本站：${r.ours.seconds.toFixed(1)} s（CPU ${r.ours.cpuSeconds.toFixed(1)} s，其中搜索索引 ${r.ours.searchIndexSeconds.toFixed(1)} s）`);
  console.log(`  同样页面的未修改 Docusaurus 站点：${r.stock.seconds.toFixed(1)} s（CPU ${r.stock.cpuSeconds.toFixed(1)} s）`);
  console.log(`  比值（各轮比值的中位数）：墙钟 ${r.ratio.seconds.toFixed(2)} 倍，CPU ${r.ratio.cpuSeconds.toFixed(2)} 倍（机器负载：开始 ${r.loadavg.start}，结束 ${r.loadavg.end}）`);
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  const rounds = argv.includes('--rounds') ? Number(argv[argv.indexOf('--rounds') + 1]) : 3;
  runBuildRatio({rounds})
    .then((r) => {
      printBuildRatio(r);
      fs.writeFileSync(path.join(repoRoot, 'test-results/bench-build.json'), JSON.stringify(r, null, 2));
    })
    .catch((e: Error) => {
      console.error(`构建时间基准失败：${e.message}`);
      process.exit(1);
    });
}
