import path from 'node:path';
import {manualOfDoc, manualProducts, type ManualProduct} from './products';

/** A doc as the manuals need it (from the docs plugin's metadata and the Markdown source). */
export interface ManualDoc {
  id: string;
  title: string;
  description: string;
  permalink: string;
  /** Doc ids this page links to, in the order the links appear. */
  links: string[];
}

/** The subset of Docusaurus' normalized sidebar items the manuals read. */
export type SidebarItem =
  | {type: 'doc'; id: string; label?: string}
  | {type: 'category'; label: string; items: SidebarItem[]}
  | {type: string};

/** A chapter, a section (sidebar category) or a page of a manual. */
export interface TocNode {
  title: string;
  /** Set for a page. */
  docId?: string;
  children: TocNode[];
}

export interface ManualPlan {
  product: ManualProduct;
  /** Top-level entries, each a chapter (a single page may be a chapter of its own). */
  chapters: TocNode[];
  /** Every page of the manual in reading order. */
  pages: string[];
}

/** Pages of a tree in reading order. */
export function pagesOf(nodes: TocNode[]): string[] {
  return nodes.flatMap((n) => [...(n.docId ? [n.docId] : []), ...pagesOf(n.children)]);
}

/** The sidebar subtree restricted to docs that pass `keep`; empty categories disappear. */
function restrict(item: SidebarItem, keep: (id: string) => boolean, docs: Map<string, ManualDoc>): TocNode[] {
  if (item.type === 'doc' && 'id' in item) {
    const doc = docs.get(item.id);
    return doc && keep(item.id) ? [{title: doc.title, docId: item.id, children: []}] : [];
  }
  if (item.type === 'category' && 'items' in item) {
    const children = item.items.flatMap((child) => restrict(child, keep, docs));
    return children.length ? [{title: item.label, children}] : [];
  }
  return [];
}

/**
 * Pages in no sidebar go where their reading path puts them: right after the first page of the
 * manual that links to them (in link order, depth first), in that page's chapter; a chapter that
 * was a single page becomes that page and the pages it leads to. A page no page of the manual
 * links to ends up in a last chapter of its own, so no page is ever left out.
 */
function placeUnlisted(chapters: TocNode[], unlisted: Set<string>, docs: Map<string, ManualDoc>): TocNode[] {
  const page = (id: string): TocNode => ({title: docs.get(id)!.title, docId: id, children: []});
  const visit = (list: TocNode[]) => {
    for (let i = 0; i < list.length; i++) {
      const node = list[i];
      if (!node.docId) {
        visit(node.children);
        continue;
      }
      // Depth first: a placed page's own unlisted links follow it before its siblings.
      const place = (from: string, at: number): number => {
        for (const target of docs.get(from)?.links ?? []) {
          if (!unlisted.delete(target)) continue;
          list.splice(at++, 0, page(target));
          at = place(target, at);
        }
        return at;
      };
      i = place(node.docId, i + 1) - 1;
    }
  };
  const result = chapters.map((chapter) => {
    if (!chapter.docId) {
      visit(chapter.children);
      return chapter;
    }
    const group = {title: chapter.title, children: [chapter]};
    visit(group.children);
    return group.children.length > 1 ? group : chapter;
  });
  if (unlisted.size === 0) return result;
  return [...result, {title: '其他页面', children: [...unlisted].sort().map(page)}];
}

/**
 * The reading order of every manual: the sidebars' order restricted to the manual's pages (Triton
 * and the open platform are read inside other products' sidebars), chapters being the top-level
 * entries; a manual whose pages sit in one category of another sidebar is that category's content.
 */
export function planManuals(sidebars: Record<string, SidebarItem[]>, docList: ManualDoc[]): ManualPlan[] {
  const docs = new Map(docList.map((d) => [d.id, d]));
  return manualProducts.map((product) => {
    const keep = (id: string) => manualOfDoc(id)?.key === product.key;
    let chapters = Object.values(sidebars).flatMap((items) => items.flatMap((item) => restrict(item, keep, docs)));
    if (chapters.length === 1 && !chapters[0].docId) chapters = chapters[0].children;
    const listed = new Set(pagesOf(chapters));
    const unlisted = new Set(docList.map((d) => d.id).filter((id) => keep(id) && !listed.has(id)));
    chapters = placeUnlisted(chapters, unlisted, docs);
    return {product, chapters, pages: pagesOf(chapters)};
  });
}

const FENCE = /^(\s*)(`{3,}|~{3,})/;
const MD_LINK = /\]\(\s*<?([^)\s>]+\.mdx?)(?:#[^)\s>]*)?>?(?:\s+"[^"]*")?\s*\)/g;

const PAGINATION_NEXT = /^---\n[\s\S]*?^pagination_next:\s*['"]?([^\s'"]+)['"]?\s*$[\s\S]*?^---$/m;

/**
 * Doc ids a Markdown source links to, in order, outside code blocks: relative `.md` links as the
 * writers' guide prescribes, resolved against the file. `idOfSource` maps a docs-relative source
 * path (`neptune/user/quick-start.md`) to its doc id. A `pagination_next` in the front matter
 * declares the reading path outright (pages in no sidebar, such as Janus' activation steps), so
 * it comes first.
 */
export function linkedDocIds(markdown: string, sourcePath: string, idOfSource: (rel: string) => string | undefined): string[] {
  const next = markdown.match(PAGINATION_NEXT)?.[1];
  const ids: string[] = next && next !== 'null' ? [next] : [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const f = line.match(FENCE);
    if (f) {
      if (fence === null) fence = f[2][0];
      else if (f[2][0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    for (const m of line.matchAll(MD_LINK)) {
      const target = decodeURI(m[1]);
      if (/^[a-z]+:/i.test(target)) continue;
      const rel = path.posix.normalize(path.posix.join(path.posix.dirname(sourcePath), target));
      const id = idOfSource(rel);
      if (id && !ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}
