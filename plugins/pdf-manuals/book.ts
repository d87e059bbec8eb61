import fs from 'node:fs/promises';
import path from 'node:path';
import {load, type CheerioAPI} from 'cheerio';
import {manualTitle, VENDOR} from '../../src/manuals/products';
import type {ManualPlan, TocNode} from '../../src/manuals/readingOrder';
import {escapeHtml} from '../../src/search/highlight';

/** What the book needs to know about each doc of the site. */
export interface BookDoc {
  title: string;
  permalink: string;
}

/** An entry of the PDF outline and of the 目录: a chapter, a section or a page, with its anchor. */
export interface BookEntry {
  title: string;
  anchor: string;
  level: number;
  children: BookEntry[];
}

export interface Book {
  /** The chapters and pages, each page starting on a new sheet (print media, A4). */
  bodyHtml: string;
  /** Chapters, sections and pages in reading order (anchors are ids in bodyHtml). */
  entries: BookEntry[];
  /** Stylesheets of the site the body uses (root-relative URLs). */
  stylesheets: string[];
}

export interface BookOptions {
  plan: ManualPlan;
  docs: Map<string, BookDoc>;
  outDir: string;
  siteUrl: string;
}

/** Links of the 目录 point here; plugins/pdf-manuals/finish.ts turns them into links inside the PDF. */
export const TOC_LINK_PREFIX = 'https://xl-manual-toc.invalid/';

/** A CSS string literal (for `content:` in the running header). */
const cssString = (text: string) => `"${text.replace(/["\\]/g, (c) => `\\${c}`).replace(/\n/g, ' ')}"`;

/** The built HTML file of a page (Docusaurus writes /x as x/index.html). */
export const builtHtmlFile = (outDir: string, permalink: string): string =>
  path.join(outDir, decodeURIComponent(permalink).replace(/\/$/, ''), 'index.html');

const normalizePath = (pathname: string) => {
  const decoded = decodeURIComponent(pathname).replace(/\/index\.html$/, '').replace(/\.html$/, '');
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
};

/** The article of a built doc page, cleaned for paper: no buttons, heading anchors or lazy images. */
function articleOf($: CheerioAPI) {
  const root = $('article .theme-doc-markdown').first();
  root.find('button, .hash-link, [class*="buttonGroup"]').remove();
  root.find('img').removeAttr('loading');
  root.find('details').attr('open', '');
  return root;
}

/** The anchor of each page of a manual (p1, p2, … in reading order). */
const pageAnchors = (plan: ManualPlan) => new Map(plan.pages.map((id, i) => [id, `p${i + 1}`]));

/** The chapters (c1, …), sections (s1, …) and pages of a manual: its outline and 目录. */
export function bookEntries(plan: ManualPlan): BookEntry[] {
  const pageAnchor = pageAnchors(plan);
  let sections = 0;
  const toEntries = (nodes: TocNode[], level: number): BookEntry[] =>
    nodes.map((node) => {
      if (node.docId) return {title: node.title, anchor: pageAnchor.get(node.docId)!, level, children: []};
      return {title: node.title, anchor: `s${++sections}`, level, children: toEntries(node.children, level + 1)};
    });
  return plan.chapters.map((chapter, i) => {
    const title = `第 ${i + 1} 章　${chapter.title}`;
    const anchor = `c${i + 1}`;
    return chapter.docId
      ? {title, anchor, level: 0, children: []}
      : {title, anchor, level: 0, children: toEntries(chapter.children, 1)};
  });
}

/**
 * The printable book of one manual, from the built HTML pages: each page's article (the print
 * stylesheet of the site applies, as when a reader prints a page), chapters as named pages so the
 * running header can show the chapter title, ids prefixed per page so they stay unique, links to
 * pages of the same manual made internal and every other link absolute.
 */
