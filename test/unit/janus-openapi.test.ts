// Checks that every Janus REST endpoint page agrees with static/openapi/janus.yaml: the method + path
// in the page's 「请求方法与路径 {#endpoint}」 `text` block must be an operation of the OpenAPI file
// (every line of the block, e.g. `GET` and `HEAD` on the MD5 page), and the parameter names, locations
// and required flags in the page's 「请求参数 {#request-parameters}」 table must equal that operation's
// parameters plus request-body properties (JSON `body`, multipart `form-data`). The error codes of the
// page's 「错误码」 table must be error responses of the operation, and every error response of the
// operation must be on the page except the common ones every operation declares (40101, 42901,
// 50001), which the introduction documents once; HTTP statuses follow glossary/janus.md. The introduction, the real-time pages (STOMP, SockJS) and the STOMP tester
// download page are not REST endpoint pages and are skipped. Shared code: ./lib/openapi-pages.ts.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {
  assertRefsResolve, basePath, checkPage as checkAgainst, coverage, findRoot, listPages, operationKeys,
  operationParams, pageEndpoint, pageEndpoints, resolveRef, section, type Json,
} from './lib/openapi-pages';

const SKIPPED = new Set([
  'introduction.md',
  path.join('device', 'realtime-data-stomp.md'),
  path.join('device', 'realtime-data-sockjs.md'),
  path.join('device', 'download-websocket-stomp-tester.md'),
]);
const SITE = 'https://docs.example.com/docs/janus/api/';

const root = findRoot(path.join('static', 'openapi', 'janus.yaml'));
const apiDir = path.join(root, 'docs', 'janus', 'api');
const spec: Json = YAML.parse(fs.readFileSync(path.join(root, 'static', 'openapi', 'janus.yaml'), 'utf8'));
const glossaryReadme = fs.readFileSync(path.join(root, 'glossary', 'README.md'), 'utf8');
const glossaryJanus = fs.readFileSync(path.join(root, 'glossary', 'janus.md'), 'utf8');

/** All disagreements between one endpoint page and janus.yaml (empty when they agree). */
const checkPage = (src: string, doc: Json): string[] => checkAgainst(src, doc, 'janus.yaml');

const read = (file: string) => fs.readFileSync(file, 'utf8');
const allPages = listPages(apiDir);
const pages = allPages.filter((p) => !SKIPPED.has(path.relative(apiDir, p)));
const pageSrcs = () => pages.map((file) => ({file, src: read(file)}));

/** 业务错误码 → HTTP 状态 from glossary/janus.md, e.g. 40001 → [400, 416]. */
function glossaryStatuses(): Map<string, string[]> {
  const line = glossaryJanus.split('\n').find((l) => l.startsWith('HTTP 状态码与业务错误码对应'));
  assert.ok(line, 'glossary/janus.md has no 「HTTP 状态码与业务错误码对应」 line');
  const map = new Map<string, string[]>();
  for (const m of line.matchAll(/(\d{5})→(\d{3})(?:（[^）]*?(\d{3})）)?/g)) map.set(m[1], [m[2], ...(m[3] ? [m[3]] : [])]);
  return map;
}

/** 业务错误码 → HTTP statuses of an operation's responses (the code starts each response description). */
function operationErrorCodes(doc: Json, pathKey: string, method: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [status, raw] of Object.entries<Json>(doc.paths[pathKey][method].responses ?? {})) {
    const code = String(resolveRef(doc, raw).description ?? '').match(/^(\d{5})\b/)?.[1];
    if (code) out.set(code, [...(out.get(code) ?? []), status]);
  }
  return out;
}

/** Codes in the first column of the page's 「错误码 {#error-codes}」 table. */
function pageErrorCodes(src: string): string[] {
  const sec = section(src, 'error-codes') ?? '';
  return [...sec.matchAll(/^\| (\d{5}) \|/gm)].map((m) => m[1]);
}

/** Error codes every operation declares; the introduction documents them, endpoint pages need not. */
const COMMON_CODES = new Set(['40101', '42901', '50001']);

