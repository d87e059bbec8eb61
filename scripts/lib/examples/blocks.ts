// Fenced code blocks of the docs, with page, line, language and the meta the example checker reads.
import fs from 'node:fs';
import path from 'node:path';
import {codeFileOf, readCodeFile} from '../../../src/remark/codeFromFile';
import {splitMarkdown} from '../content-lint.mjs';

export interface Block {
  /** Page path relative to the project root, e.g. `docs/triton/developer/introduction.md`. */
  page: string;
  /** Line of the opening fence (1-based); code line n of the block is page line `line + n`. */
  line: number;
  lang: string;
  /** Attributes of the info string after the language: `title="x"` → {title: 'x'}, a bare word → ''. */
  meta: Record<string, string>;
  code: string;
}

/** A problem found in a block; `line` is a page line when known. */
export interface Problem {
  line?: number;
  message: string;
}

/** Parses `title="a b" harness=decl cxx` into {title: 'a b', harness: 'decl', cxx: ''}. */
export function parseMeta(info: string): Record<string, string> {
  const meta: Record<string, string> = {};
  const rest = info.trim().replace(/^\S+/, '');
  for (const m of rest.matchAll(/([A-Za-z][\w-]*)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g)) {
    meta[m[1]] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return meta;
}

/**
 * Every fenced block of one Markdown source. A block with file="…" in its meta holds that project
 * file (the docs show it through src/remark/codeFromFile.ts); `root` is where it is read from.
 */
export function blocksOf(page: string, src: string, root = process.cwd()): Block[] {
  return splitMarkdown(src).blocks.map((b) => {
    const file = codeFileOf(b.meta);
    return {page, line: b.line, lang: b.lang, meta: parseMeta(b.meta), code: file ? readCodeFile(root, file) : b.code};
  });
}

/** Markdown pages under `docs/` (sorted), relative to `root`. */
export function docPages(root: string): string[] {
  const out: string[] = [];
  (function walk(dir: string) {
    for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.mdx?$/.test(e.name)) out.push(path.relative(root, p));
    }
  })(path.join(root, 'docs'));
  return out.sort();
}

export function allBlocks(root: string, pages = docPages(root)): Block[] {
  return pages.flatMap((page) => blocksOf(page, fs.readFileSync(path.join(root, page), 'utf8'), root));
}

/** `docs/a/b.md:12`, the location printed for a problem. */
export function where(block: Block, line = block.line): string {
  return `${block.page}:${line}`;
}

/** A short stable name for a block, usable as a directory or file name. */
export function slug(block: Block): string {
  return `${block.page.replace(/^docs\//, '').replace(/\.mdx?$/, '').replace(/[^A-Za-z0-9]+/g, '_')}_L${block.line}`;
}
