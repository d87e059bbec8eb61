import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import sidebars from '../../../sidebars';
import {linkedDocIds, type ManualDoc, type SidebarItem} from '../../../src/manuals/readingOrder';

/**
 * The site's docs and sidebars as the docs plugin hands them to plugins (normalized sidebar items,
 * titles and descriptions from the front matter), read straight from docs/ and sidebars.ts.
 */
export const docsDir = path.join(__dirname, '../../../docs');

export interface FixtureDoc extends ManualDoc {
  sourcePath: string;
  markdown: string;
}

function normalize(item: unknown): SidebarItem {
  if (typeof item === 'string') return {type: 'doc', id: item};
  const i = item as {type: string; label: string; items?: unknown[]};
  return i.type === 'category' ? {type: 'category', label: i.label, items: (i.items ?? []).map(normalize)} : (i as SidebarItem);
}

export function normalizedSidebars(): Record<string, SidebarItem[]> {
  return Object.fromEntries(Object.entries(sidebars).map(([name, items]) => [name, (items as unknown[]).map(normalize)]));
}

export function siteDocs(): FixtureDoc[] {
  const files = (fs.readdirSync(docsDir, {recursive: true}) as string[]).filter((f) => /\.mdx?$/.test(f)).sort();
  const docs = files.map((file) => {
    const sourcePath = file.split(path.sep).join('/');
    const markdown = fs.readFileSync(path.join(docsDir, file), 'utf8');
    const front = parse(markdown.match(/^---\n([\s\S]*?)\n---/)?.[1] ?? '') ?? {};
    const id = sourcePath.replace(/\.mdx?$/, '');
    return {id, title: String(front.title), description: String(front.description ?? ''), permalink: `/docs/${id}`, links: [], sourcePath, markdown};
  });
  const idOfSource = new Map(docs.map((d) => [d.sourcePath, d.id]));
  for (const doc of docs) (doc as ManualDoc).links = linkedDocIds(doc.markdown, doc.sourcePath, (rel) => idOfSource.get(rel));
  return docs;
}
