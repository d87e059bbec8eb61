// Checks that the published TypeScript declaration file for the `janus` global
// (static/open-platform/janus.d.ts) agrees with the open-platform API reference:
// every page under docs/open-platform/janus-api/ (except the overview) documents exactly one
// function in its 「函数签名 {#signature}」 block; the function name follows the doc id
// (get-device-list → janus.device.getDeviceList, network-request → janus.request), and the
// declaration file declares that function with the same parameter names, in the same order,
// with the same optional/rest markers. Functions declared but not documented fail as well.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = findRoot(process.cwd());
const dtsPath = path.join(root, 'static', 'open-platform', 'janus.d.ts');
const apiDir = path.join(root, 'docs', 'open-platform', 'janus-api');
const overviewPath = path.join(apiDir, 'overview.md');

/** The project root: the nearest directory (from the working directory up) holding the declaration file. */
function findRoot(start: string): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'static', 'open-platform', 'janus.d.ts'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`static/open-platform/janus.d.ts not found above ${start}`);
  }
}

/** Pages whose id does not camelCase directly into a function name. */
const SPECIAL_NAMES: Record<string, string> = {
  'network-request': 'janus.request',
};

type Param = {name: string; optional: boolean; rest: boolean};
type Signature = {name: string; params: Param[]};

