// Data blocks: JSON, TOML, YAML parsed; INI and properties parsed line by line; keys of known
// configuration files checked against the configuration reference (./config-reference.ts), with
// their value types where the reference gives them; JSON of API pages validated against OpenAPI
// (./openapi.ts, driven from ../index.ts because curl bodies in bash blocks are checked there too).
import {parse as parseToml} from 'smol-toml';
import ts from 'typescript';
import YAML from 'yaml';
import type {Block, Problem} from '../blocks';
import {configReference, iniKeys, referenceFor, type ConfigFile, type ValueType} from './config-reference';

/** 1-based line of character `pos` in `text`. */
function lineAt(text: string, pos: number): number {
  return text.slice(0, pos).split('\n').length;
}

function jsonProblems(block: Block): Problem[] {
  try {
    JSON.parse(block.code);
    return [];
  } catch (e) {
    // V8's message has no position; TypeScript's JSON parser says where the error is.
    const diag = (ts.parseJsonText('block.json', block.code) as unknown as {parseDiagnostics?: ts.Diagnostic[]}).parseDiagnostics?.[0];
    const line = diag?.start !== undefined ? block.line + lineAt(block.code, diag.start) : block.line;
    return [{line, message: `JSON 无法解析：${(e as Error).message.split('\n')[0]}`}];
  }
}

/** Flattens a parsed TOML document to `a.b` keys with values; arrays of tables become `a.b[].c`. */
export function flattenToml(obj: Record<string, unknown>, prefix = ''): {key: string; value: unknown}[] {
  const out: {key: string; value: unknown}[] = [];
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (Array.isArray(v) && v.length && v.every((x) => x && typeof x === 'object' && !Array.isArray(x))) {
      for (const item of v) out.push(...flattenToml(item as Record<string, unknown>, `${key}[]`));
    } else if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) {
      out.push(...flattenToml(v as Record<string, unknown>, key));
    } else out.push({key, value: v});
  }
  return out;
}

function typeMatches(type: ValueType, value: unknown): boolean {
  switch (type) {
    case 'string': return typeof value === 'string';
    case 'bool': return typeof value === 'boolean';
    case 'int': return typeof value === 'number' ? Number.isInteger(value) : typeof value === 'bigint';
    case 'float': return typeof value === 'number';
  }
}

const TYPE_NAMES: Record<ValueType, string> = {string: '字符串', int: '整数', float: '数值', bool: '布尔值'};

/** Line (in the block) where `key`'s last segment is written, for messages. */
function keyLine(block: Block, key: string): number {
  const last = key.split('.').pop()!.replace('[]', '');
  const i = block.code.split('\n').findIndex((l) => new RegExp(`^\\s*${last.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*[=:]`).test(l));
  return block.line + (i < 0 ? 1 : i + 1);
}

function keyProblems(block: Block, ref: ConfigFile, entries: {key: string; value?: unknown}[]): Problem[] {
  const problems: Problem[] = [];
  const known = new Map(ref.keys.map((k) => [k.key, k]));
  for (const {key, value} of entries) {
    const k = known.get(key);
    if (!k) {
      problems.push({line: keyLine(block, key), message: `${ref.file} 没有键 ${key}（参考：${ref.source}）`});
    } else if (k.type && value !== undefined && !typeMatches(k.type, value)) {
      problems.push({line: keyLine(block, key), message: `${ref.file} 的 ${key} 应为${TYPE_NAMES[k.type]}，这里是 ${JSON.stringify(value)}`});
    }
  }
  return problems;
}

/** Lines of an INI file that are neither a section, a `key = value`, a comment nor blank. */
function iniProblems(block: Block): Problem[] {
  const problems: Problem[] = [];
  block.code.split('\n').forEach((line, i) => {
    if (!line.trim() || /^\s*[;#]/.test(line) || /^\s*\[[^\]]+\]\s*$/.test(line) || /^\s*[^=\s][^=]*=/.test(line)) return;
    problems.push({line: block.line + i + 1, message: `INI 无法解析：不是节、键值或注释：${line.trim()}`});
  });
  return problems;
}

/** Java properties / env file: `key=value` or `key: value` lines, comments with # or !, `\` continuations. */
function propertiesEntries(block: Block): {entries: {key: string}[]; problems: Problem[]} {
  const entries: {key: string}[] = [];
  const problems: Problem[] = [];
  const lines = block.code.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.trim() || /^\s*[#!]/.test(line)) continue;
    const m = line.match(/^\s*([^=:\s]+)\s*[=:]/);
    if (!m) { problems.push({line: block.line + i + 1, message: `properties 无法解析：${line.trim()}`}); continue; }
    entries.push({key: m[1]});
    while (/\\$/.test(lines[i]) && i + 1 < lines.length) i++;
  }
  return {entries, problems};
}

export function checkData(blocks: Block[], root: string): Map<Block, Problem[]> {
  const refs = configReference(root);
  const results = new Map<Block, Problem[]>();
  for (const block of blocks) {
    const problems: Problem[] = [];
    results.set(block, problems);
    const ref = block.meta.config === 'none' ? undefined : referenceFor(refs, block.lang, block.meta.title);
    switch (block.lang) {
      case 'json':
        problems.push(...jsonProblems(block));
        break;
      case 'yaml':
        try { YAML.parse(block.code); } catch (e) {
          const linePos = (e as {linePos?: {line: number}[]}).linePos?.[0]?.line;
          problems.push({line: linePos ? block.line + linePos : block.line, message: `YAML 无法解析：${String((e as Error).message).split('\n')[0]}`});
        }
        break;
      case 'toml': {
        let doc: Record<string, unknown>;
        try { doc = parseToml(block.code); } catch (e) {
          const line = (e as {line?: number}).line;
          problems.push({line: line ? block.line + line : block.line, message: `TOML 无法解析：${String((e as Error).message).split('\n')[0]}`});
          break;
        }
        if (ref && ref.format === 'toml') problems.push(...keyProblems(block, ref, flattenToml(doc)));
        break;
      }
      case 'ini':
        problems.push(...iniProblems(block));
        if (ref && ref.format === 'ini' && problems.length === 0) problems.push(...keyProblems(block, ref, iniKeys(block.code).map((key) => ({key}))));
        break;
      case 'properties': {
        const {entries, problems: p} = propertiesEntries(block);
        problems.push(...p);
        if (ref && ref.format === 'properties') problems.push(...keyProblems(block, ref, entries));
        break;
      }
    }
  }
  return results;
}
