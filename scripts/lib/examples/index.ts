// The example checker: every fenced block of docs/ checked by the real tool of its language
// (scripts/check-examples.ts prints the report; test/unit/examples.test.ts proves each check fails
// on a broken block). A block can opt out only with a reason: skip-check="…" in its meta.
import fs from 'node:fs';
import path from 'node:path';
import {allBlocks, blocksOf, docPages, type Block, type Problem} from './blocks';
import {checkC} from './c/check';
import {checkData} from './data/check';
import {OpenApiExamples} from './data/openapi';
import {checkGo} from './go/check';
import {checkHtmlPage} from './html/check';
import {runScenario} from './node/scenarios';
import {checkPython} from './python/check';
import {checkShell} from './shell/check';
import {checkTs, isAppManifest} from './ts/check';

/** Languages with a checker; `text` blocks are prose-like output and not counted. */
export const CHECKED_LANGUAGES = ['go', 'c', 'cpp', 'typescript', 'javascript', 'json', 'toml', 'ini', 'properties', 'yaml', 'bash', 'shell-session', 'html', 'python'] as const;
export const UNCHECKED_LANGUAGES = ['text'];

export interface BlockResult {
  block: Block;
  problems: Problem[];
}

export interface Report {
  results: BlockResult[];
  /** Blocks with skip-check="reason". */
  optOuts: {block: Block; reason: string}[];
  /** Blocks of languages that are not code (text). */
  unchecked: number;
}

export interface Options {
  root: string;
  /** Pages relative to root (default: every page under docs/). */
  pages?: string[];
  /** Blocks to check instead of reading pages (unit tests). */
  blocks?: Block[];
  /** Page sources for `blocks` (OpenAPI and HTML checks need the whole page). */
  sources?: Map<string, string>;
  cacheDir?: string;
}

function merge(into: Map<Block, Problem[]>, from: Map<Block, Problem[]>): void {
  for (const [b, ps] of from) into.set(b, [...(into.get(b) ?? []), ...ps]);
}

export async function checkExamples(opts: Options): Promise<Report> {
  const {root} = opts;
  const cacheDir = opts.cacheDir ?? path.join(root, '.cache', 'examples');
  fs.mkdirSync(cacheDir, {recursive: true});
  const pages = opts.pages ?? docPages(root);
  const sources = opts.sources ?? new Map(pages.map((p) => [p, fs.readFileSync(path.join(root, p), 'utf8')]));
  const blocks = opts.blocks ?? allBlocks(root, pages);

  const optOuts: Report['optOuts'] = [];
  const problems = new Map<Block, Problem[]>();
  const active: Block[] = [];
  let unchecked = 0;
  for (const b of blocks) {
    if (UNCHECKED_LANGUAGES.includes(b.lang)) { unchecked++; continue; }
    if ('skip-check' in b.meta) {
      if (b.meta['skip-check'].trim()) optOuts.push({block: b, reason: b.meta['skip-check'].trim()});
      else problems.set(b, [{message: 'skip-check 必须写明不检查的原因，例如 skip-check="PowerShell 会话"'}]);
      continue;
    }
    problems.set(b, []);
    if (!(CHECKED_LANGUAGES as readonly string[]).includes(b.lang)) {
      problems.get(b)!.push({message: `没有「${b.lang}」语言的检查器；可用的语言见 CONTRIBUTING.md`});
      continue;
    }
    active.push(b);
  }
  const of = (...langs: string[]) => active.filter((b) => langs.includes(b.lang));

  // Per page: OpenAPI examples and HTML (ids used by scripts, inline scripts for the TS check).
  const openapi = new OpenApiExamples(root);
  const inlineScripts: {block: Block; code: string; line: number}[] = [];
  const byPage = new Map<string, Block[]>();
  for (const b of active) byPage.set(b.page, [...(byPage.get(b.page) ?? []), b]);
  for (const [page, pageBlocks] of byPage) {
    const src = sources.get(page) ?? '';
    merge(problems, openapi.check(page, src, pageBlocks));
    const html = checkHtmlPage(pageBlocks);
    merge(problems, html.results);
    inlineScripts.push(...html.inlineScripts);
  }

  const [go, c, ts, shell, python] = await Promise.all([
    checkGo(of('go'), cacheDir, root),
    checkC(of('c', 'cpp'), root),
    checkTs([...of('typescript', 'javascript'), ...of('json').filter(isAppManifest)], inlineScripts, cacheDir, root),
    checkShell(of('bash', 'shell-session')),
    checkPython(of('python')),
  ]);
  for (const m of [go, c, ts, shell, python, checkData(of('json', 'toml', 'ini', 'properties', 'yaml'), root)]) merge(problems, m);
  // Node examples with documented behaviour run against a mock server once they type-check.
  for (const b of of('javascript').filter((x) => x.meta.run !== undefined && problems.get(x)!.length === 0)) {
    problems.get(b)!.push(...await runScenario(b, cacheDir));
  }

  const results = blocks.filter((b) => problems.has(b)).map((b) => ({block: b, problems: dedupe(problems.get(b)!)}));
  return {results, optOuts, unchecked};
}

function dedupe(ps: Problem[]): Problem[] {
  const seen = new Set<string>();
  return ps.filter((p) => {
    const k = `${p.line}:${p.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The report as printed: one line per problem (page:line [language] message), opt-outs, then the summary. */
export function formatReport(report: Report): string[] {
  const lines: string[] = [];
  const failed = report.results.filter((r) => r.problems.length);
  for (const {block, problems} of failed) {
    for (const p of problems) lines.push(`${block.page}:${p.line ?? block.line} [${block.lang}] ${p.message}`);
  }
  const byLang = new Map<string, number>();
  for (const r of report.results) byLang.set(r.block.lang, (byLang.get(r.block.lang) ?? 0) + 1);
  lines.push(`按语言：${[...byLang].sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l} ${n}`).join('，')}；不检查的 text 代码块 ${report.unchecked} 个`);
  if (report.optOuts.length) {
    lines.push(`明确不检查（skip-check）：${report.optOuts.length} 个`);
    for (const {block, reason} of report.optOuts) lines.push(`  ${block.page}:${block.line} [${block.lang}] ${reason}`);
  }
  lines.push(`examples: ${report.results.length} checked, ${failed.length} failed`);
  return lines;
}

export {blocksOf};
