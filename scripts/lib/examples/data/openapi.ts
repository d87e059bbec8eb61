// JSON request and response examples of the REST API pages, validated against the schema of the
// page's operation in static/openapi/<product>.yaml (Ajv, OpenAPI 3.0 `nullable` included):
// - the operation is the first `METHOD /path` line of the page's 「请求方法与路径 {#endpoint}」 block
//   (pages that put the endpoint block, parameters and examples in one 「请求 {#request}」 section, as
//   the Janus API pages do, are read the same way);
// - json blocks under {#response-example} (or {#response}) against the operation's 2xx JSON response, or,
//   when the example's `code` is an error code, against the response whose description starts with it;
// - json blocks and the JSON bodies of curl commands (`-d '…'`) under {#request-example} (or {#request})
//   against the operation's JSON request body.
// A oneOf with a `discriminator` is validated against the branch the discriminator property selects
// (Ajv `discriminator: true`), so an error names the field of that branch (`/connection must have
// required property 'host'`), not "must match exactly one schema". OpenAPI 3.0 needs the branches as
// $ref'd component schemas with a `mapping` for code generators; Ajv 8 rejects `mapping`, so
// `ajvComponents` checks that the mapping names exactly the branch Ajv selects for each value and
// removes it from the copy Ajv compiles.
import fs from 'node:fs';
import path from 'node:path';
import Ajv, {type ErrorObject, type ValidateFunction} from 'ajv';
import addFormats from 'ajv-formats';
import YAML from 'yaml';
import type {Block, Problem} from '../blocks';