function camel(id: string): string {
  return id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** docs id relative to janus-api/ (e.g. `device/get-device-list`) → `janus.device.getDeviceList`. */
export function expectedFunctionName(relId: string): string {
  const special = SPECIAL_NAMES[relId];
  if (special) return special;
  const parts = relId.split('/');
  const fn = camel(parts.pop() ?? '');
  return ['janus', ...parts, fn].join('.');
}

function paramsOf(decl: ts.SignatureDeclarationBase, sf: ts.SourceFile): Param[] {
  return decl.parameters.map((p) => ({
    name: p.name.getText(sf),
    optional: Boolean(p.questionToken || p.initializer),
    rest: Boolean(p.dotDotDotToken),
  }));
}

function parseDiagnostics(sf: ts.SourceFile): readonly ts.Diagnostic[] {
  return (sf as unknown as {parseDiagnostics?: ts.Diagnostic[]}).parseDiagnostics ?? [];
}

function firstMessage(diags: readonly ts.Diagnostic[]): string {
  const d = diags[0];
  return d ? ts.flattenDiagnosticMessageText(d.messageText, ' ') : '';
}

/** Extracts the body of the first ```typescript block under `## … {#signature}`. */
export function signatureBlock(markdown: string): string | null {
  const heading = markdown.search(/^## [^\n]*\{#signature\}\s*$/m);
  if (heading < 0) return null;
  const rest = markdown.slice(heading).split('\n').slice(1).join('\n');
  const nextHeading = rest.search(/^## /m);
  const section = nextHeading < 0 ? rest : rest.slice(0, nextHeading);
  const m = section.match(/^```(?:typescript|ts)\b[^\n]*\n([\s\S]*?)^```/m);
  return m?.[1] ?? null;
}

/** Parses `janus.x.y<T>(a: A, b?: B): R` (possibly over several lines) into name + parameters. */
export function parseSignature(code: string): Signature {
  const m = code.match(/\b(janus(?:\.[A-Za-z_$][\w$]*)*)\s*(?=[<(])/);
  if (!m || m.index === undefined || !m[1]) throw new Error(`no janus.* call signature in:\n${code}`);
  const tail = code.slice(m.index + m[0].length).trim().replace(/;?\s*$/, ';');
  const source = `declare function __signature${tail}`;
  const sf = ts.createSourceFile('signature.ts', source, ts.ScriptTarget.Latest, true);
  const diags = parseDiagnostics(sf);
  if (diags.length) {
    throw new Error(`signature does not parse (${firstMessage(diags)}):\n${code}`);
  }
  const fn = sf.statements.find(ts.isFunctionDeclaration);
  if (!fn || sf.statements.length !== 1) throw new Error(`expected exactly one signature in:\n${code}`);
  return {name: m[1], params: paramsOf(fn, sf)};
}

/** All functions declared inside `declare namespace janus { … }`, keyed by qualified name. */
export function declaredFunctions(dtsSource: string): Map<string, Param[][]> {
  const sf = ts.createSourceFile('janus.d.ts', dtsSource, ts.ScriptTarget.Latest, true);
  const diags = parseDiagnostics(sf);
  if (diags.length) throw new Error(`janus.d.ts does not parse: ${firstMessage(diags)}`);
  const out = new Map<string, Param[][]>();
  const visit = (node: ts.Node, prefix: string[]) => {
    if (ts.isModuleDeclaration(node)) {
      const next = [...prefix, node.name.getText(sf)];
      if (node.body) visit(node.body, next);
      return;
    }
    if (ts.isModuleBlock(node)) {
      node.statements.forEach((s) => visit(s, prefix));
      return;
    }
    if (ts.isFunctionDeclaration(node) && node.name && prefix[0] === 'janus') {
      const key = [...prefix, node.name.text].join('.');
      out.set(key, [...(out.get(key) ?? []), paramsOf(node, sf)]);
    }
  };
  sf.statements.forEach((s) => visit(s, []));
  return out;
}

/** Returns a list of human-readable mismatches between a documented signature and the declarations. */
export function compare(sig: Signature, declared: Map<string, Param[][]>): string[] {
  const overloads = declared.get(sig.name);
  if (!overloads) return [`${sig.name} is not declared in janus.d.ts`];
  const show = (ps: Param[]) => ps.map((p) => `${p.rest ? '...' : ''}${p.name}${p.optional ? '?' : ''}`).join(', ');
  if (overloads.some((ps) => show(ps) === show(sig.params))) return [];
  return [`${sig.name}(${show(sig.params)}) in the page, but janus.d.ts declares ${overloads.map((ps) => `(${show(ps)})`).join(' / ')}`];
}

function apiPages(): Array<{relId: string; file: string}> {
  const out: Array<{relId: string; file: string}> = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.mdx?$/.test(e.name)) {
        const relId = path.relative(apiDir, p).replace(/\.mdx?$/, '').split(path.sep).join('/');
        if (relId !== 'overview') out.push({relId, file: p});
      }
    }
  };
  walk(apiDir);
  return out.sort((a, b) => a.relId.localeCompare(b.relId));
}

const dtsSource = fs.readFileSync(dtsPath, 'utf8');
const declared = declaredFunctions(dtsSource);
const pages = apiPages();

test('janus.d.ts type-checks against the DOM library', () => {
  const program = ts.createProgram([dtsPath], {
    noEmit: true,
    strict: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  const diags = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
  assert.deepEqual(diags, []);
});

test('the API reference has function pages and janus.d.ts declares functions', () => {
  assert.ok(pages.length >= 29, `expected at least 29 function pages under docs/open-platform/janus-api, found ${pages.length}`);
  assert.ok(declared.size >= 29, `expected at least 29 functions in janus.d.ts, found ${declared.size}`);
});

for (const {relId, file} of pages) {
  test(`janus-api/${relId}: signature matches janus.d.ts`, () => {
    const block = signatureBlock(fs.readFileSync(file, 'utf8'));
    assert.ok(block, `${relId}: no \`\`\`typescript block under the 函数签名 {#signature} heading`);
    const sig = parseSignature(block);
    assert.equal(sig.name, expectedFunctionName(relId), `${relId}: the signature names ${sig.name}`);
    assert.deepEqual(compare(sig, declared), []);
  });
}

test('every function declared in janus.d.ts has a reference page', () => {
  const documented = new Set(pages.map((p) => expectedFunctionName(p.relId)));
  const undocumented = [...declared.keys()].filter((name) => !documented.has(name)).sort();
  assert.deepEqual(undocumented, []);
});

test('the API overview links the declaration file', () => {
  const overview = fs.readFileSync(overviewPath, 'utf8');
  assert.match(overview, /\]\(pathname:\/\/\/open-platform\/janus\.d\.ts\)/);
});

test('the checker reports mismatches (self-test)', () => {
  const sample = `declare namespace janus { namespace device {
    function getDeviceInfo(deviceId: string): Promise<unknown>;
  } }`;
  const decl = declaredFunctions(sample);
  assert.deepEqual(compare(parseSignature('janus.device.getDeviceInfo(deviceId: string): Promise<DeviceInfo>'), decl), []);
  assert.equal(compare(parseSignature('janus.device.getDeviceInfo(id: string): Promise<DeviceInfo>'), decl).length, 1);
  assert.equal(compare(parseSignature('janus.device.getDeviceInfo(deviceId?: string): Promise<DeviceInfo>'), decl).length, 1);
  assert.equal(compare(parseSignature('janus.device.getDeviceInfos(deviceId: string): Promise<DeviceInfo>'), decl).length, 1);
  assert.equal(expectedFunctionName('device/get-device-list'), 'janus.device.getDeviceList');
  assert.equal(expectedFunctionName('utils/get-appid'), 'janus.utils.getAppid');
  assert.equal(expectedFunctionName('network-request'), 'janus.request');
  assert.equal(signatureBlock('## 函数签名 {#signature}\n\ntext\n\n## 参数 {#request-parameters}\n\n```typescript\njanus.x()\n```\n'), null);
});
