// Checks that every Neptune Open API endpoint page agrees with static/openapi/neptune.yaml:
// the method + path in the page's 「请求方法与路径 {#endpoint}」 `text` block must be an operation
// of the OpenAPI file, and the parameter names (and locations and required flags) in the page's
// 「请求参数 {#request-parameters}」 table must equal that operation's parameters plus request-body
// properties; every error code in the page's 错误码 table must be a response of that operation, and
// every operation declares the shared 401/429/500 responses. The overview, the MQTT page and the
// Webhook page are not endpoint pages and are skipped. Shared code:
// ./lib/openapi-pages.ts (also used by janus-openapi.test.ts).
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {assertRefsResolve, basePath, checkPage as checkAgainst, coverage, findRoot, listPages, operationKeys, operationParams, pageEndpoint, resolveRef, section, type Json} from './lib/openapi-pages';

const SKIPPED = new Set(['overview.md', 'webhook.md', path.join('device_connection', 'mqtt.md')]);

const root = findRoot(path.join('static', 'openapi', 'neptune.yaml'));
const apiDir = path.join(root, 'docs', 'neptune', 'api');
const spec: Json = YAML.parse(fs.readFileSync(path.join(root, 'static', 'openapi', 'neptune.yaml'), 'utf8'));

/** All disagreements between one endpoint page and neptune.yaml (empty when they agree). */
const checkPage = (src: string, doc: Json): string[] => checkAgainst(src, doc, 'neptune.yaml');

const pages = listPages(apiDir).filter((p) => !SKIPPED.has(path.relative(apiDir, p)));

describe('static/openapi/neptune.yaml', () => {
  test('is an OpenAPI 3.0 document with a server base path and the token endpoint', () => {
    assert.match(String(spec.openapi), /^3\.0\.\d+$/);
    assert.equal(basePath(spec), '/api/v2');
    assert.ok(spec.paths['/auth/token']?.post, 'POST /auth/token missing');
    const names = operationParams(spec, '/auth/token', 'post')!.map((p) => p.name).sort();
    assert.deepEqual(names, ['appKey', 'appSecret']);
  });

  test('every $ref resolves', () => {
    assertRefsResolve(spec);
  });

  test('every operation declares 401, 429 and 500, and every operation with a path id declares 404', () => {
    for (const key of operationKeys(spec)) {
      const [method, p] = key.split(' ');
      const responses = spec.paths[p][method.toLowerCase()].responses;
      for (const status of ['401', '429', '500']) assert.ok(responses[status], `${key} has no ${status} response`);
      if (p.includes('{')) assert.ok(responses['404'], `${key} has no 404 response`);
    }
  });

  test('the WebSocket operation documents its message schema and data definitions carry decimals', () => {
    const rt = spec.paths['/devices/{deviceId}/realtime'].get;
    assert.equal(rt['x-websocket-messages'].$ref, '#/components/schemas/RealtimeMessage');
    const kinds = spec.components.schemas.RealtimeMessage.oneOf.map((s: Json) => resolveRef(spec, s).properties.type.enum[0]);
    assert.deepEqual(kinds.sort(), ['data', 'snapshot', 'status']);
    assert.match(rt.description, /ping\/pong 控制帧/);
    assert.deepEqual(spec.components.schemas.DataDefinition.properties.decimals, {type: 'integer', minimum: 0, maximum: 6, default: 2, description: '小数位数，只影响控制台显示（2.2 起）'});
  });

  test('the Webhook request body of webhook.md is described by components.schemas.WebhookEvent', () => {
    const schema = spec.components.schemas.WebhookEvent;
    assert.equal(spec['x-webhooks'].alarm.post.requestBody.content['application/json'].schema.$ref, '#/components/schemas/WebhookEvent');
    const page = fs.readFileSync(path.join(apiDir, 'webhook.md'), 'utf8');
    const body = page.match(/^```json\n(\{\n  "event"[\s\S]*?)^```/m);
    assert.ok(body, 'webhook.md has no request-body example');
    const example = JSON.parse(body[1]);
    assert.deepEqual(Object.keys(example).sort(), [...schema.required].sort());
    assert.deepEqual(Object.keys(schema.properties).sort(), [...schema.required].sort());
    assert.ok(schema.properties.event.enum.includes(example.event));
    const events = [...page.matchAll(/`(alarm\.[a-z]+)`（/g)].map((m) => m[1]);
    assert.deepEqual([...new Set(events)].sort(), [...schema.properties.event.enum].sort());
  });

  test('command states are sent and queued at creation and never an acknowledgement (decision D1)', () => {
    const created = spec.paths['/devices/{deviceId}/commands'].post.responses['200'].content['application/json'].schema.allOf[1].properties.data.properties.state;
    assert.deepEqual(created.enum, ['sent', 'queued']);
    assert.deepEqual(spec.components.schemas.CommandState.enum, ['sent', 'queued', 'expired', 'cancelled']);
  });
});

