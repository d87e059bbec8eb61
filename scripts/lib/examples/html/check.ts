// HTML blocks: parsed by parse5 (the HTML parser of the spec, as a browser would), parse errors
// reported; element ids that the page's own scripts look up (getElementById, querySelector('#…'))
// must exist in the HTML that loads them: the html block whose <script src> names the script's
// title, else the page's html blocks. Inline module scripts are handed to the TypeScript check.
import {parse, parseFragment, type DefaultTreeAdapterMap} from 'parse5';
import type {Block, Problem} from '../blocks';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export interface HtmlInfo {
  ids: Set<string>;
  /** `src` of its <script> elements. */
  scriptSrcs: string[];
  /** Inline module scripts: code and the page line of their first line. */
  inlineScripts: {code: string; line: number}[];
}

function walk(node: Node, visit: (el: Element) => void): void {
  if ('tagName' in node) visit(node as Element);
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const c of children) walk(c, visit);
  if ('content' in node && node.content) walk(node.content as Node, visit);
}

export function inspectHtml(block: Block, problems: Problem[]): HtmlInfo {
  const info: HtmlInfo = {ids: new Set(), scriptSrcs: [], inlineScripts: []};
  const whole = /^\s*<!doctype html/i.test(block.code) || /<html[\s>]/i.test(block.code);
  const onParseError = (e: {code: string; startLine: number}) => {
    // A fragment is not a document; the doctype/html-root rules don't apply to it.
    if (!whole && ['missing-doctype'].includes(e.code)) return;
    problems.push({line: block.line + e.startLine, message: `HTML 解析错误：${e.code}`});
  };
  const tree = whole
    ? parse(block.code, {sourceCodeLocationInfo: true, onParseError})
    : parseFragment(block.code, {sourceCodeLocationInfo: true, onParseError});
  walk(tree as Node, (el) => {
    for (const a of el.attrs) if (a.name === 'id') info.ids.add(a.value);
    if (el.tagName !== 'script') return;
    const src = el.attrs.find((a) => a.name === 'src')?.value;
    if (src) { info.scriptSrcs.push(src); return; }
    const type = el.attrs.find((a) => a.name === 'type')?.value ?? '';
    const text = el.childNodes.map((c) => ('value' in c ? (c as {value: string}).value : '')).join('');
    const loc = el.sourceCodeLocation?.startTag;
    if (text.trim() && (type === 'module' || type === '' || type === 'text/javascript') && loc) {
      info.inlineScripts.push({code: text.replace(/^\n/, ''), line: block.line + loc.endLine + (text.startsWith('\n') ? 1 : 0)});
    }
  });
  return info;
}

/** Ids a script looks up: getElementById('x'), querySelector('#x'), querySelectorAll('#x …'). */
export function referencedIds(code: string): {id: string; line: number}[] {
  const out: {id: string; line: number}[] = [];
  code.split('\n').forEach((l, i) => {
    for (const m of l.matchAll(/getElementById\(\s*['"]([\w-]+)['"]\s*\)/g)) out.push({id: m[1], line: i + 1});
    for (const m of l.matchAll(/querySelector(?:All)?\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      for (const id of m[1].matchAll(/#([\w-]+)/g)) out.push({id: id[1], line: i + 1});
    }
  });
  return out;
}

const basename = (p: string) => p.split('/').pop() ?? p;

/** Checks one page's html blocks and the ids its scripts use; returns problems and the inline scripts. */
export function checkHtmlPage(blocks: Block[]): {results: Map<Block, Problem[]>; inlineScripts: {block: Block; code: string; line: number}[]} {
  const results = new Map<Block, Problem[]>();
  const inlineScripts: {block: Block; code: string; line: number}[] = [];
  const htmls = blocks.filter((b) => b.lang === 'html' && !('skip-check' in b.meta));
  const infos = new Map<Block, HtmlInfo>();
  for (const b of htmls) {
    const problems: Problem[] = [];
    results.set(b, problems);
    const info = inspectHtml(b, problems);
    infos.set(b, info);
    for (const s of info.inlineScripts) {
      inlineScripts.push({block: b, ...s});
      for (const r of referencedIds(s.code)) {
        if (!info.ids.has(r.id)) problems.push({line: s.line + r.line - 1, message: `脚本查找的元素 #${r.id} 不在这段 HTML 中`});
      }
    }
  }
  if (htmls.length === 0) return {results, inlineScripts};
  for (const js of blocks.filter((b) => b.lang === 'javascript' && !('skip-check' in b.meta))) {
    const title = js.meta.title ? basename(js.meta.title) : null;
    const loaders = htmls.filter((h) => title && infos.get(h)!.scriptSrcs.some((s) => basename(s) === title));
    const scope = loaders.length ? loaders : htmls.filter((h) => h.meta.title);
    if (scope.length === 0) continue;
    const ids = new Set(scope.flatMap((h) => [...infos.get(h)!.ids]));
    const problems: Problem[] = [];
    for (const r of referencedIds(js.code)) {
      if (!ids.has(r.id)) problems.push({line: js.line + r.line, message: `脚本查找的元素 #${r.id} 不在本页的 HTML（${scope.map((h) => h.meta.title ?? `第 ${h.line} 行`).join('、')}）中`});
    }
    if (problems.length) results.set(js, problems);
  }
  return {results, inlineScripts};
}