/** Differences between the page's 错误码 table and its operation's error responses. */
function errorCodeProblems(src: string, doc: Json): string[] {
  const ep = pageEndpoint(src);
  if (typeof ep === 'string') return [ep];
  const rel = ep.path.slice(basePath(doc).length);
  if (!doc.paths?.[rel]?.[ep.method]) return [`${ep.method.toUpperCase()} ${rel} is not an operation in janus.yaml`];
  const spec = operationErrorCodes(doc, rel, ep.method);
  const page = new Set(pageErrorCodes(src));
  const problems: string[] = [];
  const missing = [...spec.keys()].filter((c) => !page.has(c) && !COMMON_CODES.has(c)).sort();
  const extra = [...page].filter((c) => !spec.has(c)).sort();
  if (missing.length) problems.push(`error codes in janus.yaml but not on the page: ${missing.join(', ')}`);
  if (extra.length) problems.push(`error codes on the page but not in janus.yaml: ${extra.join(', ')}`);
  return problems;
}

/** Operations and query parameters the glossary names that janus.yaml lacks. */
function glossaryProblems(doc: Json): string[] {
  const problems: string[] = [];
  const janusSection = glossaryReadme.slice(glossaryReadme.indexOf('## Janus'), glossaryReadme.indexOf('## Triton'));
  const named = [...glossaryEndpoints(janusSection), ...glossaryEndpoints(glossaryJanus)];
  if (named.length < 15) problems.push(`expected the glossary to name at least 15 Janus endpoints, found ${named.length}`);
  for (const {key, query} of named) {
    const [m, p] = key.split(' ');
    const ops = operationParams(doc, p, m.toLowerCase());
    if (!ops) { problems.push(`${key} (glossary) is not an operation in janus.yaml`); continue; }
    for (const q of query) if (!ops.some((o) => o.name === q && o.in === 'query')) problems.push(`${key}: glossary names query parameter ${q}, janus.yaml does not`);
  }
  const search = glossaryJanus.match(/搜索参数 *((?:、?`[^`]+`)+)/);
  if (!search) return [...problems, 'glossary/janus.md lists no 搜索参数'];
  const names = [...search[1].matchAll(/`([^`]+)`/g)].map((x) => x[1]).sort().join(', ');
  const actual = (operationParams(doc, '/files', 'get') ?? []).map((o) => o.name).sort().join(', ');
  if (names !== actual) problems.push(`GET /files parameters are ${actual}, glossary 搜索参数 are ${names}`);
  return problems;
}

/** Problems with the `{code,message,data}` envelope: success JSON uses Envelope, errors use Error. */
function envelopeProblems(doc: Json): string[] {
  const problems: string[] = [];
  const env = doc.components?.schemas?.Envelope;
  const err = doc.components?.schemas?.Error;
  for (const [name, s] of [['Envelope', env], ['Error', err]] as const) {
    for (const k of ['code', 'message', 'data']) if (!s?.properties?.[k]) problems.push(`${name} has no ${k} property`);
  }
  for (const key of operationKeys(doc)) {
    const [method, p] = key.split(' ');
    for (const [status, raw] of Object.entries<Json>(doc.paths[p][method.toLowerCase()].responses ?? {})) {
      const schema = resolveRef(doc, raw).content?.['application/json']?.schema;
      if (!schema) continue;
      const refs = [schema, ...(schema.allOf ?? [])].map((s: Json) => s?.$ref);
      if (status.startsWith('2') && !refs.includes('#/components/schemas/Envelope')) problems.push(`${key} ${status}: JSON response is not an Envelope`);
      if (!status.startsWith('2') && schema.$ref !== '#/components/schemas/Error') problems.push(`${key} ${status}: JSON error response is not an Error`);
    }
  }
  return problems;
}

/** `METHOD /path` (relative to /api/v1) with the query names given next to it, from glossary text. */
function glossaryEndpoints(text: string): {key: string; query: string[]}[] {
  const out: {key: string; query: string[]}[] = [];
  for (const m of text.matchAll(/`(GET|POST|PUT|PATCH|DELETE|HEAD) (\/[^`\s]*)`(?:（([^）]*)）)?/g)) {
    const [p, qs = ''] = m[2].split('?');
    const query = [...qs.split('&').filter(Boolean).map((kv) => kv.split('=')[0]), ...[...(m[3] ?? '').matchAll(/`([^`]+)`/g)].map((q) => q[1])];
    out.push({key: `${m[1]} ${p}`, query});
  }
  return out;
}

