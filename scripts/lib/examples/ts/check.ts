// TypeScript and JavaScript blocks, in one TypeScript program (the jsconfig.json the docs recommend:
// strict, checkJs, every script a module) laid out as the
// reader's app would be: every page's blocks in a folder named after the page, next to one shared
// types/janus.d.ts (a copy of static/open-platform/janus.d.ts), so that the documented
// `/// <reference path="../types/janus.d.ts" />` and `import … from './x.js'` resolve. A relative import
// of a file that another page shows (`./errors.js`) gets that page's block.
// - typescript blocks with harness="signature" (a `janus.x.y(…): R` signature) must declare exactly
//   the type that janus.d.ts declares for that function;
// - javascript blocks and the inline module scripts of html blocks are type-checked (DOM, Node types);
// - Node scripts (.mjs/.cjs titles, `node:` imports, `process.`) also pass `node --check`;
// - a block importing a package that is not installed gets `node --check` only, and says so;
// - json blocks titled app.json (an open-platform app manifest) must have the type janus.AppManifest
//   (unknown keys are errors too).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {slug, type Block, type Problem} from '../blocks';
import {pool, run, wrap, type Wrapped} from '../run';

export const JANUS_DTS = path.join('static', 'open-platform', 'janus.d.ts');

/** Where the reader's recommended project setup is documented: its jsconfig.json block. */
export const JSCONFIG_PAGE = 'docs/open-platform/janus-api/overview.md';

/**
 * The compiler options the examples are checked with: the `jsconfig.json` that the Janus script API
 * overview recommends to readers (so the check and the advice cannot differ), plus what the checker
 * itself needs (JavaScript files in the program, Node types for Node scripts, no emit).
 */
export function documentedCompilerOptions(root: string): ts.CompilerOptions {
  const src = fs.readFileSync(path.join(root, JSCONFIG_PAGE), 'utf8');
  const block = src.match(/^```json title="jsconfig\.json"\n([\s\S]*?)^```/m);
  if (!block) throw new Error(`${JSCONFIG_PAGE} 中没有 title="jsconfig.json" 的 json 代码块`);
  const {options, errors} = ts.convertCompilerOptionsFromJson(JSON.parse(block[1]).compilerOptions, root);
  if (errors.length) throw new Error(`${JSCONFIG_PAGE} 的 jsconfig.json：${ts.flattenDiagnosticMessageText(errors[0].messageText, ' ')}`);
  return {...options, allowJs: true, checkJs: true, noEmit: true, types: ['node'], skipLibCheck: true};
}

interface Unit {
  block: Block;
  file: string;
  /** Lines before the block's code in `file`. */
  offset: number;
  /** Line (1-based, in `file`) of the signature equality check. */
  checkLine?: number;
  fn?: string;
}