describe('Neptune API endpoint pages agree with neptune.yaml', () => {
  test('endpoint pages are found', () => {
    assert.ok(pages.length >= 17, `expected at least 17 endpoint pages under docs/neptune/api, found ${pages.length}`);
  });

  for (const file of pages) {
    test(path.relative(root, file), () => {
      assert.deepEqual(checkPage(fs.readFileSync(file, 'utf8'), spec), []);
    });
  }

  test('every error code in a page\'s 错误码 table is a response of its operation', () => {
    const problems: string[] = [];
    for (const file of pages) {
      const src = fs.readFileSync(file, 'utf8');
      const ep = pageEndpoint(src);
      if (typeof ep === 'string') continue;
      const op = spec.paths[ep.path.slice(basePath(spec).length)]?.[ep.method];
      if (!op) continue;
      const errors = section(src, 'error-codes') ?? '';
      for (const [, code] of errors.matchAll(/^\| (\d{5}) \|/gm)) {
        if (!op.responses[code.slice(0, 3)]) problems.push(`${path.relative(root, file)}: ${code} but ${ep.method.toUpperCase()} ${ep.path} has no ${code.slice(0, 3)} response`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test('every operation except the token endpoint has a page, and no two pages share one', () => {
    const pageSrcs = pages.map((file) => ({file, src: fs.readFileSync(file, 'utf8')}));
    const {duplicates, undocumented} = coverage(spec, pageSrcs, {exempt: ['POST /auth/token']});
    assert.deepEqual(duplicates, []);
    assert.deepEqual(undocumented, []);
  });

  test('the overview links the OpenAPI file and lists only real operations', () => {
    const overview = fs.readFileSync(path.join(apiDir, 'overview.md'), 'utf8');
    assert.ok(overview.includes('](pathname:///openapi/neptune.yaml)'), 'overview must link pathname:///openapi/neptune.yaml');
    const listed = [...overview.matchAll(/^\| [^|]+ \| `(GET|POST|PUT|PATCH|DELETE) (\/api\/v2\/[^`]+)` \|/gm)];
    assert.ok(listed.length >= 20, `overview endpoint table has ${listed.length} rows`);
    for (const [, method, p] of listed) {
      assert.ok(operationParams(spec, p.slice(basePath(spec).length), method.toLowerCase()), `${method} ${p} not in neptune.yaml`);
    }
  });
});

describe('the checker itself catches disagreements', () => {
  const sample = fs.readFileSync(path.join(apiDir, 'device_management', 'device_history_data.md'), 'utf8');

  test('the unmodified sample page passes', () => {
    assert.deepEqual(checkPage(sample, spec), []);
  });

  test('a changed path fails', () => {
    const changed = sample.replace('```text\nGET /api/v2/devices/{deviceId}/data/history', '```text\nGET /api/v2/devices/{deviceId}/history');
    assert.notEqual(changed, sample);
    assert.match(checkPage(changed, spec).join('\n'), /is not an operation/);
  });

  test('a changed method fails', () => {
    const changed = sample.replace('```text\nGET /api/v2/devices/{deviceId}/data/history', '```text\nPOST /api/v2/devices/{deviceId}/data/history');
    assert.notEqual(changed, sample);
    assert.match(checkPage(changed, spec).join('\n'), /is not an operation/);
  });

  test('a renamed, missing or extra parameter fails', () => {
    const renamed = sample.replace('| `aggregation` | query |', '| `aggregate` | query |');
    assert.notEqual(renamed, sample);
    const problems = checkPage(renamed, spec).join('\n');
    assert.match(problems, /not on the page: aggregation/);
    assert.match(problems, /not in neptune\.yaml: aggregate/);
    const dropped = sample.split('\n').filter((l) => !l.startsWith('| `limit` |')).join('\n');
    assert.match(checkPage(dropped, spec).join('\n'), /not on the page: limit/);
  });

  test('a wrong location or required flag fails', () => {
    const moved = sample.replace('| `interval` | query |', '| `interval` | body |');
    assert.match(checkPage(moved, spec).join('\n'), /interval: location body/);
    const optional = sample.replace('| `identifiers` | query | string | 是 |', '| `identifiers` | query | string | 否 |');
    assert.notEqual(optional, sample);
    assert.match(checkPage(optional, spec).join('\n'), /identifiers: required=false/);
  });

  test('a page without an endpoint block fails', () => {
    assert.notDeepEqual(checkPage(sample.replace('```text\nGET', '```bash\nGET'), spec), []);
  });
});
