/**
 * Turns one built HTML page into DocSearch-shaped records (Node only, at build time): one record
 * per heading (lvl1 = page title, lvl2/lvl3 = h2/h3 with their anchors) and one content record per
 * paragraph, list item and table row under them. lvl0 is the product area in Chinese
 * (src/search/productAreas.ts), so the modal groups hits by product.
 *
 * The page is parsed with parse5 (the HTML standard's tree building: the minified HTML omits end tags
 * such as </thead>) and walked once by hand; querying it with CSS selectors (cheerio) made this step
 * about five times slower, most of the search indexer's share of the build.
 */
import {parse} from 'parse5';
import type {DefaultTreeAdapterMap} from 'parse5';
import {recordLevel} from './compact';
import {productArea} from './productAreas';
import type {Hierarchy, SearchRecord} from './types';

export {productArea};

type Node = DefaultTreeAdapterMap['node'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];
type Element = DefaultTreeAdapterMap['element'];

/** Content records are capped so one huge table cell cannot dominate the index. */
const MAX_CONTENT = 360;
/**
 * Short neighbours in one section (list items, table rows, one-line paragraphs) share a record up
 * to this length: the median element is ~45 characters, and fewer, fuller records make the
 * browser-side index load about twice as fast with the same recall.
 */
const MERGE_UP_TO = 180;

const clean = (s: string): string => s.replace(/\u200b/g, '').replace(/\s+/g, ' ').trim();

const isElement = (node: Node): node is Element => 'tagName' in node;
const childrenOf = (node: Node): Node[] => ('childNodes' in node ? (node as ParentNode).childNodes : []);
const attr = (el: Element, name: string): string | undefined => el.attrs.find((a) => a.name === name)?.value;
const hasClass = (el: Element, name: string): boolean => (attr(el, 'class') ?? '').split(/\s+/).includes(name);

/** Navigation chrome and code never become records: the TOC inside content, code blocks, table headers, tab labels. */
const isSkipped = (el: Element): boolean =>
  el.tagName === 'pre' || el.tagName === 'nav' || el.tagName === 'thead' || hasClass(el, 'theme-code-block') || hasClass(el, 'tabs');

/** Elements a list item's own text leaves out: nested lists (records of their own) and code. */
const notOwnText = (el: Element): boolean =>
  el.tagName === 'ul' || el.tagName === 'ol' || el.tagName === 'pre' || hasClass(el, 'theme-code-block');

/** All text below a node, as the DOM's textContent (comments left out). */
function textOf(node: Node, exclude?: (el: Element) => boolean): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  let text = '';
  for (const child of childrenOf(node)) {
    if (exclude && isElement(child) && exclude(child)) continue;
    text += textOf(child, exclude);
  }
  return text;
}

/** The first element in document order (node included) that matches. */
function find(node: Node, match: (el: Element) => boolean): Element | null {
  if (isElement(node) && match(node)) return node;
  for (const child of childrenOf(node)) {
    const found = find(child, match);
    if (found) return found;
  }
  return null;
}

function findAll(node: Node, match: (el: Element) => boolean, out: Element[] = []): Element[] {
  for (const child of childrenOf(node)) {
    if (!isElement(child)) continue;
    if (match(child)) out.push(child);
    findAll(child, match, out);
  }
  return out;
}

function hasAncestor(el: Element, match: (a: Element) => boolean): boolean {
  for (let p: Node | null = el.parentNode; p; p = 'parentNode' in p ? p.parentNode : null) {
    if (isElement(p) && match(p)) return true;
  }
  return false;
}

function metaContent(doc: Node, name: string): string | undefined {
  const meta = find(doc, (el) => el.tagName === 'meta' && attr(el, 'name') === name);
  return meta ? attr(meta, 'content') : undefined;
}

/** The Markdown body: `article .theme-doc-markdown` on doc pages, `main .markdown` on Markdown pages. */
function contentRoot(doc: Node): Element | null {
  return (
    find(doc, (el) => hasClass(el, 'theme-doc-markdown') && hasAncestor(el, (a) => a.tagName === 'article')) ??
    find(doc, (el) => hasClass(el, 'markdown') && hasAncestor(el, (a) => a.tagName === 'main'))
  );
}

/** h2, h3, p, li and tr under the root in document order, with what a record needs of each. */
interface Block {
  tag: 'h2' | 'h3' | 'p' | 'li' | 'tr';
  id?: string;
  text: string;
}

