// Shared by the OpenAPI page tests (neptune-openapi.test.ts, janus-openapi.test.ts): reads the
// 「请求方法与路径 {#endpoint}」 and 「请求参数 {#request-parameters}」 sections of an API page and
// compares them with an OpenAPI 3.0 document.
//
// Page conventions it relies on (see the API page template in CONTRIBUTING.md):
// - pages written to the current template have one 「请求 {#request}」 section holding both the
//   endpoint block and the parameter table; older pages have separate 「请求方法与路径 {#endpoint}」
//   and 「请求参数 {#request-parameters}」 sections. Both layouts are read;
// - the endpoint section's first ```text block holds one `METHOD /full/path` per line; the first line
//   is the page's operation, further lines are variants of it (e.g. `HEAD` next to `GET`). A line may
//   end in an illustrative query string (`GET /api/v1/files?name=`), whose names must be query rows;
// - the first table of the request-parameters section has 参数 (name in a code span), 位置 and 必填
//   columns. 位置 is an OpenAPI parameter location (path, query, header, cookie), `body` for a JSON
//   request-body property or `form-data` for a multipart/form-data field. 必填 is 是, 否, or a
//   condition ending in 必填 (「`write` 时必填」), which must be required in a oneOf/anyOf branch only.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Request-body media types and the 位置 the parameter table uses for their properties. */
export const BODY_LOCATIONS: Record<string, string> = {
  'application/json': 'body',
  'multipart/form-data': 'form-data',
};

export type Required = boolean | 'conditional';
export interface Param { name: string; in: string; required: Required }
export interface Endpoint { method: string; path: string; query: string[]; line: string }

