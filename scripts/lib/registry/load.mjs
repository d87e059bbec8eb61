// Loads glossary/registry/*.yaml (format: glossary/registry/README.md), checks each file's shape and
// builds the index the page rules (./rules.mjs) look facts up in. Every problem is a Chinese message
// with the file and line, so a writer can fix a registry file without reading this code.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

const PRODUCT_SECTIONS = [
  'product', 'name', 'aliases', 'areas', 'ui', 'states', 'messages', 'terms',
  'hosts', 'topics', 'errors', 'config', 'facts',
];
const EXAMPLE_SECTIONS = ['product', 'name', 'devices', 'names', 'point_tables', 'hosts', 'facts'];
const SPECIAL = new Set(['site', 'examples']);

export const ROLES = ['device', 'app', 'platform'];
export const PROTOCOLS = ['mqtt', 'stomp'];
export const CONFIG_FORMATS = ['toml', 'ini', 'properties'];
export const KEY_TYPES = ['int', 'float', 'string', 'bool', 'array'];
export const AREAS = ['holding', 'input', 'coil', 'discrete'];
export const POINT_TYPES = ['int16', 'uint16', 'int32', 'uint32', 'int64', 'float', 'double', 'bool', 'string'];

const FIELDS = {
  host: ['host', 'ports', 'note'],
  port: ['port', 'use', 'note'],
  topic: ['pattern', 'protocol', 'publishers', 'subscribers', 'payload', 'note'],
  api: ['api', 'codes', 'note'],
  code: ['code', 'http', 'meaning', 'macro', 'go', 'note'], // macro/go: a library's C macro and Go error
  config: ['file', 'format', 'default_for', 'keys', 'note'],
  key: ['key', 'type', 'default', 'range', 'unit', 'required', 'values', 'note'],
  fact: ['id', 'name', 'value', 'match', 'expect', 'note'],
  device: ['id', 'name', 'kind', 'lives_in', 'keys', 'points', 'model', 'location', 'protocol', 'note'],
  point: ['identifier', 'name', 'type', 'unit', 'access', 'area', 'register', 'note'],
};

/** Number of capture groups of a compiled regular expression. */
export const captureGroups = (re) => new RegExp(`${re.source}|`, re.flags.replace('g', '')).exec('').length - 1;

const isMap = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isText = (v) => typeof v === 'string' && v.trim() !== '';
const isInt = (v) => Number.isInteger(v);
const where = (p) => p.map((k, i) => (typeof k === 'number' ? `[${k}]` : i ? `.${k}` : k)).join('');

// The yaml package reports in English; these are the codes a hand-edited registry file can hit.
const YAML_ERRORS = {
  DUPLICATE_KEY: '重复的键',
  BAD_INDENT: '缩进不一致',
  MISSING_CHAR: '缺少闭合字符',
  BLOCK_AS_IMPLICIT_KEY: '映射的键不能跨行',
  MULTILINE_IMPLICIT_KEY: '映射的键不能跨行',
  TAB_AS_INDENT: '不能用制表符缩进',
  UNEXPECTED_TOKEN: '无法识别的内容',
  BAD_SCALAR_START: '值的开头无法识别（以 @、` 等开头的值需要加引号）',
};

/**
 * Parses and checks one registry file. Returns {data, problems} where problems are {line, message};
 * data is null when the YAML itself does not parse.
 */
