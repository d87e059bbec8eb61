// Rules of the contributor guide that a machine can check, one Markdown source at a time.
// Used by scripts/lint-content.mjs and unit-tested in test/unit/content-lint.test.ts. Code blocks are
// checked by their own toolchains (gofmt and go vet for Go, …) in npm run test:examples
// (scripts/lib/examples/), the one place for code checks.
import {parse as parseToml} from 'smol-toml';

// Same words as the shared content report, plus FIXME.
export const PLACEHOLDER = /TODO|TBD|FIXME|待补充|待完善|占位|lorem/i;

/** Splits a Markdown source into front matter, fenced code blocks and the remaining prose lines. */
export function splitMarkdown(src) {
  const fm = src.match(/^---\n([\s\S]*?)\n---\n?/);
  const frontMatter = fm ? fm[1] : null;
  const body = fm ? src.slice(fm[0].length) : src;
  const bodyStart = fm ? fm[0].split('\n').length - 1 : 0;
  const lines = body.split('\n');
  const blocks = [];
  const prose = [];
  let open = null;
  lines.forEach((line, i) => {
    const lineNo = bodyStart + i + 1;
    const fence = line.match(/^(\s*)(`{3,}|~{3,})(.*)$/);
    if (open) {
      if (fence && fence[2][0] === open.marker[0] && fence[2].length >= open.marker.length && !fence[3].trim()) {
        blocks.push(open);
        open = null;
      } else {
        // A fence indented inside a list item indents its code by the same amount.
        open.code.push(line.replace(new RegExp(`^ {0,${open.indent}}`), ''));
      }
      return;
    }
    if (fence) {
      const info = fence[3].trim();
      open = {marker: fence[2], indent: fence[1].length, lang: info.split(/\s+/)[0] || '', meta: info, line: lineNo, code: []};
      return;
    }
    prose.push({line, lineNo});
  });
  if (open) blocks.push({...open, unclosed: true});
  return {frontMatter, blocks: blocks.map((b) => ({...b, code: b.code.join('\n')})), prose};
}

function frontMatterField(fm, name) {
  const m = fm?.match(new RegExp(`^${name}:\\s*(.*)$`, 'm'));
  return m ? m[1].trim().replace(/^['"]|['"]$/g, '') : '';
}

/** Returns a list of {line, rule, message} for one Markdown file. */
export function lintMarkdown(src, {requireFrontMatter = true} = {}) {
  const problems = [];
  const add = (line, rule, message) => problems.push({line, rule, message});
  const {frontMatter, blocks, prose} = splitMarkdown(src);

  if (requireFrontMatter) {
    if (!frontMatterField(frontMatter, 'title')) add(1, 'front-matter', '缺少 front matter 字段 title');
    if (!frontMatterField(frontMatter, 'description')) add(1, 'front-matter', '缺少 front matter 字段 description');
  }

  for (const [i, {line, lineNo}] of prose.entries()) {
    if (PLACEHOLDER.test(line)) add(lineNo, 'placeholder', `占位文字：${line.trim().slice(0, 40)}`);
    // A table's header row is the row above its |---| delimiter row; screen readers announce each cell.
    if (/^\s*\|/.test(line) && /^\s*\|(\s*:?-{3,}:?\s*\|)+\s*$/.test(prose[i + 1]?.line ?? '')) {
      const cells = line.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/);
      if (cells.some((c) => !c.trim())) add(lineNo, 'table-header', '表头有空单元格：每一列都要有列名（读屏软件逐格朗读表头）');
    }
    const heading = line.match(/^(#{2,3})\s+(.*)$/);
    if (heading && !/\{#[A-Za-z0-9][\w-]*\}\s*$/.test(heading[2])) {
      add(lineNo, 'heading-id', `标题缺少显式 ASCII 锚点：${line.trim()}`);
    }
    for (const img of line.matchAll(/!\[([^\]]*)\]\(([^)]+)\)/g)) {
      if (!img[1].trim()) add(lineNo, 'image-alt', `图片缺少替代文本：${img[2]}`);
    }
  }
  if (frontMatter && PLACEHOLDER.test(frontMatter)) add(1, 'placeholder', 'front matter 中有占位文字');

  for (const block of blocks) {
    if (block.unclosed) add(block.line, 'code-fence', '代码块没有闭合');
    if (!block.lang) {
      add(block.line, 'code-language', '代码块缺少语言标记');
      continue;
    }
    if (PLACEHOLDER.test(block.code)) add(block.line, 'placeholder', '代码块中有占位文字');
    if (block.lang === 'json') {
      try {
        JSON.parse(block.code);
      } catch (e) {
        add(block.line, 'json', `JSON 无法解析：${e.message}`);
      }
    }
    if (block.lang === 'toml') {
      try {
        parseToml(block.code);
      } catch (e) {
        add(block.line, 'toml', `TOML 无法解析：${String(e.message).split('\n')[0]}`);
      }
    }
  }
  return problems;
}

/** Parses the route fixture: [{id, sidebar}] with sidebar null for "-". */
export function parseRoutes(tsv) {
  return tsv
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [id, sidebar] = l.split('\t');
      return {id, sidebar: sidebar === '-' ? null : sidebar};
    });
}
