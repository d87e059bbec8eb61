import fs from 'node:fs/promises';
import path from 'node:path';
import type {AllContent} from '@docusaurus/types';
import type {LoadedContent} from '@docusaurus/plugin-content-docs';
import {linkedDocIds, planManuals, type ManualDoc, type ManualPlan, type SidebarItem} from './readingOrder';

export interface SourceDoc extends ManualDoc {
  /** Absolute path of the Markdown source. */
  sourceFile: string;
  /** The source path relative to the docs folder (`neptune/user/quick-start.md`). */
  sourcePath: string;
  /** The raw Markdown source. */
  markdown: string;
}

export interface DocsForManuals {
  plans: ManualPlan[];
  docs: Map<string, SourceDoc>;
}

/**
 * The docs plugin's current version (titles, descriptions, permalinks, sidebars) and each page's
 * source, planned into manuals. Called from `allContentLoaded` by the plugins that build take-away
 * copies of the docs (plugins/pdf-manuals, plugins/llms-txt).
 */
export function docsForManuals(allContent: AllContent, siteDir: string): Promise<DocsForManuals> {
  // Both plugins ask for the same content: read the sources once.
  let pending = cache.get(allContent);
  if (!pending) cache.set(allContent, (pending = loadDocs(allContent, siteDir)));
  return pending;
}

const cache = new WeakMap<AllContent, Promise<DocsForManuals>>();

async function loadDocs(allContent: AllContent, siteDir: string): Promise<DocsForManuals> {
  const content = allContent['docusaurus-plugin-content-docs']?.default as LoadedContent | undefined;
  const version = content?.loadedVersions[0];
  if (!version) throw new Error('找不到文档插件的内容（docusaurus-plugin-content-docs），无法生成文档副本');
  const contentPath = path.resolve(siteDir, version.contentPath);
  const docs = new Map<string, SourceDoc>();
  for (const meta of version.docs) {
    const sourceFile = path.resolve(siteDir, meta.source.replace(/^@site\//, ''));
    docs.set(meta.id, {
      id: meta.id,
      title: meta.title,
      description: meta.description,
      permalink: meta.permalink,
      links: [],
      sourceFile,
      sourcePath: path.relative(contentPath, sourceFile).split(path.sep).join('/'),
      markdown: await fs.readFile(sourceFile, 'utf8'),
    });
  }
  const idOfSource = new Map([...docs.values()].map((d) => [d.sourcePath, d.id]));
  for (const doc of docs.values()) {
    doc.links = linkedDocIds(doc.markdown, doc.sourcePath, (rel) => idOfSource.get(rel));
  }
  const plans = planManuals(version.sidebars as unknown as Record<string, SidebarItem[]>, [...docs.values()]);
  return {plans, docs};
}
