import path from 'node:path';
import type {Blockquote, Heading, Nodes, Paragraph, PhrasingContent, Root, RootContent} from 'mdast';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkStringify from 'remark-stringify';
import {SKIP, visit} from 'unist-util-visit';
import {admonitionTitleToDirectiveLabel, escapeMarkdownHeadingIds, unwrapMdxCodeBlocks} from '@docusaurus/utils';

/** Admonition titles as the site shows them (Docusaurus' zh-Hans theme translations). */
export const ADMONITION_TITLES: Record<string, string> = {
  note: '备注',
  tip: '提示',
  info: '信息',
  warning: '注意',
  caution: '警告',
  danger: '危险',
};

export interface MarkdownContext {
  title: string;
  /** The page's source path relative to the docs folder (`neptune/user/quick-start.md`). */
  sourcePath: string;
  /** The page's permalink (`/docs/neptune/user/quick-start`). */
  permalink: string;
  /** `https://docs.example.com` (no trailing slash). */
  siteUrl: string;
  /** The permalink of a doc by its docs-relative source path. */
  permalinkOfSource: (sourcePath: string) => string | undefined;
}

/** What Docusaurus does to a Markdown file before parsing it as MDX (its mdx-loader preprocessor). */
const preprocess = (source: string) =>
  admonitionTitleToDirectiveLabel(escapeMarkdownHeadingIds(unwrapMdxCodeBlocks(source)), Object.keys(ADMONITION_TITLES));

/** Parses as Docusaurus does (MDX, GFM, directives for admonitions). */
const parser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkMdx).use(remarkGfm).use(remarkDirective);
/** Writes plain GFM: no MDX or directive syntax is left, so none of their escapes (`\\:`, `\\{`) either. */
const writer = unified()
  .use(remarkGfm, {tablePipeAlign: false})
  .use(remarkStringify, {bullet: '-', emphasis: '*', strong: '*', fence: '`', fences: true, rule: '-', listItemIndent: 'one'});

/** An absolute URL for a link or image of the page (internal `.md` links become page URLs). */
function absoluteUrl(url: string, ctx: MarkdownContext): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('pathname://')) return url;
  if (url.startsWith('pathname://')) return `${ctx.siteUrl}${url.slice('pathname://'.length)}`;
  if (url.startsWith('#')) return `${ctx.siteUrl}${ctx.permalink}${url}`;
  if (url.startsWith('/')) return `${ctx.siteUrl}${url}`;
  const [file, hash = ''] = url.split(/(?=#)/);
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(ctx.sourcePath), decodeURI(file)));
  const permalink = /\.mdx?$/.test(file) ? ctx.permalinkOfSource(resolved) : undefined;
  if (permalink) return `${ctx.siteUrl}${permalink}${hash}`;
  return `${ctx.siteUrl}${path.posix.join(path.posix.dirname(ctx.permalink), file)}${hash}`;
}

const isMdx = (node: Nodes) => node.type.startsWith('mdx');

/** The page as clean Markdown for assistants (see toCleanMarkdown). */
export function cleanTree(tree: Root, ctx: MarkdownContext): Root {
  // Front matter, imports/exports, JSX and expressions go; the text inside JSX elements stays.
  visit(tree, (node, index, parent) => {
    if (!parent || index === undefined) return;
    if (node.type === 'yaml' || node.type === 'mdxjsEsm' || node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      parent.children.splice(index, 1);
      return [SKIP, index];
    }
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      parent.children.splice(index, 1, ...(node.children as never[]));
      return [SKIP, index];
    }
    if (node.type === 'html' && /^<!--[\s\S]*-->$/.test(node.value.trim())) {
      parent.children.splice(index, 1);
      return [SKIP, index];
    }
    return undefined;
  });
  visit(tree, (node, index, parent) => {
    if (!parent || index === undefined) return undefined;
    // Heading ids ({#device-access}) are for the site's anchors.
    if (node.type === 'heading') {
      const last = node.children[node.children.length - 1];
      if (last?.type === 'text') last.value = last.value.replace(/\s*\{#[^}]*\}\s*$/, '');
    }
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') node.url = absoluteUrl(node.url, ctx);
    if (node.type === 'containerDirective' && ADMONITION_TITLES[node.name]) {
      const [first, ...rest] = node.children;
      const labelled = first?.type === 'paragraph' && (first.data as {directiveLabel?: boolean} | undefined)?.directiveLabel;
      const kind = ADMONITION_TITLES[node.name];
      const title: PhrasingContent[] = labelled ? [{type: 'text', value: `${kind}：`}, ...(first as Paragraph).children] : [{type: 'text', value: kind}];
      const heading: Paragraph = {type: 'paragraph', children: [{type: 'strong', children: title}]};
      const quote: Blockquote = {type: 'blockquote', children: [heading, ...((labelled ? rest : node.children) as Blockquote['children'])]};
      parent.children.splice(index, 1, quote as never);
      return undefined;
    }
    // Unknown directives (`:name` that happens to be text) are written back as the text they were.
    if (node.type === 'textDirective' || node.type === 'leafDirective') {
      const prefix = node.type === 'textDirective' ? ':' : '::';
      const text: PhrasingContent[] = [{type: 'text', value: `${prefix}${node.name}`}, ...(node.children as PhrasingContent[])];
      parent.children.splice(index, 1, ...((node.type === 'textDirective' ? text : [{type: 'paragraph', children: text}]) as never[]));
      return [SKIP, index];
    }
    return undefined;
  });
  // The title is the one H1: an H1 in the body (there should be none) becomes an H2.
  visit(tree, 'heading', (heading: Heading) => {
    if (heading.depth === 1) heading.depth = 2;
  });
  const h1: Heading = {type: 'heading', depth: 1, children: [{type: 'text', value: ctx.title}]};
  tree.children = [h1 as RootContent, ...tree.children.filter((n) => !isMdx(n as Nodes))];
  return tree;
}

/**
 * One doc page as clean Markdown (`/docs/<id>.md`): the title as H1, without front matter and
 * MDX/JSX, admonitions as blockquotes with their title in bold, links and images absolute.
 */
export function toCleanMarkdown(source: string, ctx: MarkdownContext): string {
  const tree = parser.runSync(parser.parse(preprocess(source))) as Root;
  return writer.stringify(cleanTree(tree, ctx));
}