export function isNodeScript(block: Block): boolean {
  const title = block.meta.title ?? '';
  return /\.(mjs|cjs)$/.test(title) || /from ['"]node:|require\(['"]|\bprocess\.(env|argv|exit)/.test(block.code);
}

/** Bare package imports of a block (`import x from 'ws'`), other than node: built-ins. */
export function packageImports(code: string): string[] {
  return [...code.matchAll(/(?:^|\n)\s*import\s[^'"]*['"]([^'"./][^'"]*)['"]|\brequire\(['"]([^'"./][^'"]*)['"]\)/g)]
    .map((m) => m[1] ?? m[2]).filter((p) => !p.startsWith('node:'));
}

function installed(pkg: string, root: string): boolean {
  const name = pkg.startsWith('@') ? pkg.split('/').slice(0, 2).join('/') : pkg.split('/')[0];
  return fs.existsSync(path.join(root, 'node_modules', name, 'package.json'));
}

/** `janus.device.getDeviceList(…)` → namespace path and function name. */
export function signatureName(code: string): {ns: string; fn: string; start: number; end: number} | null {
  const m = code.match(/\b(janus(?:\.[A-Za-z_$][\w$]*)*)\.([A-Za-z_$][\w$]*)\s*(?=[<(])/);
  if (!m || m.index === undefined) return null;
  return {ns: m[1], fn: m[2], start: m.index, end: m.index + m[1].length + 1 + m[2].length};
}

/** Open-platform app manifests: json blocks titled app.json. */
export const isAppManifest = (b: Block) => b.lang === 'json' && /(^|\/)app\.json$/.test(b.meta.title ?? '');

export async function checkTs(blocks: Block[], htmlScripts: {block: Block; code: string; line: number}[], cacheDir: string, root: string): Promise<Map<Block, Problem[]>> {
  const manifests = blocks.filter(isAppManifest);
  blocks = blocks.filter((b) => !isAppManifest(b));
  const results = new Map<Block, Problem[]>([...blocks, ...manifests].map((b) => [b, []]));
  for (const s of htmlScripts) if (!results.has(s.block)) results.set(s.block, []);
  if (results.size === 0) return results;
  const dir = path.join(cacheDir, 'ts');
  fs.rmSync(dir, {recursive: true, force: true});
  fs.mkdirSync(path.join(dir, 'types'), {recursive: true});
  const dts = path.join(dir, 'types', 'janus.d.ts');
  fs.copyFileSync(path.join(root, JANUS_DTS), dts);
  const pageDir = (b: Block) => path.join(dir, slug({...b, line: 0}).replace(/_L0$/, ''));
  const units: Unit[] = [];
  const byTitle = new Map<string, Block>();
  const nodeChecks: Block[] = [];

  for (const block of blocks) {
    const problems = results.get(block)!;
    if (block.lang === 'typescript') {
      if (block.meta.harness !== 'signature') {
        const file = path.join(pageDir(block) + '__', `block-L${block.line}.ts`);
        units.push({block, file, offset: 0});
        write(file, block.code + '\n');
        continue;
      }
      const sig = signatureName(block.code);
      if (!sig) { problems.push({message: 'harness="signature" 的代码块中没有 janus.* 函数签名'}); continue; }
      const ns = `__doc_L${block.line}_${slug(block).replace(/\W/g, '_')}`;
      // Merged into the global `janus` namespace, next to the declaration it is compared with.
      const lines = [
        '/// <reference path="../types/janus.d.ts" />',
        `declare global { namespace janus.${ns} {`,
        'function ' + block.code.slice(sig.end - sig.fn.length).trimEnd() + ';',
        'type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;',
        'type Assert<T extends true> = T;',
        `type Check = Assert<Same<typeof ${sig.fn}, typeof ${sig.ns}.${sig.fn}>>;`,
        '} }',
        'export {};',
      ];
      const file = path.join(dir, 'signatures__', `${slug(block)}.ts`);
      write(file, lines.join('\n') + '\n');
      const codeLines = block.code.trimEnd().split('\n').length;
      units.push({block, file, offset: 2, checkLine: 2 + codeLines + 3, fn: `${sig.ns}.${sig.fn}`});
      continue;
    }
    // javascript
    const title = block.meta.title;
    const node = isNodeScript(block);
    if (node) nodeChecks.push(block);
    const missing = packageImports(block.code).filter((p) => !installed(p, root));
    if (missing.length) {
      if (!node) nodeChecks.push(block);
      continue; // node --check only: the packages it imports are not installed here
    }
    const rel = title && !/[\\:]/.test(title) ? title : `block-L${block.line}.js`;
    const parts = rel.split('/');
    const file = path.join(pageDir(block) + '__' + (parts.length > 1 ? parts[0] : ''), ...parts.slice(parts.length > 1 ? 1 : 0));
    write(file, block.code + '\n');
    units.push({block, file, offset: 0});
    if (title) byTitle.set(title, block);
  }
  for (const block of manifests) {
    // The JSON is an object literal here, so tsc reports unknown keys (excess property checks) too.
    // An excerpt declares harness="app-json-excerpt" (checked as Partial<janus.AppManifest>).
    const file = path.join(dir, 'manifests__', `${slug(block)}.ts`);
    let wrapped: Wrapped;
    try {
      wrapped = block.meta.harness !== undefined
        ? wrap(block, 'ts')
        : {source: `/// <reference path="../types/janus.d.ts" />\nconst manifest: janus.AppManifest =\n${block.code};\nexport default manifest;\n`, offset: 2};
    } catch (e) {
      results.get(block)!.push({message: (e as Error).message});
      continue;
    }
    write(file, wrapped.source);
    units.push({block, file, offset: wrapped.offset});
  }
  for (const s of htmlScripts) {
    const file = path.join(pageDir(s.block) + '__pages', `${path.basename(s.block.meta.title ?? `block-L${s.block.line}`, '.html')}.inline-L${s.line}.js`);
    write(file, s.code + '\n');
    units.push({block: s.block, file, offset: s.block.line + 1 - s.line});
  }

  // Relative imports of files another page shows: copy that block next to the importer.
  const helpers = new Set<string>();
  for (const u of [...units]) {
    for (const m of u.block.code.matchAll(/from\s+['"](\.\/[^'"]+)['"]/g)) {
      const target = path.join(path.dirname(u.file), m[1]);
      if (fs.existsSync(target)) continue;
      const title = path.posix.join(path.posix.dirname(u.block.meta.title ?? 'scripts/x.js'), m[1]);
      const source = byTitle.get(title);
      if (source) { write(target, source.code + '\n'); helpers.add(target); }
    }
  }

  const program = ts.createProgram([dts, ...units.map((u) => u.file)], documentedCompilerOptions(root));
  const diagnostics = ts.getPreEmitDiagnostics(program);
  for (const d of diagnostics) {
    const message = ts.flattenDiagnosticMessageText(d.messageText, ' ');
    const fileName = d.file ? path.resolve(d.file.fileName) : '';
    if (helpers.has(fileName)) continue;
    const unit = units.find((u) => u.file === fileName);
    const pos = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    if (!unit) {
      const target = blocks[0] ?? htmlScripts[0]?.block;
      if (target) results.get(target)!.push({message: `${fileName ? path.relative(dir, fileName) : 'tsc'}:${pos}: TS${d.code} ${message}`});
      continue;
    }
    if (unit.checkLine !== undefined && pos === unit.checkLine) {
      results.get(unit.block)!.push({line: unit.block.line + 1, message: `签名与 ${JANUS_DTS} 中 ${unit.fn} 的声明不一致`});
      continue;
    }
    const codeLine = pos - unit.offset;
    const line = codeLine >= 1 ? unit.block.line + codeLine : unit.block.line;
    results.get(unit.block)!.push({line, message: `tsc TS${d.code}：${message}`});
  }

  await pool(nodeChecks, async (block) => {
    const ext = /^\s*(import|export)\s|^\s*await\s|\bawait\b/m.test(block.code) || /\.mjs$/.test(block.meta.title ?? '') ? '.mjs' : '.cjs';
    const file = path.join(dir, 'node', `${slug(block)}${ext}`);
    write(file, block.code + '\n');
    const r = await run(process.execPath, ['--check', file]);
    if (r.code !== 0) {
      const m = r.stderr.match(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:(\\d+)`));
      const msg = r.stderr.split('\n').find((l) => /Error/.test(l)) ?? r.stderr.trim();
      results.get(block)!.push({line: m ? block.line + Number(m[1]) : block.line, message: `node --check：${msg.trim()}`});
    }
  });
  return results;
}

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, content);
}