export function parseRegistryFile(fileName, src) {
  const problems = [];
  const lineCounter = new YAML.LineCounter();
  const doc = YAML.parseDocument(src, {lineCounter, uniqueKeys: true});
  const lineAt = (node) => (node?.range ? lineCounter.linePos(node.range[0]).line : 1);
  const nodeAt = (p) => {
    let node = doc.contents;
    for (const k of p) {
      if (YAML.isMap(node)) node = node.items.find((it) => String(it.key?.value ?? it.key) === String(k))?.value ?? node;
      else if (YAML.isSeq(node) && typeof k === 'number') node = node.items[k] ?? node;
      else break;
    }
    return node;
  };
  const add = (p, message) => problems.push({line: lineAt(nodeAt(p)), message});

  // Later YAML errors are mostly consequences of the first one: report that one, with a hint for
  // the usual mistake (a plain value with [ ] , inside a { } flow mapping).
  if (doc.errors.length) {
    const e = doc.errors[0];
    const lines = src.split('\n');
    let line = e.linePos?.[0]?.line ?? 1;
    let detail = '';
    if (e.code === 'DUPLICATE_KEY') {
      // yaml points at the first key; name the key and point at its second occurrence.
      const first = lines[line - 1].match(/^(\s*)(-\s+)?([^:#]+?)\s*:/);
      if (first) {
        const again = lines.findIndex((l, i) => i >= line && new RegExp(`^${first[1]}(-\\s+)?${first[3].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`).test(l));
        detail = `「${first[3]}」`;
        if (again >= 0) line = again + 1;
      }
    }
    const hint = /\{[^}]*\[\]/.test(lines[line - 1] ?? '') ? '；{ } 中含 [ ]、逗号的值要加引号，例如 key: \'points[].address\'' : '';
    problems.push({line, message: `YAML 无法解析：${YAML_ERRORS[e.code] ?? `语法错误（${e.code}）`}${detail}${hint}`});
  }
  if (doc.errors.length) return {data: null, problems};

  const data = doc.toJS() ?? {};
  if (!isMap(data)) return {data: null, problems: [{line: 1, message: '文件顶层必须是映射（键: 值）'}]};
  const id = path.basename(fileName).replace(/\.ya?ml$/, '');
  const sections = id === 'examples' ? EXAMPLE_SECTIONS : PRODUCT_SECTIONS;
  for (const key of Object.keys(data)) {
    if (!sections.includes(key)) add([key], `未知的节 \`${key}\`（本文件可用：${sections.join('、')}）`);
  }
  if (data.product !== undefined && data.product !== id) add(['product'], `\`product\` 应为 \`${id}\`（文件名去掉 .yaml），实际为 \`${data.product}\``);
  if (data.name !== undefined && !isText(data.name)) add(['name'], '`name` 应为非空字符串');

  const checkFields = (p, obj, kind) => {
    if (!isMap(obj)) {
      add(p, `\`${where(p)}\` 应为映射`);
      return false;
    }
    for (const k of Object.keys(obj)) {
      if (!FIELDS[kind].includes(k)) add([...p, k], `\`${where(p)}\` 中未知的字段 \`${k}\`（可用：${FIELDS[kind].join('、')}）`);
    }
    return true;
  };
  const textList = (p, v) => {
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v) || !v.every(isText)) {
      add(p, `\`${where(p)}\` 应为非空字符串的列表`);
      return [];
    }
    const seen = new Set();
    for (const [i, s] of v.entries()) {
      if (seen.has(s)) add([...p, i], `\`${where(p)}\` 中「${s}」重复`);
      seen.add(s);
    }
    return v;
  };
  const list = (p, v) => {
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) {
      add(p, `\`${where(p)}\` 应为列表`);
      return [];
    }
    return v;
  };
  const need = (p, obj, field, test, what) => {
    if (obj[field] === undefined || obj[field] === null) add(p, `\`${where(p)}\` 缺少 \`${field}\``);
    else if (!test(obj[field])) add([...p, field], `\`${where([...p, field])}\` 应为${what}`);
  };

  const out = {
    product: id, name: data.name ?? id, aliases: textList(['aliases'], data.aliases),
    areas: textList(['areas'], data.areas), areasLine: lineAt(nodeAt(['areas'])),
  };

  // ui: a tree whose keys are the labels a reader sees; leaves are empty, a list of labels, or a map.
  out.ui = {labels: new Map()}; // label → list of ancestor paths
  const uiNode = YAML.isMap(doc.contents) ? doc.contents.items.find((it) => it.key?.value === 'ui')?.value : null;
  const walk = (node, ancestors) => {
    if (node === null || node === undefined || (YAML.isScalar(node) && node.value === null)) return;
    const entries = [];
    if (YAML.isMap(node)) {
      for (const it of node.items) entries.push({keyNode: it.key, value: it.value});
    } else if (YAML.isSeq(node)) {
      for (const it of node.items) {
        if (YAML.isMap(it)) for (const sub of it.items) entries.push({keyNode: sub.key, value: sub.value});
        else entries.push({keyNode: it, value: null});
      }
    } else {
      problems.push({line: lineAt(node), message: `界面树「${ancestors.at(-1)}」之下应为映射、列表或空，实际为 \`${node}\``});
      return;
    }
    for (const {keyNode, value} of entries) {
      const label = String(keyNode?.value ?? '').trim();
      if (!label || /[「」→]/.test(label)) {
        problems.push({line: lineAt(keyNode), message: `界面树的键应为界面上的文字（不含「」与 →），实际为 \`${keyNode?.value}\``});
        continue;
      }
      if (!out.ui.labels.has(label)) out.ui.labels.set(label, []);
      out.ui.labels.get(label).push(ancestors);
      walk(value, [...ancestors, label]);
    }
  };
  if (uiNode !== undefined && uiNode !== null) {
    if (!YAML.isMap(uiNode) && !(YAML.isScalar(uiNode) && uiNode.value === null)) add(['ui'], '`ui` 应为映射（界面树）');
    else walk(uiNode, []);
  }
  out.states = textList(['states'], data.states);
  out.messages = textList(['messages'], data.messages);
  out.terms = textList(['terms'], data.terms);

  out.hosts = [];
  const hostSeen = new Set();
  for (const [i, h] of list(['hosts'], data.hosts).entries()) {
    const p = ['hosts', i];
    if (!checkFields(p, h, 'host')) continue;
    need(p, h, 'host', isText, '非空字符串');
    if (hostSeen.has(h.host)) add([...p, 'host'], `主机 \`${h.host}\` 重复登记`);
    hostSeen.add(h.host);
    const ports = [];
    for (const [j, port] of list([...p, 'ports'], h.ports).entries()) {
      const pp = [...p, 'ports', j];
      if (!checkFields(pp, port, 'port')) continue;
      need(pp, port, 'port', (v) => isInt(v) && v > 0 && v < 65536, ' 1–65535 的整数');
      if (ports.includes(port.port)) add([...pp, 'port'], `主机 \`${h.host}\` 的端口 ${port.port} 重复登记`);
      ports.push(port.port);
    }
    if (isText(h.host)) out.hosts.push({host: h.host, ports, line: lineAt(nodeAt(p))});
  }

  out.topics = [];
  const topicSeen = new Set();
  for (const [i, t] of list(['topics'], data.topics).entries()) {
    const p = ['topics', i];
    if (!checkFields(p, t, 'topic')) continue;
    need(p, t, 'pattern', isText, '非空字符串');
    need(p, t, 'protocol', (v) => PROTOCOLS.includes(v), `${PROTOCOLS.join(' 或 ')}`);
    for (const side of ['publishers', 'subscribers']) {
      need(p, t, side, (v) => Array.isArray(v) && v.every((r) => ROLES.includes(r)), `列表，取值 ${ROLES.join('、')}`);
    }
    if (isText(t.pattern) && t.protocol === 'mqtt' && t.pattern.startsWith('/')) add([...p, 'pattern'], `MQTT 主题不以 / 开头：\`${t.pattern}\``);
    if (isText(t.pattern) && t.protocol === 'stomp' && !t.pattern.startsWith('/')) add([...p, 'pattern'], `STOMP 目的地以 / 开头：\`${t.pattern}\``);
    const sig = `${t.protocol} ${t.pattern}`;
    if (topicSeen.has(sig)) add([...p, 'pattern'], `主题 \`${t.pattern}\` 重复登记`);
    topicSeen.add(sig);
    if (isText(t.pattern) && PROTOCOLS.includes(t.protocol)) {
      out.topics.push({
        pattern: t.pattern, protocol: t.protocol,
        publishers: Array.isArray(t.publishers) ? t.publishers : [], subscribers: Array.isArray(t.subscribers) ? t.subscribers : [],
      });
    }
  }

  out.errors = [];
  const apiSeen = new Set();
  for (const [i, api] of list(['errors'], data.errors).entries()) {
    const p = ['errors', i];
    if (!checkFields(p, api, 'api')) continue;
    need(p, api, 'api', isText, '非空字符串（API 名称）');
    if (apiSeen.has(api.api)) add([...p, 'api'], `API \`${api.api}\` 重复登记`);
    apiSeen.add(api.api);
    const codes = [];
    for (const [j, c] of list([...p, 'codes'], api.codes).entries()) {
      const cp = [...p, 'codes', j];
      if (!checkFields(cp, c, 'code')) continue;
      need(cp, c, 'code', (v) => isInt(v) || isText(v), '整数或字符串');
      need(cp, c, 'meaning', isText, '非空字符串');
      const validHttp = (v) => isInt(v) && v >= 100 && v <= 599;
      if (c.http !== undefined && !(validHttp(c.http) || (Array.isArray(c.http) && c.http.length && c.http.every(validHttp)))) {
        add([...cp, 'http'], `\`${where([...cp, 'http'])}\` 应为 HTTP 状态码（100–599）或它们的列表`);
      }
      if (codes.some((x) => String(x.code) === String(c.code))) add([...cp, 'code'], `错误码 ${c.code} 在 \`${api.api}\` 中重复`);
      if (c.code !== undefined && isText(c.meaning)) {
        codes.push({code: String(c.code), http: c.http === undefined ? [] : [c.http].flat(), meaning: c.meaning.trim()});
      }
    }
    if (isText(api.api)) out.errors.push({api: api.api, codes});
  }

  out.config = [];
  const fileSeen = new Set();
  for (const [i, cf] of list(['config'], data.config).entries()) {
    const p = ['config', i];
    if (!checkFields(p, cf, 'config')) continue;
    need(p, cf, 'file', (v) => isText(v) && !/[\\/]/.test(v), '文件名（不含目录）');
    need(p, cf, 'format', (v) => CONFIG_FORMATS.includes(v), CONFIG_FORMATS.join('、'));
    if (cf.default_for !== undefined && !CONFIG_FORMATS.includes(cf.default_for)) add([...p, 'default_for'], `\`default_for\` 应为 ${CONFIG_FORMATS.join('、')}`);
    if (fileSeen.has(cf.file)) add([...p, 'file'], `配置文件 \`${cf.file}\` 重复登记`);
    fileSeen.add(cf.file);
    const keys = new Map();
    for (const [j, k] of list([...p, 'keys'], cf.keys).entries()) {
      const kp = [...p, 'keys', j];
      if (!checkFields(kp, k, 'key')) continue;
      need(kp, k, 'key', isText, '非空字符串');
      need(kp, k, 'type', (v) => KEY_TYPES.includes(v), KEY_TYPES.join('、'));
      if (k.range !== undefined && !(Array.isArray(k.range) && k.range.length === 2 && k.range.every((n) => typeof n === 'number') && k.range[0] <= k.range[1])) {
        add([...kp, 'range'], '`range` 应为 [最小值, 最大值] 两个数');
      }
      if (k.required !== undefined && typeof k.required !== 'boolean') add([...kp, 'required'], '`required` 应为 true 或 false');
      if (k.values !== undefined && !(Array.isArray(k.values) && k.values.length)) add([...kp, 'values'], '`values` 应为允许取值的列表');
      if (k.default !== undefined && k.default !== null && KEY_TYPES.includes(k.type) && !valueFitsType(k.default, k.type)) {
        add([...kp, 'default'], `默认值 \`${JSON.stringify(k.default)}\` 不是 ${k.type} 类型`);
      }
      if (keys.has(k.key)) add([...kp, 'key'], `键 \`${k.key}\` 在 \`${cf.file}\` 中重复`);
      if (isText(k.key)) keys.set(k.key, {...k});
    }
    if (isText(cf.file) && CONFIG_FORMATS.includes(cf.format)) {
      out.config.push({file: cf.file, format: cf.format, defaultFor: cf.default_for ?? null, keys, line: lineAt(nodeAt(p))});
    }
  }

  out.facts = [];
  for (const [i, f] of list(['facts'], data.facts).entries()) {
    const p = ['facts', i];
    if (!checkFields(p, f, 'fact')) continue;
    need(p, f, 'id', isText, '非空字符串');
    need(p, f, 'name', isText, '非空字符串');
    need(p, f, 'value', (v) => isText(v) || typeof v === 'number', '字符串或数字');
    need(p, f, 'match', isText, '正则表达式字符串');
    need(p, f, 'expect', (v) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' || typeof x === 'number'), '字符串列表');
    if (!isText(f.match) || !Array.isArray(f.expect)) continue;
    let re;
    try {
      re = new RegExp(f.match, 'gu');
    } catch (e) {
      add([...p, 'match'], `\`match\` 不是有效的正则表达式：${e.message.replace(/^Invalid regular expression: /, '')}`);
      continue;
    }
    const groups = captureGroups(re);
    if (groups !== f.expect.length) add([...p, 'expect'], `\`expect\` 有 ${f.expect.length} 项，\`match\` 有 ${groups} 个捕获组，两者必须相等`);
    else out.facts.push({id: f.id, name: f.name, value: String(f.value), re, expect: f.expect.map(String), line: lineAt(nodeAt(p))});
  }

  if (id === 'examples') Object.assign(out, parseExamples(data, {add, list, checkFields, need, textList}));
  return {data: out, problems};
}

function parseExamples(data, {add, list, checkFields, need, textList}) {
  const pointTables = new Map();
  if (data.point_tables !== undefined && !isMap(data.point_tables)) add(['point_tables'], '`point_tables` 应为映射（点表名: 点位列表）');
  for (const [name, points] of Object.entries(isMap(data.point_tables) ? data.point_tables : {})) {
    const table = [];
    for (const [i, pt] of list(['point_tables', name], points).entries()) {
      const p = ['point_tables', name, i];
      if (!checkFields(p, pt, 'point')) continue;
      need(p, pt, 'identifier', (v) => isText(v) && /^[A-Za-z][A-Za-z0-9_]*$/.test(v), '标识符（字母开头，字母、数字、下划线）');
      need(p, pt, 'type', (v) => POINT_TYPES.includes(v), POINT_TYPES.join('、'));
      need(p, pt, 'area', (v) => AREAS.includes(v), AREAS.join('、'));
      need(p, pt, 'register', (v) => isInt(v) && v >= 0 && v <= 65535, ' 0–65535 的整数（0 起始寄存器号）');
      if (table.some((x) => x.identifier === pt.identifier)) add([...p, 'identifier'], `点表 \`${name}\` 中标识符 \`${pt.identifier}\` 重复`);
      if (isText(pt.identifier)) table.push({...pt, table: name});
    }
    pointTables.set(name, table);
  }
  const devices = new Map();
  for (const [i, d] of list(['devices'], data.devices).entries()) {
    const p = ['devices', i];
    if (!checkFields(p, d, 'device')) continue;
    need(p, d, 'id', (v) => isText(v) && /^DEV-\d{8}-\d{4}$/.test(v), '形如 DEV-20240315-0001 的设备 ID');
    if (d.keys !== undefined && !(isMap(d.keys) && Object.values(d.keys).every(isText))) add([...p, 'keys'], '`keys` 应为映射（产品: 密钥）');
    if (d.lives_in !== undefined) textList([...p, 'lives_in'], d.lives_in);
    if (d.points !== undefined && !pointTables.has(d.points)) add([...p, 'points'], `点表 \`${d.points}\` 不存在于 \`point_tables\``);
    if (devices.has(d.id)) add([...p, 'id'], `设备 \`${d.id}\` 重复登记`);
    if (isText(d.id)) devices.set(d.id, {id: d.id, name: d.name, keys: isMap(d.keys) ? d.keys : {}, points: d.points ?? null});
  }
  return {devices, names: textList(['names'], data.names), pointTables};
}

/** Whether a registry value (default) or a parsed config value fits a key type. */
export function valueFitsType(v, type) {
  switch (type) {
    case 'int': return Number.isInteger(v) || typeof v === 'bigint';
    case 'float': return typeof v === 'number';
    case 'string': return typeof v === 'string';
    case 'bool': return typeof v === 'boolean';
    case 'array': return Array.isArray(v);
    default: return false;
  }
}

/**
 * Reads every *.yaml file of a registry directory (README and other files are ignored) and returns
 * {files: Map product → parsed file, problems: [{file, line, message}], index}.
 */
export function loadRegistry(dir) {
  const files = new Map();
  const problems = [];
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort() : [];
  for (const name of names) {
    const {data, problems: own} = parseRegistryFile(name, fs.readFileSync(path.join(dir, name), 'utf8'));
    for (const p of own) problems.push({file: name, ...p});
    if (data) files.set(data.product, data);
  }
  const {index, problems: cross} = buildIndex(files);
  problems.push(...cross);
  return {files, problems, index};
}

/** Cross-file checks (areas, default_for, fact ids) and the lookup tables the page rules use. */
export function buildIndex(files) {
  const problems = [];
  const areaToProduct = new Map();
  const defaultFor = new Map();
  const configFiles = new Map();
  const hosts = new Map();
  const factIds = new Map();
  for (const [product, f] of files) {
    const fileName = `${product}.yaml`;
    for (const area of f.areas ?? []) {
      if (areaToProduct.has(area)) problems.push({file: fileName, line: f.areasLine ?? 1, message: `目录 \`docs/${area}\` 已属于 ${areaToProduct.get(area)}.yaml，不能再列入 \`areas\``});
      else areaToProduct.set(area, product);
    }
    for (const cf of f.config ?? []) {
      if (configFiles.has(cf.file)) {
        problems.push({file: fileName, line: cf.line, message: `配置文件 \`${cf.file}\` 已在 ${configFiles.get(cf.file).product}.yaml 中登记`});
        continue;
      }
      configFiles.set(cf.file, {...cf, product});
      if (cf.defaultFor) {
        const prior = defaultFor.get(cf.defaultFor);
        if (prior) problems.push({file: fileName, line: cf.line, message: `\`${cf.defaultFor}\` 代码块已由 ${prior.product}.yaml 的 \`${prior.file}\` 设为 default_for，每种语言只能有一个`});
        else defaultFor.set(cf.defaultFor, {file: cf.file, product});
      }
    }
    // A host may be registered by several files (site.yaml's customer gateway, plus the port a
    // product's own service listens on there): the ports add up, the first file keeps the host.
    for (const h of f.hosts ?? []) {
      const prior = hosts.get(h.host);
      if (!prior) hosts.set(h.host, {ports: [...h.ports], product});
      else prior.ports = [...new Set([...prior.ports, ...h.ports])];
    }
    for (const fact of f.facts ?? []) {
      if (factIds.has(fact.id)) problems.push({file: fileName, line: fact.line, message: `事实 \`${fact.id}\` 已在 ${factIds.get(fact.id)}.yaml 中登记`});
      else factIds.set(fact.id, product);
    }
  }
  const examples = files.get('examples') ?? null;
  const points = new Map(); // identifier → [point]
  for (const table of examples?.pointTables?.values() ?? []) {
    for (const pt of table) points.set(pt.identifier, [...(points.get(pt.identifier) ?? []), pt]);
  }
  const deviceKeys = new Map(); // key → [{device, product}]
  for (const d of examples?.devices?.values() ?? []) {
    for (const [product, key] of Object.entries(d.keys)) deviceKeys.set(key, [...(deviceKeys.get(key) ?? []), {device: d.id, product}]);
  }
  const products = new Map([...files].filter(([id]) => !SPECIAL.has(id)));
  return {
    index: {files, products, site: files.get('site') ?? null, examples, areaToProduct, defaultFor, configFiles, hosts, points, deviceKeys},
    problems,
  };
}