export async function buildBook({plan, docs, outDir, siteUrl}: BookOptions): Promise<Book> {
  const pageAnchor = pageAnchors(plan);
  const docByPath = new Map<string, string>();
  for (const [id, doc] of docs) docByPath.set(normalizePath(doc.permalink), id);

  const loaded = new Map<string, CheerioAPI>();
  const idsOfPage = new Map<string, Set<string>>();
  const stylesheets = new Set<string>();
  for (const id of plan.pages) {
    const $ = load(await fs.readFile(builtHtmlFile(outDir, docs.get(id)!.permalink), 'utf8'));
    $('link[rel="stylesheet"]').each((_, el) => void stylesheets.add($(el).attr('href')!));
    const ids = new Set<string>();
    articleOf($).find('[id]').each((_, el) => void ids.add($(el).attr('id')!));
    loaded.set(id, $);
    idsOfPage.set(id, ids);
  }

  const rewriteHref = (href: string, currentDoc: string): string => {
    if (href.startsWith('#')) {
      const hash = decodeURIComponent(href.slice(1));
      const anchor = pageAnchor.get(currentDoc)!;
      return idsOfPage.get(currentDoc)!.has(hash) ? `#${anchor}-${hash}` : `#${anchor}`;
    }
    if (!href.startsWith('/') || href.startsWith('//')) return href;
    const url = new URL(href, siteUrl);
    const target = docByPath.get(normalizePath(url.pathname));
    const anchor = target && pageAnchor.get(target);
    if (!anchor) return `${siteUrl}${url.pathname}${url.search}${url.hash}`;
    const hash = decodeURIComponent(url.hash.slice(1));
    return hash && idsOfPage.get(target)!.has(hash) ? `#${anchor}-${hash}` : `#${anchor}`;
  };

  const pageHtml = (id: string, newSheet: boolean, chapterPage = false): string => {
    const $ = loaded.get(id)!;
    const anchor = pageAnchor.get(id)!;
    const root = articleOf($);
    root.find('[id]').each((_, el) => void $(el).attr('id', `${anchor}-${$(el).attr('id')}`));
    root.find('a[href]').each((_, el) => void $(el).attr('href', rewriteHref($(el).attr('href')!, id)));
    const classes = ['xl-page', newSheet && 'xl-new-sheet', chapterPage && 'xl-chapter-page'].filter(Boolean).join(' ');
    return `<section class="${classes}" id="${anchor}">${$.html(root)}</section>`;
  };

  const pageRules: string[] = [];
  const entries = bookEntries(plan);

  const body: string[] = [];
  plan.chapters.forEach((chapter, i) => {
    const entry = entries[i];
    pageRules.push(`@page ${entry.anchor} { @top-right { content: ${cssString(entry.title)}; } }`);
    const parts: string[] = [`<h1 class="xl-chapter-title" id="${entry.anchor}">${escapeHtml(entry.title)}</h1>`];
    if (chapter.docId) {
      parts.push(pageHtml(chapter.docId, false, true));
    } else {
      let first = true;
      const emit = (nodes: TocNode[], entryNodes: BookEntry[]) => {
        nodes.forEach((node, k) => {
          const e = entryNodes[k];
          if (node.docId) {
            parts.push(pageHtml(node.docId, !first));
            first = false;
          } else {
            parts.push(`<h2 class="xl-section-title${first ? '' : ' xl-new-sheet'}" id="${e.anchor}">${escapeHtml(e.title)}</h2>`);
            first = true;
            emit(node.children, e.children);
          }
        });
      };
      emit(chapter.children, entry.children);
    }
    body.push(`<div class="xl-chapter" style="page: ${entry.anchor}">${parts.join('\n')}</div>`);
  });

  // Chromium writes a named destination only for an element that some link of the document
  // targets; these links (never shown) make every chapter, section and page one.
  const allAnchors = (list: BookEntry[]): string[] => list.flatMap((e) => [e.anchor, ...allAnchors(e.children)]);
  const targets = allAnchors(entries).map((a) => `<a href="#${a}"></a>`).join('');

  const title = manualTitle(plan.product);
  const bodyHtml = `<!doctype html>
<html lang="zh-Hans" data-theme="light"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
${[...stylesheets].map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')}
<link rel="stylesheet" href="/__xl-manual/book.css">
<style>
@page { @top-left { content: ${cssString(title)}; } }
${pageRules.join('\n')}
</style></head>
<body class="xl-book"><nav class="xl-targets" aria-hidden="true">${targets}</nav>
${body.join('\n')}
</body></html>`;
  return {bodyHtml, entries, stylesheets: [...stylesheets]};
}

export interface FrontMatterOptions {
  plan: ManualPlan;
  entries: BookEntry[];
  /** Body page number of each anchor. */
  pageOf: (anchor: string) => number;
  siteUrl: string;
  buildDate: string;
  stylesheets: string[];
}

/** The cover and the 目录 (numbered in roman, the body starts at page 1). */
export function frontMatterHtml({plan, entries, pageOf, siteUrl, buildDate, stylesheets}: FrontMatterOptions): string {
  const {product} = plan;
  const title = manualTitle(product);
  const rows = (list: BookEntry[]): string =>
    list
      .map(
        (e) =>
          `<li class="xl-toc-level-${e.level}"><a href="${TOC_LINK_PREFIX}${e.anchor}"><span class="xl-toc-title">${escapeHtml(e.title)}</span><span class="xl-toc-dots"></span><span class="xl-toc-page">${pageOf(e.anchor)}</span></a>${
            e.children.length ? `<ol>${rows(e.children)}</ol>` : ''
          }</li>`,
      )
      .join('');
  return `<!doctype html>
<html lang="zh-Hans" data-theme="light"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
${stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n')}
<link rel="stylesheet" href="/__xl-manual/book.css">
</head>
<body class="xl-book xl-front">
<section class="xl-cover">
  <p class="xl-cover-site"><img src="/img/logo.svg" alt="" width="40" height="40">星联文档中心</p>
  <h1 class="xl-cover-title">${escapeHtml(product.name)}<br>用户手册</h1>
  <p class="xl-cover-contents">${escapeHtml(product.contents)}</p>
  <dl class="xl-cover-facts">
    <dt>适用版本</dt><dd>${escapeHtml(product.version)}</dd>
    <dt>构建日期</dt><dd>${escapeHtml(buildDate)}</dd>
    <dt>页面数</dt><dd>${plan.pages.length} 个文档页面</dd>
  </dl>
  <p class="xl-cover-vendor">${VENDOR}</p>
  <p class="xl-cover-note">本手册由星联文档中心 ${escapeHtml(siteUrl)} 的在线文档生成，内容与构建日期的在线版本一致；指向其他产品文档的链接以网址形式给出。</p>
</section>
<nav class="xl-toc"><h1>目录</h1><ol>${rows(entries)}</ol></nav>
</body></html>`;
}