/** API page areas and their OpenAPI files. */
export const API_SPECS: {dir: string; spec: string}[] = [
  {dir: 'docs/neptune/api/', spec: 'static/openapi/neptune.yaml'},
  {dir: 'docs/janus/api/', spec: 'static/openapi/janus.yaml'},
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const NO_ENDPOINT = '页面的「请求方法与路径 {#endpoint}」中没有 `METHOD /path` 行';

interface Operation {
  method: string;
  pathKey: string;
  op: Json;
}

/** The `## … {#anchor}` section each line of a page belongs to (outside code fences). */
export function sectionOfLines(src: string): string[] {
  const out: string[] = [];
  let current = '';
  let fence: string | null = null;
  src.split('\n').forEach((line) => {
    const f = line.match(/^\s*(`{3,}|~{3,})/);
    if (f) fence = fence === null ? f[1] : f[1].startsWith(fence) ? null : fence;
    else if (fence === null) {
      const h = line.match(/^## .*\{#([\w-]+)\}\s*$/);
      if (h) current = h[1];
    }
    out.push(current);
  });
  return out;
}

/** JSON bodies of the curl commands of a bash block: `-d '…'`, `--data '…'`, `--data-raw '…'` (single-quoted). */
export function curlBodies(code: string): {body: string; line: number}[] {
  const out: {body: string; line: number}[] = [];
  for (const m of code.matchAll(/(?:^|\s)(?:-d|--data|--data-raw|--data-binary)\s+'([^']*)'/g)) {
    const body = m[1].trim();
    if (body.startsWith('{') || body.startsWith('[')) out.push({body, line: code.slice(0, m.index).split('\n').length});
  }
  return out;
}

const REQUEST_SECTIONS = ['request-example', 'request'];
const RESPONSE_SECTIONS = ['response-example', 'response'];
const ENDPOINT_SECTIONS = ['endpoint', 'request'];

/**
 * The components of an OpenAPI document as Ajv should compile them: every `discriminator.mapping` is
 * checked against its oneOf (each mapped value must name a $ref'd branch whose discriminator property
 * is pinned to exactly that value, and every branch must be mapped) and then removed, because Ajv 8
 * selects the branch from the pinned value itself and throws on `mapping`. Returns the copy and the
 * disagreements found.
 */
export function ajvComponents(doc: Json): {components: Json; problems: string[]} {
  const problems: string[] = [];
  const components = structuredClone(doc.components ?? {});
  const resolve = (ref: string): Json => ref.slice(2).split('/').reduce((o: Json, k: string) => o?.[k], doc);
  const walk = (node: Json, where: string): void => {
    if (Array.isArray(node)) { node.forEach((n, i) => walk(n, `${where}/${i}`)); return; }
    if (!node || typeof node !== 'object') return;
    const mapping = node.discriminator?.mapping;
    if (mapping && typeof mapping === 'object') {
      const tag: string = node.discriminator.propertyName;
      const branches: string[] = (node.oneOf ?? []).map((b: Json) => b?.$ref).filter(Boolean);
      for (const [value, ref] of Object.entries<string>(mapping)) {
        if (!branches.includes(ref)) { problems.push(`${where}: discriminator mapping ${value} → ${ref} is not a $ref of its oneOf`); continue; }
        const pinned = resolve(ref)?.properties?.[tag];
        const values = pinned?.const !== undefined ? [pinned.const] : pinned?.enum;
        if (!Array.isArray(values) || values.length !== 1 || values[0] !== value) {
          problems.push(`${where}: discriminator mapping ${value} → ${ref}, but that schema pins ${tag} to ${JSON.stringify(values ?? null)}`);
        }
      }
      for (const ref of branches) {
        if (!Object.values(mapping).includes(ref)) problems.push(`${where}: oneOf branch ${ref} has no discriminator mapping`);
      }
      delete node.discriminator.mapping;
    }
    for (const [k, v] of Object.entries(node)) walk(v, `${where}/${k}`);
  };
  walk(components, '#/components');
  return {components, problems};
}

/**
 * Ajv reports every branch of a oneOf/anyOf. Keep the errors of the branches the value selected
 * (a branch whose pinned enum — `protocol: {enum: [modbus-tcp]}` — fails is not the one meant), and
 * the "must match exactly one schema" summary only when nothing more precise is left.
 */
export function relevantErrors(errors: ErrorObject[]): ErrorObject[] {
  const branchOf = (e: ErrorObject) => e.schemaPath.match(/^(.*\/(?:oneOf|anyOf)\/\d+)\//)?.[1];
  const rejected = new Set(errors.filter((e) => e.keyword === 'enum' && branchOf(e)).map((e) => branchOf(e)!));
  const precise = errors.filter((e) => !['oneOf', 'anyOf'].includes(e.keyword) && !rejected.has(branchOf(e) ?? ''));
  return precise.length ? precise : errors;
}

export class OpenApiExamples {
  private specs = new Map<string, Json>();
  private ajv = new Ajv({strict: false, allErrors: true, discriminator: true});
  private validators = new Map<string, ValidateFunction>();
  private compiled = new Map<string, {components: Json; problems: string[]}>();

  constructor(private root: string) {
    addFormats(this.ajv);
  }

  private spec(file: string): Json {
    if (!this.specs.has(file)) this.specs.set(file, YAML.parse(fs.readFileSync(path.join(this.root, file), 'utf8')));
    return this.specs.get(file);
  }

  private operation(doc: Json, src: string): Operation | string {
    const lines = src.split('\n');
    const sections = sectionOfLines(src);
    const i = lines.findIndex((l, k) => ENDPOINT_SECTIONS.includes(sections[k]) && /^(GET|POST|PUT|PATCH|DELETE|HEAD) \//.test(l));
    if (i < 0) return NO_ENDPOINT;
    const [method, rawPath] = lines[i].trim().split(/\s+/);
    const urlPath = rawPath.split('?')[0];
    const base = new URL(String(doc.servers?.[0]?.url ?? '/').replace(/\{[^}]+\}/g, 'host'), 'http://host').pathname.replace(/\/$/, '');
    const rel = urlPath.startsWith(base) ? urlPath.slice(base.length) : urlPath;
    const op = doc.paths?.[rel]?.[method.toLowerCase()];
    if (!op) return `${method} ${rel} 不是 OpenAPI 文件中的操作`;
    return {method, pathKey: rel, op};
  }

  private validator(specFile: string, doc: Json, pointer: string, schema: Json): ValidateFunction {
    const key = `${specFile}#${pointer}`;
    let v = this.validators.get(key);
    if (!v) {
      v = this.ajv.compile({components: this.components(specFile, doc).components, allOf: [schema]});
      this.validators.set(key, v);
    }
    return v;
  }

  private components(specFile: string, doc: Json): {components: Json; problems: string[]} {
    if (!this.compiled.has(specFile)) this.compiled.set(specFile, ajvComponents(doc));
    return this.compiled.get(specFile)!;
  }

  private resolve(doc: Json, node: Json): Json {
    let cur = node;
    while (cur?.$ref) cur = cur.$ref.slice(2).split('/').reduce((o: Json, k: string) => o?.[k], doc);
    return cur;
  }

  /** Problems of the API examples (request/response JSON, curl bodies) among `blocks`, all from one page. */
  check(page: string, src: string, blocks: Block[]): Map<Block, Problem[]> {
    const out = new Map<Block, Problem[]>();
    const api = API_SPECS.find((a) => page.startsWith(a.dir));
    if (!api) return out;
    const sections = sectionOfLines(src);
    const candidates = blocks.filter((b) => [...RESPONSE_SECTIONS, ...REQUEST_SECTIONS].includes(sections[b.line - 1]) && (b.lang === 'json' || b.lang === 'bash'));
    if (candidates.length === 0) return out;
    const doc = this.spec(api.spec);
    const opOrError = this.operation(doc, src);
    // Not a REST endpoint page (the WebSocket, STOMP and SockJS pages have no `METHOD /path` line).
    // (test/unit/*-openapi.test.ts require every REST page to have one).
    if (typeof opOrError === 'string' && opOrError.startsWith(NO_ENDPOINT)) return out;
    if (typeof opOrError !== 'string' && opOrError.op.responses?.['101']) return out; // WebSocket upgrade: messages, not responses
    const specName = path.basename(api.spec);
    for (const block of candidates) {
      const problems: Problem[] = [];
      out.set(block, problems);
      if (typeof opOrError === 'string') { problems.push({message: opOrError}); continue; }
      const {method, pathKey, op} = opOrError;
      const label = `${specName} ${method} ${pathKey}`;
      const isResponse = RESPONSE_SECTIONS.includes(sections[block.line - 1]);
      // A discriminator mapping that disagrees with its branches: reported on every example validated against this file.
      for (const p of this.components(api.spec, doc).problems) problems.push({message: `${specName} ${p}`});
      const payloads = block.lang === 'json'
        ? [{body: block.code, line: 1}]
        : curlBodies(block.code);
      for (const {body, line} of payloads) {
        let value: Json;
        try { value = JSON.parse(body); } catch (e) {
          problems.push({line: block.line + line, message: `请求体不是合法的 JSON：${(e as Error).message}`});
          continue;
        }
        let schema: Json;
        let what: string;
        if (isResponse) {
          const code = typeof value?.code === 'number' && value.code !== 0 ? String(value.code) : null;
          const entries = Object.entries<Json>(op.responses ?? {});
          const hit = code
            ? entries.find(([, r]) => String(this.resolve(doc, r)?.description ?? '').startsWith(code))
            : entries.find(([status, r]) => status.startsWith('2') && this.resolve(doc, r)?.content?.['application/json']);
          if (!hit) { problems.push({message: `${label} 没有${code ? `错误码 ${code} 的` : ' 2xx JSON '}响应`}); continue; }
          schema = this.resolve(doc, hit[1])?.content?.['application/json']?.schema;
          what = ` ${hit[0]} 响应`;
        } else {
          schema = this.resolve(doc, op.requestBody)?.content?.['application/json']?.schema;
          what = '请求体';
          if (!schema) { problems.push({line: block.line + line, message: `${label} 没有 JSON 请求体`}); continue; }
        }
        if (!schema) { problems.push({message: `${label} 的${what}没有 JSON schema`}); continue; }
        let validate: ValidateFunction;
        try {
          validate = this.validator(api.spec, doc, `${method} ${pathKey} ${what}`, schema);
        } catch (e) {
          // A schema Ajv cannot compile fails this example with its page and line, not the whole run.
          problems.push({line: block.line + line, message: `${api.spec} 中 ${label} 的${what} schema 无法编译：${(e as Error).message}`});
          continue;
        }
        if (!validate(value)) {
          for (const err of relevantErrors(validate.errors ?? [])) {
            const detail = err.keyword === 'additionalProperties' ? `多余的字段 ${err.params.additionalProperty}` : err.keyword === 'enum' ? `${err.message}：${err.params.allowedValues.join(', ')}` : err.message;
            problems.push({line: block.line + line, message: `不符合 ${label} 的${what}：${err.instancePath || '/'} ${detail}`});
          }
        }
      }
    }
    return out;
  }
}
