// Splits a Markdown page into what the registry rules read: prose lines (front matter title and
// description included) with their inline code masked, tables, and code blocks as numbered lines.
import {splitMarkdown} from '../content-lint.mjs';

const CODE_SPAN = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;
const MASK = '\u0001';

/** The line with every inline code span replaced by MASK characters of the same length. */
export const maskInlineCode = (line) => line.replace(CODE_SPAN, (m) => MASK.repeat(m.length));

/** Splits a table row into trimmed cells; `\|` does not split. */
export const tableCells = (line) => {
  const inner = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|\s*$/, '');
  return inner.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
};

/** A cell's text without inline-code backticks and bold markers. */
export const cellText = (cell) => cell.replace(/\*\*/g, '').replace(/`+/g, '').trim();

export function parsePage(src) {
  const {frontMatter, blocks, prose} = splitMarkdown(src);
  const lines = [];
  if (frontMatter !== null) {
    frontMatter.split('\n').forEach((l, i) => {
      const m = l.match(/^(title|description|sidebar_label):\s*(.*)$/);
      if (m && m[1] !== 'sidebar_label') lines.push({lineNo: i + 2, text: m[2].trim().replace(/^(['"])(.*)\1$/, '$2'), frontMatter: true});
    });
  }
  for (const {line, lineNo} of prose) {
    if (/^\s*(import|export)\s/.test(line)) continue; // MDX module lines
    lines.push({lineNo, text: line});
  }
  for (const l of lines) l.masked = maskInlineCode(l.text);

  // Tables: a header row, a separator row, then body rows, on consecutive prose lines.
  const tables = [];
  for (let i = 0; i < lines.length - 1; i++) {
    const head = lines[i];
    const sep = lines[i + 1];
    if (!/^\s*\|/.test(head.text) || !/^\s*\|?\s*:?-{3,}/.test(sep.text) || sep.lineNo !== head.lineNo + 1) continue;
    const table = {header: tableCells(head.text).map(cellText), lineNo: head.lineNo, rows: []};
    let j = i + 2;
    while (j < lines.length && lines[j].lineNo === lines[j - 1].lineNo + 1 && /^\s*\|/.test(lines[j].text)) {
      table.rows.push({lineNo: lines[j].lineNo, cells: tableCells(lines[j].text), text: lines[j].text});
      j++;
    }
    tables.push(table);
    i = j - 1;
  }

  const codeBlocks = blocks.map((b) => {
    const title = b.meta.match(/\btitle=(?:"([^"]*)"|'([^']*)'|(\S+))/);
    const config = b.meta.match(/\bconfig=(?:"([^"]*)"|'([^']*)'|(\S+))/);
    return {
      lang: b.lang, meta: b.meta, lineNo: b.line, code: b.code,
      title: title ? (title[1] ?? title[2] ?? title[3]) : null,
      config: config ? (config[1] ?? config[2] ?? config[3]) : null,
      lines: b.code.split('\n').map((text, i) => ({lineNo: b.line + 1 + i, text})),
    };
  });
  return {lines, tables, codeBlocks};
}

/**
 * Joins shell continuation lines (ending in a backslash) so a command and its options are one
 * logical line; keeps the number of the line the command starts on.
 */
export function logicalLines(lines) {
  const out = [];
  let cur = null;
  for (const l of lines) {
    if (cur) cur.text += ` ${l.text.trim()}`;
    else cur = {lineNo: l.lineNo, text: l.text};
    if (/\\\s*$/.test(l.text)) cur.text = cur.text.replace(/\\\s*$/, '');
    else {
      out.push(cur);
      cur = null;
    }
  }
  if (cur) out.push(cur);
  return out;
}
