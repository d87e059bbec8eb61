import fs from 'node:fs/promises';
import path from 'node:path';
import type {SourceDoc} from '../../src/manuals/fromDocs';
import type {ManualPlan} from '../../src/manuals/readingOrder';
import type {BuildCache} from '../../src/utils/buildCache';

export interface LlmsOptions {
  outDir: string;
  siteUrl: string;
  siteTitle: string;
  plans: ManualPlan[];
  docs: Map<string, SourceDoc>;
  /** Markdown copies of earlier builds, by page (a rebuild converts only the pages that changed). */
  cache?: BuildCache<string>;
}

export interface LlmsResult {
  pages: number;
  llmsTxtBytes: number;
  fullBytes: number;
}

/** Where the Markdown copy of a page goes: /docs/x → docs/x.md (beside the page's folder). */
export const markdownCopyPath = (permalink: string): string => `${decodeURIComponent(permalink).replace(/^\/+|\/+$/g, '')}.md`;

/** The one-line summary (the llms.txt blockquote). */
export function siteSummary(plans: ManualPlan[]): string {
  return `星联工业科技有限公司全系列产品的简体中文文档：${plans.map((p) => p.product.name).join('、')}，共 ${plans.reduce((n, p) => n + p.pages.length, 0)} 个页面。`;
}

/** A list item's note: the page description on one line, without the separator llms.txt uses. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * llms.txt (llmstxt.org: the site, a summary, one section per product listing every page's
 * Markdown copy with its description), llms-full.txt (every page in reading order) and a Markdown
 * copy of each doc page at /docs/<id>.md.
 */
export async function writeLlmsFiles({outDir, siteUrl, siteTitle, plans, docs, cache}: LlmsOptions): Promise<LlmsResult> {
  const permalinkOfSource = new Map([...docs.values()].map((d) => [d.sourcePath, d.permalink]));
  const bySource = (sourcePath: string) => permalinkOfSource.get(sourcePath);
  // A page's links resolve through every page's permalink: a moved page changes every key.
  const permalinks = JSON.stringify([...permalinkOfSource].sort());
  const summary = siteSummary(plans);
  const index: string[] = [
    `# ${siteTitle}`,
    '',
    `> ${summary}`,
    '',
    `每个文档页面都有纯 Markdown 副本：在页面网址后加 \`.md\`，例如 ${siteUrl}/docs/neptune/user/quick-start.md。全部页面按阅读顺序合在 ${siteUrl}/llms-full.txt 中。`,
  ];
  const full: string[] = [`# ${siteTitle}`, '', `> ${summary}`];
  let pages = 0;
  // The Markdown parser (remark, MDX) is loaded only when a page has to be converted: a rebuild
  // whose pages are all in the cache does without it.
  const keyOf = (doc: SourceDoc) => cache?.key(doc.markdown, doc.title, doc.sourcePath, doc.permalink, siteUrl, permalinks);
  const allCached = cache !== undefined && plans.every((plan) => plan.pages.every((id) => cache.has(keyOf(docs.get(id)!)!)));
  const toCleanMarkdown = allCached ? undefined : (await import('./markdown')).toCleanMarkdown;
  for (const plan of plans) {
    index.push('', `## ${plan.product.name}（${plan.product.version}）`, '');
    for (const id of plan.pages) {
      const doc = docs.get(id)!;
      const convert = () =>
        toCleanMarkdown!(doc.markdown, {title: doc.title, sourcePath: doc.sourcePath, permalink: doc.permalink, siteUrl, permalinkOfSource: bySource});
      const markdown = cache ? cache.get(keyOf(doc)!, convert) : convert();
      const copy = markdownCopyPath(doc.permalink);
      await fs.mkdir(path.dirname(path.join(outDir, copy)), {recursive: true});
      await fs.writeFile(path.join(outDir, copy), markdown);
      index.push(`- [${doc.title}](${siteUrl}/${encodeURI(copy)})${doc.description ? `: ${oneLine(doc.description)}` : ''}`);
      const [h1, ...rest] = markdown.split('\n');
      full.push('', h1, '', `网址：${siteUrl}${doc.permalink}`, ...rest);
      pages++;
    }
  }
  const llmsTxt = `${index.join('\n')}\n`;
  const fullTxt = `${full.join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
  await fs.writeFile(path.join(outDir, 'llms.txt'), llmsTxt);
  await fs.writeFile(path.join(outDir, 'llms-full.txt'), fullTxt);
  return {pages, llmsTxtBytes: Buffer.byteLength(llmsTxt), fullBytes: Buffer.byteLength(fullTxt)};
}