function blocks(root: Element): Block[] {
  const out: Block[] = [];
  // Inside a skipped element (or an li, for paragraphs), wherever the root sits in the page.
  const visit = (node: Node, skipped: boolean, inLi: boolean) => {
    for (const child of childrenOf(node)) {
      if (!isElement(child)) continue;
      const skip = skipped || isSkipped(child);
      const tag = child.tagName;
      if (!skip) {
        if (tag === 'h2' || tag === 'h3') {
          out.push({tag, id: attr(child, 'id'), text: clean(textOf(child))});
        } else if (tag === 'p' && !inLi) {
          out.push({tag, text: clean(textOf(child))});
        } else if (tag === 'li') {
          out.push({tag, text: clean(textOf(child, notOwnText))});
        } else if (tag === 'tr') {
          const cells = findAll(child, (el) => el.tagName === 'td').map((td) => clean(textOf(td)));
          out.push({tag, text: cells.filter(Boolean).join(' · ')});
        }
      }
      visit(child, skip, inLi || tag === 'li');
    }
  };
  const skippedAbove = isSkipped(root) || hasAncestor(root, isSkipped);
  visit(root, skippedAbove, root.tagName === 'li' || hasAncestor(root, (a) => a.tagName === 'li'));
  return out;
}

export interface PageInput {
  html: string;
  /** Route path, e.g. /docs/neptune/user/introduction */
  pathname: string;
  siteUrl: string;
}

/**
 * The parts of a page the records come from. A doc page's text is all inside its <article>, and
 * the page around it (navbar, sidebar with every page of the site, footer) is most of the HTML:
 * only the head's <title> and docsearch meta tags and the article are parsed. Inside the article,
 * code blocks (never records, and most of its bytes) are emptied and inline data: URIs cut before
 * parsing; the records are the same, the parser reads a third as much.
 */
function pageParts(html: string): {head: string; article: string} | null {
  const start = html.indexOf('<article');
  const end = html.lastIndexOf('</article>');
  const headEnd = html.indexOf('</head>');
  if (start < 0 || end < start || headEnd < 0 || headEnd > start) return null;
  const head = html.slice(0, headEnd).match(/<title[^>]*>[^<]*<\/title>|<meta[^>]*docsearch:[^>]*>/g) ?? [];
  const article = html
    .slice(start, end + '</article>'.length)
    .replace(/(<pre\b[^>]*>)[\s\S]*?<\/pre>/g, '$1</pre>')
    .replace(/(["=])data:[^"\s>]*/g, '$1data:');
  return {head: head.join(''), article};
}

function parsePage(html: string): {head: Node; body: Node} {
  const parts = pageParts(html);
  if (!parts) {
    const doc = parse(html);
    return {head: doc, body: doc};
  }
  return {head: parse(`<head>${parts.head}</head>`), body: parse(parts.article)};
}

/**
 * What a page's records depend on besides its path (the parts above, or the whole page where it
 * has no article). The build cache keys a page by it, so a rebuild in which only the asset names
 * of the page changed reuses the page's records.
 */
export function recordSource(html: string): string {
  const parts = pageParts(html);
  return parts ? `${parts.head}${parts.article}` : html;
}

export function extractRecords({html, pathname, siteUrl}: PageInput, idPrefix: string): SearchRecord[] {
  const {head, body} = parsePage(html);
  const language = metaContent(head, 'docsearch:language') ?? 'zh-Hans';
  const tag = metaContent(head, 'docsearch:docusaurus_tag') ?? 'default';
  const root = contentRoot(body);
  if (!root) return [];

  const h1 = find(root, (el) => el.tagName === 'h1');
  const titleElement = find(head, (el) => el.tagName === 'title');
  const title = (h1 && clean(textOf(h1))) || clean((titleElement ? textOf(titleElement) : '').split('|')[0]);
  const pageUrl = siteUrl.replace(/\/$/, '') + pathname;
  const hierarchy: Hierarchy = {
    lvl0: productArea(pathname),
    lvl1: title,
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  const records: SearchRecord[] = [];
  let anchor: string | null = null;
  const push = (type: SearchRecord['type'], content: string | null) => {
    records.push({
      objectID: `${idPrefix}-${records.length}`,
      url: anchor ? `${pageUrl}#${anchor}` : pageUrl,
      url_without_anchor: pageUrl,
      anchor,
      type,
      hierarchy: {...hierarchy},
      content,
      language,
      docusaurus_tag: tag,
      weight: {pageRank: 0, level: recordLevel(type), position: records.length},
    });
  };
  push('lvl1', null);

  for (const block of blocks(root)) {
    const {text} = block;
    if (block.tag === 'h2' || block.tag === 'h3') {
      if (!text) continue;
      anchor = block.id ?? anchor;
      if (block.tag === 'h2') {
        hierarchy.lvl2 = text;
        hierarchy.lvl3 = null;
      } else {
        hierarchy.lvl3 = text;
      }
      push(block.tag === 'h2' ? 'lvl2' : 'lvl3', null);
      continue;
    }
    if (text.length < 2) continue;
    const last = records[records.length - 1];
    if (last.type === 'content' && last.content && last.content.length + text.length < MERGE_UP_TO) {
      last.content = `${last.content} ${text}`;
      continue;
    }
    push('content', text.length > MAX_CONTENT ? `${text.slice(0, MAX_CONTENT)}…` : text);
  }
  return records;
}
