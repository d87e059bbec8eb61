/**
 * Turns one built HTML page into DocSearch-shaped records (Node only, at build time): one record
 * per heading (lvl1 = page title, lvl2/lvl3 = h2/h3 with their anchors) and one content record per
 * paragraph, list item and table row under them. lvl0 is the product area in Chinese, so the modal
 * groups hits by product.
 */
import {load, type CheerioAPI} from 'cheerio';
import type {Element} from 'domhandler';
import {recordLevel} from './compact';
import type {Hierarchy, SearchRecord} from './types';

/** Product area per first path segment under /docs/. */
export const PRODUCT_AREAS: Record<string, string> = {
  neptune: 'Neptune 工业云平台',
  triton: 'Triton 设备端连接器',
  apps: '应用',
  janus: 'Janus 边缘计算系统软件',
  'open-platform': '开放平台',
  lowcode: '低代码 HMI 组态软件',
  automation: '低代码流程图控制软件',
};

export function productArea(pathname: string): string {
  const segment = pathname.replace(/^\/docs\//, '').split('/')[0];
  return pathname.startsWith('/docs/') ? (PRODUCT_AREAS[segment] ?? '文档') : '使用帮助';
}

/** Content records are capped so one huge table cell cannot dominate the index. */
const MAX_CONTENT = 360;
/**
 * Short neighbours in one section (list items, table rows, one-line paragraphs) share a record up
 * to this length: the median element is ~45 characters, and fewer, fuller records make the
 * browser-side index load about twice as fast with the same recall.
 */
const MERGE_UP_TO = 180;

const clean = (s: string): string => s.replace(/\u200b/g, '').replace(/\s+/g, ' ').trim();

function ownText($: CheerioAPI, el: Element): string {
  // A list item's own text, without nested lists (they become records of their own).
  const clone = $(el).clone();
  clone.find('ul, ol, pre, .theme-code-block').remove();
  return clean(clone.text());
}

export interface PageInput {
  html: string;
  /** Route path, e.g. /docs/neptune/user/introduction */
  pathname: string;
  siteUrl: string;
}

export function extractRecords({html, pathname, siteUrl}: PageInput, idPrefix: string): SearchRecord[] {
  const $ = load(html);
  const language = $('meta[name="docsearch:language"]').attr('content') ?? 'zh-Hans';
  const tag = $('meta[name="docsearch:docusaurus_tag"]').attr('content') ?? 'default';
  const root = $('article .theme-doc-markdown').first().length
    ? $('article .theme-doc-markdown').first()
    : $('main .markdown').first();
  if (!root.length) return [];

  const title = clean(root.find('h1').first().text()) || clean($('title').text().split('|')[0]);
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

  root.find('h2, h3, p, li, tr').each((_, el) => {
    const node = $(el);
    // Skip navigation chrome and code: the TOC inside content, code blocks, table headers.
    if (node.closest('pre, .theme-code-block, nav, thead, .tabs').length) return;
    const tagName = el.tagName.toLowerCase();
    if (tagName === 'h2' || tagName === 'h3') {
      const text = clean(node.text());
      if (!text) return;
      anchor = node.attr('id') ?? anchor;
      if (tagName === 'h2') {
        hierarchy.lvl2 = text;
        hierarchy.lvl3 = null;
      } else {
        hierarchy.lvl3 = text;
      }
      push(tagName === 'h2' ? 'lvl2' : 'lvl3', null);
      return;
    }
    if (tagName === 'p' && node.closest('li').length) return; // the li carries it
    let text: string;
    if (tagName === 'tr') {
      text = node
        .find('td')
        .map((__, td) => clean($(td).text()))
        .get()
        .filter(Boolean)
        .join(' · ');
    } else if (tagName === 'li') {
      text = ownText($, el);
    } else {
      text = clean(node.text());
    }
    if (text.length < 2) return;
    const last = records[records.length - 1];
    if (last.type === 'content' && last.content && last.content.length + text.length < MERGE_UP_TO) {
      last.content = `${last.content} ${text}`;
      return;
    }
    push('content', text.length > MAX_CONTENT ? `${text.slice(0, MAX_CONTENT)}…` : text);
  });
  return records;
}