describe('static/openapi/janus.yaml', () => {
  test('is an OpenAPI 3.0 document with the Janus server, base path and X-Janus-Token scheme', () => {
    assert.match(String(spec.openapi), /^3\.0\.\d+$/);
    assert.equal(spec.servers[0].url, 'http://{janusHost}:8080/api/v1');
    assert.equal(spec.servers[0].variables.janusHost.default, '192.168.10.20');
    assert.equal(basePath(spec), '/api/v1');
    const schemes = Object.entries<Json>(spec.components.securitySchemes);
    const token = schemes.find(([, s]) => s.type === 'apiKey' && s.in === 'header' && s.name === 'X-Janus-Token');
    assert.ok(token, 'no apiKey security scheme for the X-Janus-Token header');
    assert.deepEqual(spec.security, [{[token[0]]: []}]);
    for (const key of operationKeys(spec)) {
      const [m, p] = key.split(' ');
      assert.equal(spec.paths[p][m.toLowerCase()].security, undefined, `${key} overrides the token requirement`);
    }
  });

  test('every $ref resolves', () => {
    assertRefsResolve(spec);
  });

  test('responses use the {code,message,data} envelope', () => {
    assert.deepEqual(envelopeProblems(spec), []);
  });

  test('error codes and HTTP statuses follow glossary/janus.md', () => {
    const statuses = glossaryStatuses();
    assert.deepEqual([...spec.components.schemas.Error.properties.code.enum].map(String).sort(), [...statuses.keys()].sort());
    for (const key of operationKeys(spec)) {
      const [m, p] = key.split(' ');
      for (const [code, used] of operationErrorCodes(spec, p, m.toLowerCase())) {
        assert.ok(statuses.has(code), `${key}: error code ${code} is not in glossary/janus.md`);
        for (const s of used) assert.ok(statuses.get(code)!.includes(s), `${key}: ${code} answered with HTTP ${s}, glossary says ${statuses.get(code)}`);
      }
    }
  });

  test('the operations named in the glossary exist, with the query parameters named there', () => {
    assert.deepEqual(glossaryProblems(spec), []);
  });

  test('every operation declares 401, 429 and 500, and every operation with a path id declares 404', () => {
    for (const key of operationKeys(spec)) {
      const [method, p] = key.split(' ');
      const responses = spec.paths[p][method.toLowerCase()].responses;
      for (const status of ['401', '429', '500']) assert.ok(responses[status], `${key} has no ${status} response`);
      if (p.includes('{')) assert.ok(responses['404'], `${key} has no 404 response`);
    }
  });

  test('device-scoped operations answer 403 for devices outside the token creator\'s device scope (decision D2)', () => {
    for (const key of operationKeys(spec)) {
      const [method, p] = key.split(' ');
      if (!p.startsWith('/devices/{deviceId}')) continue;
      assert.ok(spec.paths[p][method.toLowerCase()].responses['403'], `${key} has no 403 response`);
    }
  });

  test('a command result is judged by ackCode, and -4 reports a timeout (decision D1)', () => {
    const result = spec.components.schemas.CommandResult.properties;
    assert.deepEqual(result.status.enum, ['delivered', 'acknowledged', 'timeout']);
    assert.match(result.ackCode.description, /-4/);
    assert.match(result.ackCode.description, /-9/);
    assert.match(spec.components.schemas.CommandRequest.properties.payload.description, /63 KiB/);
  });

  test('connection parameters are keyed on the protocol: a modbus-tcp body without host matches no branch', () => {
    const body = spec.components.schemas.ConnectionRequest;
    // The branches are $ref'd component schemas, mapped by the discriminator (OpenAPI 3.0 ignores inline branches).
    const branches: Json[] = body.oneOf.map((b: Json) => resolveRef(spec, b));
    const branch = branches.find((b: Json) => b.properties.protocol.enum[0] === 'modbus-tcp');
    const params = resolveRef(spec, branch.properties.params);
    assert.deepEqual(params.required, ['host']);
    assert.equal(params.additionalProperties, false);
    assert.deepEqual(branches.map((b: Json) => b.properties.protocol.enum[0]).sort(), [...spec.components.schemas.Protocol.enum].sort());
    assert.equal(resolveRef(spec, branches.find((b: Json) => b.title === 'triton').properties.params).additionalProperties, false);
    for (const name of ['ConnectionRequest', 'DeviceCreate']) {
      const s = spec.components.schemas[name];
      assert.ok(s.oneOf.every((b: Json) => typeof b.$ref === 'string'), `${name}: every oneOf branch is a $ref`);
      assert.deepEqual(Object.values(s.discriminator.mapping).sort(), s.oneOf.map((b: Json) => b.$ref).sort(), `${name}: mapping names every branch`);
    }
  });
});

