/**
 * Rehype plugin: gives every body cell of a Markdown table its column header as `data-label`, so
 * that on a phone a wide table can be shown as one card per row, each value with its header
 * beside it (src/css/custom.css, 「Tables」). Build time only; nothing runs in the browser.
 */
import type {Element, ElementContent, Root, RootContent} from 'hast';

type Parent = Root | Element;

function textOf(node: ElementContent | RootContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

function childElements(node: Parent, tagName: string): Element[] {
  return (node.children as (RootContent | ElementContent)[]).filter(
    (c): c is Element => c.type === 'element' && c.tagName === tagName,
  );
}

/** The rows of a table, whether or not they sit inside thead/tbody. */
function rowsOf(table: Element): {head: Element[]; body: Element[]} {
  const head = childElements(table, 'thead').flatMap((t) => childElements(t, 'tr'));
  const body = [...childElements(table, 'tbody').flatMap((t) => childElements(t, 'tr')), ...childElements(table, 'tr')];
  return {head, body};
}

export function labelTable(table: Element): void {
  const {head, body} = rowsOf(table);
  const headerRow = head[0];
  if (!headerRow) return;
  const labels = childElements(headerRow, 'th').map((th) => textOf(th).replace(/\s+/g, ' ').trim());
  for (const row of body) {
    childElements(row, 'td').forEach((td, i) => {
      if (labels[i]) td.properties = {...td.properties, dataLabel: labels[i]};
    });
  }
}

/** Tables may sit inside MDX elements too (admonitions, tabs): descend into every parent. */
function walk(node: {children?: unknown[]}): void {
  for (const child of (node.children ?? []) as (RootContent & {children?: unknown[]})[]) {
    if (child.type === 'element' && child.tagName === 'table') labelTable(child);
    else if (Array.isArray(child.children)) walk(child);
  }
}

export default function rehypeTableLabels() {
  return (tree: Root): void => walk(tree);
}
