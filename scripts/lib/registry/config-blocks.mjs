// Reads the keys of a toml, ini or properties code block as flat dotted names (`upstream.keep_alive`,
// arrays of tables as `local.modbus_tcp.points[].address`) with the line each key is on and the type
// its value has, so the config-key rule can compare them with the registry.
import {parse as parseToml} from 'smol-toml';

const TOML_INT = /^[+-]?(?:\d[\d_]*|0x[\da-fA-F_]+|0o[0-7_]+|0b[01_]+)$/;

const unquoteKey = (k) => k.split('.').map((s) => s.trim().replace(/^(["'])(.*)\1$/, '$2')).join('.');

/** Type name of a parsed TOML value; the raw text tells an integer from a float. */
function tomlType(value, raw) {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return TOML_INT.test(raw.trim()) ? 'int' : 'float';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date || value?.constructor?.name === 'TomlDate') return 'datetime';
  return 'table';
}

/** Flattens inline tables and arrays of inline tables below a key. */
function flatten(key, value, raw, lineOffset, out) {
  if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && value.constructor?.name !== 'TomlDate') {
    for (const [k, v] of Object.entries(value)) flatten(`${key}.${k}`, v, JSON.stringify(v) ?? '', lineOffset, out);
    return;
  }
  if (Array.isArray(value) && value.length && value.every((v) => v && typeof v === 'object' && !Array.isArray(v))) {
    for (const item of value) for (const [k, v] of Object.entries(item)) flatten(`${key}[].${k}`, v, JSON.stringify(v) ?? '', lineOffset, out);
    return;
  }
  out.push({key, value, type: tomlType(value, raw), raw: raw.trim(), line: lineOffset});
}

function tomlEntries(code) {
  const lines = code.split('\n');
  const out = [];
  let table = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*(#|$)/.test(line)) continue;
    const arrayTable = line.match(/^\s*\[\[\s*([^\]]+?)\s*\]\]\s*(#.*)?$/);
    const plainTable = line.match(/^\s*\[\s*([^\]]+?)\s*\]\s*(#.*)?$/);
    if (arrayTable || plainTable) {
      table = arrayTable ? `${unquoteKey(arrayTable[1])}[]` : unquoteKey(plainTable[1]);
      continue;
    }
    const kv = line.match(/^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=\s*(.*)$/);
    if (!kv) continue;
    // A value may continue over several lines (arrays, multi-line strings): read until it parses.
    const keyLine = i;
    let raw = kv[2];
    let parsed;
    for (let j = i; j < lines.length && j < i + 200; j++) {
      if (j > i) raw += `\n${lines[j]}`;
      try {
        parsed = parseToml(`v = ${raw}`).v;
        i = j;
        break;
      } catch {
        parsed = undefined;
      }
    }
    if (parsed === undefined) continue;
    flatten((table ? `${table}.` : '') + unquoteKey(kv[1]), parsed, raw.replace(/\s+#[^"'\n]*$/, ''), keyLine, out);
  }
  return out;
}

/** INI and .properties values are text; the type is what the text looks like. */
function textType(raw) {
  if (/^[+-]?\d+$/.test(raw)) return 'int';
  if (/^[+-]?(\d+\.\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw)) return 'float';
  if (/^(true|false)$/i.test(raw)) return 'bool';
  return 'string';
}

function textValue(raw, type) {
  if (type === 'int' || type === 'float') return Number(raw);
  if (type === 'bool') return raw.toLowerCase() === 'true';
  return raw;
}

function iniEntries(code) {
  const out = [];
  let section = '';
  code.split('\n').forEach((line, i) => {
    if (/^\s*([;#]|$)/.test(line)) return;
    const sec = line.match(/^\s*\[\s*([^\]]+?)\s*\]\s*([;#].*)?$/);
    if (sec) {
      section = sec[1];
      return;
    }
    const kv = line.match(/^\s*([^=;#\s][^=]*?)\s*=\s*(.*?)\s*$/);
    if (!kv) return;
    const raw = kv[2].replace(/\s+[;#].*$/, '').replace(/^"(.*)"$/, '$1');
    const type = textType(raw);
    out.push({key: (section ? `${section}.` : '') + kv[1], value: textValue(raw, type), type, raw, line: i});
  });
  return out;
}

function propertiesEntries(code) {
  const out = [];
  const lines = code.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let line = lines[i];
    if (/^\s*([#!]|$)/.test(line)) continue;
    while (/\\$/.test(line) && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i].trim();
    const kv = line.match(/^\s*([^=:\s]+)\s*[=:]\s*(.*?)\s*$/);
    if (!kv) continue;
    const type = textType(kv[2]);
    out.push({key: kv[1], value: textValue(kv[2], type), type, raw: kv[2], line: start});
  }
  return out;
}

/** Keys of a config code block: [{key, value, type, raw, line}] with line 0-based within the code. */
export function configEntries(format, code) {
  if (format === 'toml') return tomlEntries(code);
  if (format === 'ini') return iniEntries(code);
  if (format === 'properties') return propertiesEntries(code);
  return [];
}

/**
 * Whether a value of `type` (as read from a page) fits the registered type. Text formats (ini,
 * properties) have no types, so any value fits a registered string there.
 */
export function typeFits(registered, found, format) {
  if (registered === found) return true;
  if (registered === 'float' && found === 'int') return true;
  if (registered === 'string' && format !== 'toml') return true;
  return false;
}