describe('Janus API endpoint pages agree with janus.yaml', () => {
  test('endpoint pages are found, and the skipped pages are not REST endpoint pages', () => {
    assert.equal(pages.length, 19, `expected 19 REST endpoint pages under docs/janus/api, found ${pages.length}`);
    for (const rel of SKIPPED) {
      const file = path.join(apiDir, rel);
      assert.ok(allPages.includes(file), `skipped page ${rel} does not exist`);
      if (rel === 'introduction.md') continue;
      assert.equal(typeof pageEndpoints(read(file)), 'string', `${rel} has a METHOD /path endpoint block but is skipped`);
    }
  });

  for (const file of pages) {
    test(path.relative(root, file), () => {
      assert.deepEqual(checkPage(read(file), spec), []);
    });
  }

  test('every operation has a page, and no two pages share one', () => {
    const {duplicates, undocumented} = coverage(spec, pageSrcs(), {allLines: true});
    assert.deepEqual(duplicates, []);
    assert.deepEqual(undocumented, []);
  });

  test('each operation links the page that documents it', () => {
    const {documented} = coverage(spec, pageSrcs(), {allLines: true});
    for (const [key, file] of documented) {
      const [m, p] = key.split(' ');
      const url = spec.paths[p][m.toLowerCase()].externalDocs?.url;
      assert.equal(url, SITE + path.relative(apiDir, file).replace(/\.md$/, '').split(path.sep).join('/'), `${key} externalDocs`);
    }
  });

  test('each page lists exactly the error codes of its operation', () => {
    for (const file of pages) assert.deepEqual(errorCodeProblems(read(file), spec), [], path.relative(root, file));
  });

  test('the introduction links janus.yaml and its endpoint table matches the pages', () => {
    const intro = read(path.join(apiDir, 'introduction.md'));
    assert.ok(intro.includes('](pathname:///openapi/janus.yaml)'), 'introduction must link pathname:///openapi/janus.yaml');
    const rows = [...intro.matchAll(/^\| \[[^\]]+\]\(\.\/([^)]+\.md)\) \| `((?:GET|POST|PUT|PATCH|DELETE|HEAD) \/[^`]+)` \|$/gm)];
    assert.equal(rows.length, pages.length, 'the introduction lists every endpoint page once');
    for (const [, link, endpoint] of rows) {
      const ep = pageEndpoint(read(path.join(apiDir, link)));
      assert.equal(typeof ep, 'object', link);
      if (typeof ep === 'string') continue;
      const [method, rest] = endpoint.split(' ');
      assert.equal(`${method} ${basePath(spec)}${rest}`, ep.line, `introduction row for ${link}`);
    }
  });
});

describe('the checker itself catches disagreements', () => {
  const sample = read(path.join(apiDir, 'device', 'history-data.md'));
  const upload = read(path.join(apiDir, 'file', 'upload.md'));
  const sendData = read(path.join(apiDir, 'device', 'send-data.md'));
  const byMd5 = read(path.join(apiDir, 'file', 'download-by-md5.md'));
  const search = read(path.join(apiDir, 'file', 'search.md'));

  test('the unmodified sample pages pass', () => {
    for (const src of [sample, upload, sendData, byMd5, search]) assert.deepEqual(checkPage(src, spec), []);
  });

  test('a changed path fails', () => {
    // Replace inside the endpoint block: the page's opening sentence names the same path.
    const changed = sample.replace('```text\nGET /api/v1/devices/{deviceId}/history', '```text\nGET /api/v1/devices/{deviceId}/data/history');
    assert.notEqual(changed, sample);
    assert.match(checkPage(changed, spec).join('\n'), /GET \/devices\/\{deviceId\}\/data\/history is not an operation in janus\.yaml/);
    const v2 = sample.replace('```text\nGET /api/v1/devices/{deviceId}/history', '```text\nGET /api/v2/devices/{deviceId}/history');
    assert.match(checkPage(v2, spec).join('\n'), /does not start with the server base path \/api\/v1/);
  });

  test('a changed method fails', () => {
    const changed = sample.replace('```text\nGET /api/v1/devices/{deviceId}/history', '```text\nPOST /api/v1/devices/{deviceId}/history');
    assert.notEqual(changed, sample);
    assert.match(checkPage(changed, spec).join('\n'), /POST \/devices\/\{deviceId\}\/history is not an operation/);
  });

  test('a renamed, missing or extra parameter fails', () => {
    const renamed = sample.replace('| `aggregate` | query |', '| `aggregation` | query |');
    assert.notEqual(renamed, sample);
    const problems = checkPage(renamed, spec).join('\n');
    assert.match(problems, /not on the page: aggregate/);
    assert.match(problems, /not in janus\.yaml: aggregation/);
    const dropped = sample.split('\n').filter((l) => !l.startsWith('| `interval` |')).join('\n');
    assert.match(checkPage(dropped, spec).join('\n'), /not on the page: interval/);
    const extra = sample.replace('| `aggregate` |', '| `limit` | query | int32 | 否 | 每个标识符最多返回的点数 |\n| `aggregate` |');
    assert.match(checkPage(extra, spec).join('\n'), /not in janus\.yaml: limit/);
    const twice = sample.replace('| `interval` |', '| `identifiers` | query | string | 是 | 重复 |\n| `interval` |');
    assert.match(checkPage(twice, spec).join('\n'), /duplicate parameter rows: identifiers/);
  });

  test('a wrong location or required flag fails', () => {
    const moved = sample.replace('| `interval` | query |', '| `interval` | body |');
    assert.notEqual(moved, sample);
    assert.match(checkPage(moved, spec).join('\n'), /interval: location body on the page, query in janus\.yaml/);
    const optional = sample.replace('| `startTime` | query | string | 是 |', '| `startTime` | query | string | 否 |');
    assert.notEqual(optional, sample);
    assert.match(checkPage(optional, spec).join('\n'), /startTime: required=false on the page, true in janus\.yaml/);
    const asJson = upload.replace('| `category` | form-data |', '| `category` | body |');
    assert.notEqual(asJson, upload);
    assert.match(checkPage(asJson, spec).join('\n'), /category: location body on the page, form-data in janus\.yaml/);
    const header = byMd5.replace('| `Range` | header |', '| `Range` | query |');
    assert.match(checkPage(header, spec).join('\n'), /Range: location query on the page, header in janus\.yaml/);
  });

  test('conditional requirements must match oneOf branches', () => {
    const always = sendData.replace('| `values` | body | object | `write` 时与 `items` 二选一必填 |', '| `values` | body | object | 是 |');
    assert.notEqual(always, sendData);
    assert.match(checkPage(always, spec).join('\n'), /values: required=true on the page, conditional in janus\.yaml/);
    const never = sendData.replace('| `topic` | body | string | `message` 时必填 |', '| `topic` | body | string | 否 |');
    assert.notEqual(never, sendData);
    assert.match(checkPage(never, spec).join('\n'), /topic: required=false on the page, conditional in janus\.yaml/);
    const selector = sendData.replace('| `type` | body | string | 否 |', '| `type` | body | string | `message` 时必填 |');
    assert.notEqual(selector, sendData);
    assert.match(checkPage(selector, spec).join('\n'), /type: required=conditional on the page, false in janus\.yaml/);
    const vague = sendData.replace('| `type` | body | string | 否 |', '| `type` | body | string | 视情况 |');
    assert.match(checkPage(vague, spec).join('\n'), /必填 must be 是, 否 or a condition/);
  });

  test('every line of the endpoint block is checked', () => {
    const badHead = byMd5.replace('HEAD /api/v1/files/md5/{md5}', 'HEAD /api/v1/files/{md5}');
    assert.notEqual(badHead, byMd5);
    assert.match(checkPage(badHead, spec).join('\n'), /HEAD \/files\/\{md5\} is not an operation/);
    const noHead = byMd5.replace('HEAD /api/v1/files/md5/{md5}\n', '');
    assert.notEqual(noHead, byMd5);
    const others = pageSrcs().filter(({src}) => src !== byMd5);
    const {undocumented} = coverage(spec, [...others, {file: 'download-by-md5.md', src: noHead}], {allLines: true});
    assert.deepEqual(undocumented, ['HEAD /files/md5/{md5}']);
    const mutated = structuredClone(spec);
    mutated.paths['/files/md5/{md5}'].head.parameters = [{name: 'If-None-Match', in: 'header', required: true, schema: {type: 'string'}}];
    assert.match(checkPage(byMd5, mutated).join('\n'), /HEAD \/files\/md5\/\{md5\}: parameter If-None-Match in janus\.yaml but not on the page/);
  });

  test('query names in the endpoint line must be query rows', () => {
    const changed = search.replace('GET /api/v1/files?name=', 'GET /api/v1/files?keyword=');
    assert.notEqual(changed, search);
    assert.match(checkPage(changed, spec).join('\n'), /keyword in the endpoint line GET \/api\/v1\/files\?keyword= is not a query row/);
  });

  test('a changed janus.yaml fails too', () => {
    const mutated = structuredClone(spec);
    mutated.paths['/devices/{deviceId}/history'].get.parameters.find((p: Json) => p.name === 'startTime').required = false;
    assert.match(checkPage(sample, mutated).join('\n'), /startTime: required=true on the page, false in janus\.yaml/);
    delete mutated.paths['/devices/{deviceId}/history'];
    assert.match(checkPage(sample, mutated).join('\n'), /is not an operation in janus\.yaml/);
    const extra = structuredClone(spec);
    extra.paths['/devices/{deviceId}/alarms'] = {get: {responses: {'200': {description: 'ok'}}}};
    assert.deepEqual(coverage(extra, pageSrcs(), {allLines: true}).undocumented, ['GET /devices/{deviceId}/alarms']);
    const bare = structuredClone(spec);
    bare.paths['/devices'].get.responses['200'].content['application/json'].schema = {type: 'object'};
    assert.match(envelopeProblems(bare).join('\n'), /GET \/devices 200: JSON response is not an Envelope/);
  });

  test('error-code tables and glossary facts are checked', () => {
    assert.deepEqual(errorCodeProblems(sample, spec), []);
    const extraCode = sample.replace('| 42901 | 请求过于频繁 |', '| 50301 | 设备离线 | 重试 |\n| 42901 | 请求过于频繁 |');
    assert.notEqual(extraCode, sample);
    assert.match(errorCodeProblems(extraCode, spec).join('\n'), /on the page but not in janus\.yaml: 50301/);
    const lost = structuredClone(spec);
    delete lost.paths['/devices/{deviceId}/history'].get.responses['429'];
    assert.match(errorCodeProblems(sample, lost).join('\n'), /on the page but not in janus\.yaml: 42901/);
    const noKeyword = structuredClone(spec);
    noKeyword.paths['/devices'].get.parameters = noKeyword.paths['/devices'].get.parameters.filter((p: Json) => p.name !== 'keyword');
    assert.match(glossaryProblems(noKeyword).join('\n'), /GET \/devices: glossary names query parameter keyword/);
    const noHead = structuredClone(spec);
    delete noHead.paths['/files/md5/{md5}'].head;
    assert.match(glossaryProblems(noHead).join('\n'), /HEAD \/files\/md5\/\{md5\} \(glossary\) is not an operation/);
  });

  test('a page without an endpoint block fails', () => {
    assert.notDeepEqual(checkPage(sample.replace('```text\nGET', '```bash\nGET'), spec), []);
    assert.match(checkPage(sample.replace('```text\nGET /api', '```text\nGET api'), spec).join('\n'), /endpoint line is not "METHOD \/path"/);
  });
});