/** The nearest directory at or above the working directory that contains `marker`. */
export function findRoot(marker: string): string {
  let dir = process.cwd();
  for (;;) {
    if (fs.existsSync(path.join(dir, marker))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${marker} not found above ${process.cwd()}`);
    dir = parent;
  }
}

export function listPages(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listPages(p));
    else if (/\.mdx?$/.test(e.name)) out.push(p);
  }
  return out.sort();
}

export function resolveRef(doc: Json, node: Json): Json {
  let cur = node;
  const seen = new Set<string>();
  while (cur && typeof cur === 'object' && typeof cur.$ref === 'string') {
    const ref: string = cur.$ref;
    if (seen.has(ref)) throw new Error('circular $ref ' + ref);
    seen.add(ref);
    assert.ok(ref.startsWith('#/'), `only local $ref supported: ${ref}`);
    cur = ref.slice(2).split('/').reduce((o: Json, k: string) => (o == null ? o : o[k.replace(/~1/g, '/').replace(/~0/g, '~')]), doc);
    assert.ok(cur !== undefined, `unresolved $ref ${ref}`);
  }
  return cur;
}

/** Throws on the first `$ref` anywhere in the document that does not resolve. */
export function assertRefsResolve(doc: Json): void {
  const walk = (node: Json): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      if (typeof node.$ref === 'string') resolveRef(doc, node);
      Object.values(node).forEach(walk);
    }
  };
  walk(doc);
}

/**
 * Top-level properties of a request-body schema, following $ref and allOf. A property is required
 * (true) when the schema or an allOf part requires it, 'conditional' when only a oneOf/anyOf branch
 * requires it (other than the property that selects the branch), false otherwise.
 */
export function bodyProperties(doc: Json, schema: Json): Map<string, Required> {
  const props = new Map<string, Required>();
  const s = resolveRef(doc, schema);
  if (!s) return props;
  for (const part of s.allOf ?? []) {
    for (const [k, v] of bodyProperties(doc, part)) props.set(k, props.get(k) === true ? true : v);
  }
  const required = new Set<string>(s.required ?? []);
  for (const k of Object.keys(s.properties ?? {})) props.set(k, required.has(k) || props.get(k) === true);
  for (const part of [...(s.oneOf ?? []), ...(s.anyOf ?? [])]) {
    const branch = resolveRef(doc, part);
    for (const k of Object.keys(branch?.properties ?? {})) if (!props.has(k)) props.set(k, false);
    for (const k of branch?.required ?? []) {
      // A property the branch pins to one value (`type: {enum: [message]}`) selects the branch; it is
      // not a field that becomes required, so it keeps its own flag.
      const pinned = resolveRef(doc, branch.properties?.[k])?.enum?.length === 1;
      if (!pinned && props.get(k) !== true) props.set(k, 'conditional');
    }
  }
  return props;
}

/** Parameters an operation documents: path-level + operation-level parameters, plus request-body properties. */
export function operationParams(doc: Json, pathKey: string, method: string): Param[] | undefined {
  const item = doc.paths?.[pathKey];
  const op = item?.[method];
  if (!op) return undefined;
  const byKey = new Map<string, Param>();
  for (const raw of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
    const p = resolveRef(doc, raw);
    byKey.set(`${p.in}:${p.name}`, {name: p.name, in: p.in, required: p.required === true});
  }
  const body = op.requestBody ? resolveRef(doc, op.requestBody) : undefined;
  for (const [mediaType, location] of Object.entries(BODY_LOCATIONS)) {
    const schema = body?.content?.[mediaType]?.schema;
    if (!schema) continue;
    for (const [name, required] of bodyProperties(doc, schema)) byKey.set(`${location}:${name}`, {name, in: location, required});
  }
  return [...byKey.values()];
}

/** `METHOD /path` of every operation in the document. */
export function operationKeys(doc: Json): string[] {
  const out: string[] = [];
  for (const [p, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const m of METHODS) if (item?.[m]) out.push(`${m.toUpperCase()} ${p}`);
  }
  return out;
}

/** The body of the `## ... {#anchor}` section (up to the next `##` heading outside code fences). */
export function section(src: string, anchor: string): string | undefined {
  const lines = src.split('\n');
  const start = lines.findIndex((l) => /^## /.test(l) && l.includes(`{#${anchor}}`));
  if (start < 0) return undefined;
  let end = lines.length;
  let inFence = false;
  for (let i = start + 1; i < lines.length; i++) {
    if (/^\s*```/.test(lines[i])) inFence = !inFence;
    if (!inFence && /^## /.test(lines[i])) { end = i; break; }
  }
  return lines.slice(start + 1, end).join('\n');
}

/** Every `METHOD /path[?query]` line of the endpoint section's first `text` block. */
export function pageEndpoints(src: string): Endpoint[] | string {
  const sec = section(src, 'endpoint') ?? section(src, 'request');
  if (sec === undefined) return 'no 「请求 {#request}」 (or 「请求方法与路径 {#endpoint}」) section';
  const block = sec.match(/```text[^\n]*\n([\s\S]*?)```/);
  if (!block) return 'no ```text block in the endpoint section';
  const lines = block[1].split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0) return 'the endpoint ```text block is empty';
  const out: Endpoint[] = [];
  for (const line of lines) {
    const m = line.match(/^(GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE) (\/[^\s?]*)(?:\?(\S*))?$/);
    if (!m) return `endpoint line is not "METHOD /path": ${JSON.stringify(line)}`;
    const query = (m[3] ?? '').split('&').filter(Boolean).map((kv) => decodeURIComponent(kv.split('=')[0]));
    out.push({method: m[1].toLowerCase(), path: m[2], query, line});
  }
  return out;
}

/** The page's (first) operation. */
export function pageEndpoint(src: string): Endpoint | string {
  const eps = pageEndpoints(src);
  return typeof eps === 'string' ? eps : eps[0];
}

/** Rows of the request-parameters table: name (first cell, in backticks), location, required. */
export function pageParams(src: string): Param[] | string {
  const sec = section(src, 'request-parameters') ?? section(src, 'request');
  if (sec === undefined) return 'no 「请求 {#request}」 (or 「请求参数 {#request-parameters}」) section';
  // The first contiguous Markdown table of the section.
  const lines = sec.split('\n');
  const first = lines.findIndex((l) => l.trim().startsWith('|'));
  const rows: string[] = [];
  for (let i = first; first >= 0 && i < lines.length && lines[i].trim().startsWith('|'); i++) rows.push(lines[i]);
  if (rows.length === 0) return [];
  const cells = (row: string) => row.trim().replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => c.trim());
  const header = cells(rows[0]);
  const col = (label: string) => header.findIndex((h) => h === label);
  const [iName, iIn, iReq] = [col('参数'), col('位置'), col('必填')];
  if (iName < 0 || iIn < 0 || iReq < 0) return `parameter table header must have 参数/位置/必填 columns, got ${header.join(' | ')}`;
  const out: Param[] = [];
  for (const row of rows.slice(2)) {
    const c = cells(row);
    const name = (c[iName] ?? '').match(/^`([^`]+)`$/);
    if (!name) return `parameter name must be a code span: ${c[iName]}`;
    const req = c[iReq] ?? '';
    let required: Required;
    if (req === '是') required = true;
    else if (req === '否') required = false;
    else if (/必填$/.test(req)) required = 'conditional';
    else return `${name[1]}: 必填 must be 是, 否 or a condition ending in 必填, got ${JSON.stringify(req)}`;
    out.push({name: name[1], in: c[iIn] ?? '', required});
  }
  return out;
}

/** Path of the first server URL, with server variables replaced by their defaults. */
export function basePath(doc: Json): string {
  const server = doc.servers?.[0] ?? {};
  const url = String(server.url ?? '').replace(/\{([^}]+)\}/g, (_: string, v: string) => {
    const value = server.variables?.[v]?.default;
    if (value === undefined) throw new Error(`server variable {${v}} has no default`);
    return String(value);
  });
  return new URL(url).pathname.replace(/\/$/, '');
}

/** All disagreements between one endpoint page and the OpenAPI document (empty when they agree). */
export function checkPage(src: string, doc: Json, specName: string): string[] {
  const eps = pageEndpoints(src);
  if (typeof eps === 'string') return [eps];
  const rows = pageParams(src);
  if (typeof rows === 'string') return [rows];
  const base = basePath(doc);
  const problems: string[] = [];
  const names = (ps: Param[]) => ps.map((p) => p.name).sort();
  const dup = names(rows).filter((n, i, a) => a.indexOf(n) !== i);
  if (dup.length) problems.push(`duplicate parameter rows: ${dup.join(', ')}`);
  eps.forEach((ep, index) => {
    if (!ep.path.startsWith(base + '/')) {
      problems.push(`path ${ep.path} does not start with the server base path ${base}`);
      return;
    }
    const rel = ep.path.slice(base.length);
    const label = `${ep.method.toUpperCase()} ${rel}`;
    const ops = operationParams(doc, rel, ep.method);
    if (!ops) {
      problems.push(`${label} is not an operation in ${specName}`);
      return;
    }
    for (const q of ep.query) {
      if (!rows.some((r) => r.name === q && r.in === 'query')) problems.push(`${q} in the endpoint line ${ep.line} is not a query row of the parameter table`);
    }
    if (index === 0) {
      // The page's own operation: the table lists exactly its parameters.
      const pageNames = new Set(names(rows));
      const specNames = new Set(names(ops));
      const missing = [...specNames].filter((n) => !pageNames.has(n));
      const extra = [...pageNames].filter((n) => !specNames.has(n));
      if (missing.length) problems.push(`parameters in ${specName} but not on the page: ${missing.join(', ')}`);
      if (extra.length) problems.push(`parameters on the page but not in ${specName}: ${extra.join(', ')}`);
      for (const row of rows) {
        const op = ops.find((p) => p.name === row.name);
        if (!op) continue;
        if (op.in !== row.in) problems.push(`${row.name}: location ${row.in} on the page, ${op.in} in ${specName}`);
        if (op.required !== row.required) problems.push(`${row.name}: required=${row.required} on the page, ${op.required} in ${specName}`);
      }
    } else {
      // A variant (e.g. HEAD next to GET): its parameters are drawn from the same table.
      for (const op of ops) {
        const row = rows.find((r) => r.name === op.name);
        if (!row) problems.push(`${label}: parameter ${op.name} in ${specName} but not on the page`);
        else if (row.in !== op.in || row.required !== op.required) {
          problems.push(`${label}: ${op.name} is ${op.in}/required=${op.required} in ${specName}, ${row.in}/required=${row.required} on the page`);
        }
      }
    }
  });
  return problems;
}

/**
 * Which operations the pages document: `duplicates` lists operations claimed by two pages,
 * `undocumented` the operations of the document (minus `exempt`) that no page names.
 * With `allLines`, every line of each endpoint block counts, otherwise only the first.
 */
export function coverage(doc: Json, pages: {file: string; src: string}[], opts: {exempt?: string[]; allLines?: boolean} = {}): {documented: Map<string, string>; duplicates: string[]; undocumented: string[]} {
  const base = basePath(doc);
  const documented = new Map<string, string>();
  const duplicates: string[] = [];
  for (const {file, src} of pages) {
    const eps = pageEndpoints(src);
    if (typeof eps === 'string') continue;
    for (const ep of opts.allLines ? eps : eps.slice(0, 1)) {
      const key = `${ep.method.toUpperCase()} ${ep.path.slice(base.length)}`;
      if (documented.has(key)) duplicates.push(`${key} documented by both ${documented.get(key)} and ${file}`);
      else documented.set(key, file);
    }
  }
  const exempt = new Set(opts.exempt ?? []);
  const undocumented = operationKeys(doc).filter((k) => !exempt.has(k) && !documented.has(k));
  return {documented, duplicates, undocumented};
}
