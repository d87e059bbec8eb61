// The OpenAPI files and the facts registry agree on error codes: every error code an operation of
// static/openapi/neptune.yaml or janus.yaml documents — a response whose description starts with the
// code (「40101 令牌无效或过期」, extra words after （ or ：), or a response example body with a
// non-zero `code` — must be registered in glossary/registry/<product>.yaml under the same API with that
// HTTP status and the same meaning; and the `Error` schema's `code` enum is exactly the registered
// non-zero codes.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {loadRegistry, type ErrorCode} from '../../scripts/lib/registry/load.mjs';
import {findRoot, METHODS, resolveRef, type Json} from './lib/openapi-pages';

const root = findRoot(path.join('glossary', 'registry'));
const registry = loadRegistry(path.join(root, 'glossary', 'registry'));

interface Documented {where: string; code: string; status: string; meaning: string | null}

/** Meaning part of a response description: the words after the code, before （ ( or ：. */
const describedMeaning = (description: string) => description.replace(/^\d{5}\s*/, '').split(/[（(：:]/)[0].trim();

/** Every error code the operations of an OpenAPI document document, with status and meaning. */
function documentedCodes(doc: Json): Documented[] {
  const out: Documented[] = [];
  for (const [p, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      for (const [status, raw] of Object.entries<Json>(op.responses ?? {})) {
        const res = resolveRef(doc, raw);
        const where = `${method.toUpperCase()} ${p} ${status}`;
        const description = String(res.description ?? '');
        const code = description.match(/^(\d{5})\b/)?.[1];
        if (code) out.push({where, code, status, meaning: describedMeaning(description)});
        for (const media of Object.values<Json>(res.content ?? {})) {
          const bodies = [media.example, ...Object.values<Json>(media.examples ?? {}).map((e) => resolveRef(doc, e)?.value)];
          for (const body of bodies) {
            if (body && typeof body === 'object' && typeof body.code === 'number' && body.code !== 0) {
              out.push({where: `${where} 示例`, code: String(body.code), status, meaning: null});
            }
          }
        }
      }
    }
  }
  return out;
}

/** Disagreements between what an OpenAPI document documents and the registry's codes of one API. */
function disagreements(doc: Json, codes: ErrorCode[]): string[] {
  const problems: string[] = [];
  const byCode = new Map(codes.map((c) => [c.code, c]));
  for (const d of documentedCodes(doc)) {
    const reg = byCode.get(d.code);
    if (!reg) {
      problems.push(`${d.where}：错误码 ${d.code} 没有登记`);
      continue;
    }
    if (!reg.http.map(String).includes(d.status)) problems.push(`${d.where}：错误码 ${d.code} 的 HTTP 状态码 ${d.status}，登记表是 ${reg.http.join('、')}`);
    if (d.meaning !== null && d.meaning !== reg.meaning) problems.push(`${d.where}：错误码 ${d.code} 的含义“${d.meaning}”，登记表是“${reg.meaning}”`);
  }
  const schema = resolveRef(doc, doc.components?.schemas?.Error ?? {});
  const enumCodes = (schema.properties?.code?.enum ?? []).map(String).sort();
  const registered = codes.map((c) => c.code).filter((c) => c !== '0').sort();
  if (enumCodes.join() !== registered.join()) problems.push(`Error.code 的 enum 是 ${enumCodes.join('、')}，登记表是 ${registered.join('、')}`);
  return problems;
}

const cases = [
  {spec: 'neptune.yaml', product: 'neptune', api: 'Neptune Open API'},
  {spec: 'janus.yaml', product: 'janus', api: 'Janus API'},
];

for (const {spec, product, api} of cases) {
  describe(`static/openapi/${spec} and glossary/registry/${product}.yaml`, () => {
    const doc: Json = YAML.parse(fs.readFileSync(path.join(root, 'static', 'openapi', spec), 'utf8'));
    const codes = () => {
      assert.deepEqual(registry.problems.filter((p) => p.file === `${product}.yaml`), [], `${product}.yaml 有格式问题`);
      const entry = registry.files.get(product)?.errors.find((e) => e.api === api);
      assert.ok(entry, `glossary/registry/${product}.yaml 没有 api「${api}」的 errors`);
      return entry.codes;
    };

    test('the operations document error codes (the check has something to check)', () => {
      const documented = documentedCodes(doc);
      assert.ok(documented.length >= 20, `only ${documented.length} documented error responses`);
      assert.ok(new Set(documented.map((d) => d.code)).size >= 5);
    });

    test('every documented code is registered with the same HTTP status and meaning; Error.code enum = registered codes', () => {
      assert.deepEqual(disagreements(doc, codes()), []);
    });

    test('a changed meaning, status, unregistered code or example body is caught', () => {
      const mutated: Json = structuredClone(doc);
      const responses = mutated.components.responses;
      responses.Unauthorized.description = '40101 令牌已过期';
      responses.NotFound.description = '40499 资源不存在';
      const [firstPath, firstItem] = Object.entries<Json>(mutated.paths)[0];
      const method = METHODS.find((m) => firstItem[m])!;
      firstItem[method].responses['418'] = {description: '40001 参数错误'};
      firstItem[method].responses['422'] = {description: '无法处理', content: {'application/json': {example: {code: 40901, message: 'conflict'}}}};
      const problems = disagreements(mutated, codes());
      assert.ok(problems.some((p) => p.endsWith('错误码 40101 的含义“令牌已过期”，登记表是“令牌无效或过期”')), problems.join('\n'));
      assert.ok(problems.some((p) => p.endsWith('错误码 40499 没有登记')), problems.join('\n'));
      assert.ok(problems.includes(`${method.toUpperCase()} ${firstPath} 418：错误码 40001 的 HTTP 状态码 418，登记表是 ${codes().find((c) => c.code === '40001')!.http.join('、')}`), problems.join('\n'));
      assert.ok(problems.some((p) => p.startsWith(`${method.toUpperCase()} ${firstPath} 422 示例：错误码 40901 的 HTTP 状态码 422`)), problems.join('\n'));
      mutated.components.schemas.Error.properties.code.enum.push(49999);
      assert.ok(disagreements(mutated, codes()).some((p) => p.startsWith('Error.code 的 enum 是') && p.includes('49999')));
    });
  });
}
