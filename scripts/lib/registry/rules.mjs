// The content lint's registry rules (glossary/registry/README.md「检查规则」): each page is read
// against the facts registry and every disagreement becomes one Chinese finding
// {line, rule, message} with message「页面：…；登记表：…」.
import {AREAS, POINT_TYPES} from './load.mjs';
import {cellText, logicalLines, parsePage} from './page.mjs';
import {configEntries, typeFits} from './config-blocks.mjs';

/** Every product the registry README names; a host named after one without a file is not judged yet. */
const KNOWN_PRODUCTS = ['neptune', 'janus', 'triton', 'lowcode', 'automation', 'open-platform'];
const ROLE_NAMES = {device: '设备', app: '应用', platform: '平台'};
const QUOTE = /「([^「」\n]*)」/g;
const CHAIN_LINK = /^\s*(?:→|>)\s*(?:[^「」→>，。；、\n]{1,20}?\s*(?:→|>)\s*)*$/;
const TOPIC = /(?<![\w/.$%{}<>\]-])((?:\/topic\/|devices\/)[\w{}<>$%+#.:\-/]*[\w{}<>+#%])/g;
const DEVICE_ID = /\bDEV-\d{8}-\d{4}\b/g;
const HOST = /(?<![\w.@-])((?:[a-z0-9-]+\.)+example\.com)\b(?::(\d+))?/gi;
const ERROR_NUMBER = /(?<![\w.\-:/%])([459]\d{4})(?![\w.\-:/–~%])/g;
const UNIT_AFTER = /^\s*(?:个|条|台|次|秒|毫秒|ms\b|s\b|rpm|字节|B\b|KB|MB|点|行|项|元|℃|小时|分钟|天|年|mm|像素|px)/;
const MODBUS_CONTEXT = /\bHR\b|\bIR\b|寄存器|Modbus|Modicon|地址|holding|\binput\b|\bcoil\b|discrete|万区|register|点表|address/i;
const CODE_NUMBER = [
  /\bcode\b["'`]?\s*(?:===?|!==?|==|:|=)\s*([459]\d{4})\b/g,
  /\bcase\s+([459]\d{4})\s*:/g,
  /^\s*["']?([459]\d{4})["']?\s*:/g,
];
const KEY_CONTEXT = /(?:deviceKey|device_key|DEVICE_KEY|\bkey|密钥|password|passwd|-P|-pw|X-Device-Key)[\s"'`:=：,]{0,6}([A-Za-z0-9]{8,32})\b/g;
const MODICON_BASE = {holding: 40001, input: 30001, coil: 1, discrete: 10001};
const JANUS_PREFIX = {holding: 'HR', input: 'IR', coil: 'CO', discrete: 'DI'};
const TYPE_WORDS = {
  int: 'int', integer: 'int', 整数: 'int', int32: 'int', int64: 'int', uint: 'int', long: 'int',
  float: 'float', double: 'float', number: 'float', 浮点数: 'float', 小数: 'float', 数字: 'float',
  string: 'string', str: 'string', 字符串: 'string', 文本: 'string',
  bool: 'bool', boolean: 'bool', 布尔: 'bool', 布尔值: 'bool',
  array: 'array', 数组: 'array', 列表: 'array', 表数组: 'array',
};

const fmtList = (items, max = 6) => (items.length > max ? `${items.slice(0, max).join('、')} 等 ${items.length} 个` : items.join('、'));
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function levenshtein(a, b) {
  const row = Array.from({length: b.length + 1}, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}

/** What one registry index needs per page: product scope, label sets, topic lists; cached per scope. */
class Scope {
  constructor(index) {
    this.index = index;
    this.cache = new Map();
    this.mentionTerms = [...index.products.values()].map((p) => ({product: p.product, terms: [p.name, ...p.aliases].filter(Boolean)}));
    this.hostOwners = [...index.hosts].filter(([, h]) => index.products.has(h.product)).map(([host, h]) => ({host, product: h.product}));
  }

  /** Products the line names (by name, alias or one of their registered hosts). */
  mentions(text) {
    const out = new Set();
    for (const {product, terms} of this.mentionTerms) if (terms.some((t) => text.includes(t))) out.add(product);
    for (const {host, product} of this.hostOwners) if (text.includes(host)) out.add(product);
    return out;
  }

  get(products) {
    const key = [...products].sort().join(',');
    let s = this.cache.get(key);
    if (s) return s;
    const files = [...products].map((p) => this.index.files.get(p)).filter(Boolean);
    const withSite = this.index.site ? [...files, this.index.site] : files;
    const labels = new Set([...(this.index.examples?.names ?? []), ...[...(this.index.examples?.devices?.values() ?? [])].map((d) => d.name).filter(Boolean)]);
    for (const f of withSite) {
      for (const l of f.ui.labels.keys()) labels.add(l);
      for (const l of [...f.states, ...f.messages, ...f.terms]) labels.add(l);
    }
    const uiKeys = new Set(withSite.flatMap((f) => [...f.ui.labels.keys()]));
    s = {
      products: files.map((f) => f.product),
      names: `作用域（${[...files.map((f) => f.name), ...(this.index.site ? ['站点通用'] : [])].join('、')}）`,
      files: withSite,
      labels,
      uiKeys,
      topics: files.flatMap((f) => f.topics.map((t) => ({...t, product: f.product}))),
      errors: withSite.flatMap((f) => f.errors.flatMap((api) => api.codes.map((c) => ({...c, api: api.api})))),
    };
    this.cache.set(key, s);
    return s;
  }
}

const scopes = new WeakMap();
const scopeFor = (index) => {
  if (!scopes.has(index)) scopes.set(index, new Scope(index));
  return scopes.get(index);
};

/** Splits a topic into segments and tells whether a page literal matches a registered pattern. */
export function topicMatches(literal, pattern) {
  const p = literal.split('/');
  const r = pattern.split('/');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '#') return i <= r.length;
    if (i >= r.length) return false;
    if (/^\{[^}]+\}$/.test(r[i])) {
      if (!p[i]) return false;
    } else if (p[i] !== '+' && p[i] !== r[i]) return false;
  }
  return p.length === r.length;
}

/** Collapses `'devices/' + id + '/data/up'` string concatenation into one literal with a placeholder. */
const collapseConcat = (text) => text.replace(/(["'`])\s*\+\s*[\w$.()[\]]+\s*\+\s*\1/g, '{x}');

function topicsIn(text) {
  const out = [];
  for (const m of text.matchAll(TOPIC)) {
    const lit = m[1].replace(/\.+$/, '');
    if (/\.(mdx?|svg|png|jpe?g|json|html?|ya?ml)$/.test(lit) || text.slice(Math.max(0, m.index - 2), m.index) === '](') continue;
    out.push({literal: lit, index: m.index});
  }
  return out;
}

/**
 * Lints one page. relPath is the path from the site root (`docs/neptune/…`); index comes from
 * loadRegistry. Returns [{line, rule, message}] sorted by line, and the page's config="none" blocks.
 */
export function lintPage(relPath, src, index) {
  const problems = [];
  const add = (line, rule, page, registry) => problems.push({line, rule, message: `页面：${page}；登记表：${registry}`});
  const area = relPath.split(/[\\/]/)[1];
  const own = index.areaToProduct.get(area) ?? null;
  const migrated = own !== null;
  const scope = scopeFor(index);
  const base = new Set(migrated ? [own] : []);
  if (own === 'triton') for (const p of ['neptune', 'janus']) if (index.products.has(p)) base.add(p);
  const lineScope = (text) => {
    const mentioned = scope.mentions(text);
    return {s: scope.get(new Set([...base, ...mentioned])), mentioned};
  };
  const page = parsePage(src);
  const noneBlocks = [];
  const errorTableRows = new Set();

  if (migrated) {
    checkLabels(page, lineScope, add);
    checkTopics(page, lineScope, index, add);
    checkErrorCodes(page, lineScope, add, errorTableRows);
    checkConfig(page, index, add, noneBlocks);
  }
  checkHosts(page, index, migrated, add);
  checkFacts(page, index, migrated, add);
  if (index.examples) {
    checkDevices(page, index, own, scope, add);
    checkPoints(page, index, add);
  }
  problems.sort((a, b) => a.line - b.line);
  return {problems, noneBlocks};
}

// ── ui-label, ui-path ────────────────────────────────────────────────────────────────────────────

function quotesOn(line) {
  const out = [];
  for (const m of line.masked.matchAll(QUOTE)) {
    const inner = m[1].includes('\u0001') ? line.text.slice(m.index + 1, m.index + m[0].length - 1).replace(/`/g, '') : m[1];
    out.push({label: inner.trim(), start: m.index, end: m.index + m[0].length});
  }
  return out;
}

function suggestions(label, labels) {
  const near = [];
  for (const l of labels) {
    if (Math.abs(l.length - label.length) > 2 || l === label) continue;
    if (levenshtein(l, label) <= Math.max(1, Math.floor(label.length / 3))) near.push(l);
  }
  for (const l of labels) if (near.length < 3 && l.length >= 2 && label.length >= 2 && (l.includes(label) || label.includes(l)) && !near.includes(l)) near.push(l);
  return near.slice(0, 3);
}

function checkLabels(page, lineScope, add) {
  for (const line of page.lines) {
    const quotes = quotesOn(line);
    if (!quotes.length) continue;
    const {s} = lineScope(line.text);
    for (const q of quotes) {
      if (!q.label || s.labels.has(q.label)) continue;
      const near = suggestions(q.label, s.labels);
      add(line.lineNo, 'ui-label', `「${q.label}」`, `${s.names}的界面文字中没有「${q.label}」${near.length ? `（相近：${near.map((n) => `「${n}」`).join('')}）` : ''}`);
    }
    for (let i = 0; i + 1 < quotes.length; i++) {
      const a = quotes[i];
      const b = quotes[i + 1];
      if (!CHAIN_LINK.test(line.masked.slice(a.end, b.start))) continue;
      if (!s.uiKeys.has(a.label) || !s.uiKeys.has(b.label)) continue;
      const isLast = !(quotes[i + 2] && CHAIN_LINK.test(line.masked.slice(b.end, quotes[i + 2].start)));
      if (isLast && scopeSiteButton(s, b.label)) continue;
      // site.yaml's tree (other programs' menus: Windows, Visual Studio…) is a tree like any product's.
      const paths = s.files.flatMap((f) => f.ui.labels.get(b.label) ?? []);
      if (paths.some((anc) => anc.includes(a.label))) continue;
      const where = paths.slice(0, 2).map((anc) => [...anc, b.label].join(' › '));
      add(line.lineNo, 'ui-path', `「${a.label}」→「${b.label}」`, `「${b.label}」不在「${a.label}」之下${where.length ? `（「${b.label}」在 ${where.join('；')}）` : ''}`);
    }
  }
}

const scopeSiteButton = (s, label) => s.files.some((f) => f.product === 'site' && f.ui.labels.has(label));

// ── topic ────────────────────────────────────────────────────────────────────────────────────────

function allowedTopics(s, mentioned) {
  if (mentioned.has('neptune') && !mentioned.has('janus') && s.products.includes('neptune')) {
    return {topics: s.topics.filter((t) => t.product === 'neptune'), names: 'Neptune（本行只提到 Neptune）'};
  }
  return {topics: s.topics, names: s.names};
}

function checkTopics(page, lineScope, index, add) {
  const report = (lineNo, text, literal, role) => {
    const {s, mentioned} = lineScope(text);
    const {topics, names} = allowedTopics(s, mentioned);
    const protocol = literal.startsWith('/') ? 'stomp' : 'mqtt';
    const matched = topics.filter((t) => t.protocol === protocol && topicMatches(literal, t.pattern));
    if (!matched.length) {
      const known = [...new Set(topics.map((t) => `\`${t.pattern}\``))];
      add(lineNo, 'topic', `\`${literal}\``, `${names}没有登记这个主题${known.length ? `（已登记：${fmtList(known)}）` : ''}`);
      return;
    }
    if (!role) return;
    const side = role === 'pub' ? 'publishers' : 'subscribers';
    if (matched.some((t) => t[side].includes('device') || t[side].includes('app'))) return;
    const t = matched[0];
    add(lineNo, 'topic', `${role === 'pub' ? '发布到' : '订阅'} \`${literal}\``,
      `\`${t.pattern}\` 的${role === 'pub' ? '发布方' : '订阅方'}只有${t[side].map((r) => ROLE_NAMES[r]).join('、') || '（无）'}`);
  };

  for (const line of page.lines) {
    for (const {literal} of topicsIn(line.text)) report(line.lineNo, line.text, literal, null);
  }
  for (const block of page.codeBlocks) {
    const vars = new Map();
    for (const line of logicalLines(block.lines)) {
      const text = collapseConcat(line.text);
      const found = topicsIn(text);
      const assign = text.match(/(?:^|[\s;(])\$?\{?([A-Za-z_][\w]*)\}?\s*(?::=|=)\s*(.*)$/);
      if (assign && found.length) vars.set(assign[1], found[0].literal);
      const call = callRole(text);
      let callTopic = null;
      if (call) {
        const arg = call.arg;
        const lit = topicsIn(arg)[0]?.literal;
        callTopic = lit ?? vars.get(arg.replace(/^["'`]?\$?\{?|\}?["'`]?$/g, '').trim()) ?? null;
      }
      for (const {literal} of found) {
        report(line.lineNo, line.text, literal, call && callTopic === literal ? call.role : null);
      }
      if (call && callTopic && !found.some((f) => f.literal === callTopic)) report(line.lineNo, line.text, callTopic, call.role);
    }
  }
}

/** The topic argument of a publish/subscribe call on a (logical) code line. */
function callRole(text) {
  const cli = text.match(/\bmosquitto_(pub|sub)\b.*?(?:-t|--topic)\s+("[^"]*"|'[^']*'|\S+)/);
  if (cli) return {role: cli[1], arg: cli[2]};
  const fn = text.match(/(?:\.(publish|subscribe)|\b(Publish|Subscribe))\s*\(\s*(`[^`]*`|"[^"]*"|'[^']*'|[\w$.]+)/);
  if (fn) return {role: /^p/i.test(fn[1] ?? fn[2]) ? 'pub' : 'sub', arg: fn[3]};
  return null;
}

// ── error-code ───────────────────────────────────────────────────────────────────────────────────

function checkErrorCodes(page, lineScope, add, errorTableRows) {
  for (const table of page.tables) {
    if (table.header[0] !== '错误码') continue;
    const meaningAt = table.header.indexOf('含义');
    const httpAt = table.header.indexOf('HTTP 状态码');
    for (const row of table.rows) {
      errorTableRows.add(row.lineNo);
      const code = cellText(row.cells[0] ?? '');
      if (!code) continue;
      const {s} = lineScope(row.text);
      const entries = s.errors.filter((e) => e.code === code);
      if (!entries.length) {
        add(row.lineNo, 'error-code', `错误码 ${code}`, `${s.names}没有登记这个错误码`);
        continue;
      }
      let fitting = entries;
      if (meaningAt >= 0) {
        const meaning = cellText(row.cells[meaningAt] ?? '');
        fitting = entries.filter((e) => e.meaning === meaning);
        if (!fitting.length) {
          add(row.lineNo, 'error-code', `${code} 的含义“${meaning}”`, entries.map((e) => `“${e.meaning}”（${e.api}）`).join('、'));
          continue;
        }
      }
      if (httpAt >= 0) {
        // A cell may list several statuses (「400 / 416」); each must be registered for the code.
        const http = cellText(row.cells[httpAt] ?? '');
        const statuses = http.split(/\s*(?:\/|、|,|，|或)\s*/).filter(Boolean);
        if (!fitting.some((e) => statuses.length && statuses.every((st) => e.http.map(String).includes(st)))) {
          add(row.lineNo, 'error-code', `${code} 的 HTTP 状态码 ${http || '（空）'}`, fitting.map((e) => `${e.http.join('、') || '未登记'}（${e.api}）`).join('、'));
        }
      }
    }
  }
  const cited = (lineNo, text, code) => {
    const {s} = lineScope(text);
    if (!s.errors.some((e) => e.code === code)) add(lineNo, 'error-code', `错误码 ${code}`, `${s.names}没有登记这个错误码`);
  };
  const tableHeaderOf = new Map();
  for (const t of page.tables) for (const r of t.rows) tableHeaderOf.set(r.lineNo, t.header.join(' '));
  for (const line of page.lines) {
    if (errorTableRows.has(line.lineNo)) continue;
    const context = `${line.text} ${tableHeaderOf.get(line.lineNo) ?? ''}`;
    if (MODBUS_CONTEXT.test(context)) continue;
    for (const m of line.text.matchAll(ERROR_NUMBER)) {
      if (UNIT_AFTER.test(line.text.slice(m.index + 5))) continue;
      cited(line.lineNo, line.text, m[1]);
    }
  }
  for (const block of page.codeBlocks) {
    for (const line of block.lines) {
      if (MODBUS_CONTEXT.test(line.text)) continue;
      const seen = new Set();
      for (const re of CODE_NUMBER) {
        for (const m of line.text.matchAll(re)) {
          if (seen.has(m[1])) continue;
          seen.add(m[1]);
          cited(line.lineNo, line.text, m[1]);
        }
      }
    }
  }
}

/** Client-side ports (IANA dynamic range) in logs and `ss` output are nobody's registered service port. */
const isEphemeral = (port) => Number(port) >= 49152;

// ── host ─────────────────────────────────────────────────────────────────────────────────────────

function checkHosts(page, index, migrated, add) {
  const known = (host) => {
    const h = index.hosts.get(host);
    if (!h) return null;
    if (!migrated && index.products.has(h.product)) return null; // unmigrated pages: site and examples only
    return h;
  };
  const placeholders = [...index.hosts.keys()].filter((h) => !/\.example\.com$/i.test(h)).map((h) => ({host: h, re: new RegExp(`(?<![\\w.-])${escapeRe(h)}:(\\d+)\\b`, 'g')}));
  const lines = [...page.lines, ...page.codeBlocks.flatMap((b) => b.lines)];
  for (const {lineNo, text} of lines) {
    for (const m of text.matchAll(HOST)) {
      const host = m[1].toLowerCase();
      const h = known(host);
      if (!h) {
        if (!migrated || index.hosts.has(host)) continue;
        const owner = KNOWN_PRODUCTS.find((p) => host.split('.').includes(p));
        if (owner && !index.files.has(owner)) continue;
        add(lineNo, 'host', `\`${host}\``, '没有登记这个主机');
        continue;
      }
      if (m[2] && !isEphemeral(m[2]) && !h.ports.includes(Number(m[2]))) add(lineNo, 'host', `\`${host}:${m[2]}\``, `\`${host}\` 的端口是 ${h.ports.join('、') || '（未登记端口）'}`);
    }
    for (const {host, re} of placeholders) {
      if (!text.includes(host)) continue;
      const h = known(host);
      if (!h) continue;
      for (const m of text.matchAll(re)) {
        if (!isEphemeral(m[1]) && !h.ports.includes(Number(m[1]))) add(lineNo, 'host', `\`${host}:${m[1]}\``, `\`${host}\` 的端口是 ${h.ports.join('、') || '（未登记端口）'}`);
      }
    }
  }
}

// ── config-key ───────────────────────────────────────────────────────────────────────────────────

const normType = (t) => {
  const w = cellText(t).toLowerCase().replace(/\s+/g, '');
  if (!w) return null;
  if (w.endsWith('[]')) return 'array';
  return TYPE_WORDS[w] ?? null;
};

function defaultMatches(registered, pageText) {
  const text = cellText(pageText).replace(/^["']|["']$/g, '');
  if (typeof registered === 'number') {
    const n = text.match(/-?\d+(?:\.\d+)?/);
    return n !== null && Number(n[0]) === registered;
  }
  if (typeof registered === 'boolean') return text.toLowerCase().startsWith(String(registered));
  const r = String(registered);
  if (r === '') return /^(|空|（空）|空字符串|""|''|无|-|—)$/.test(text);
  return text === r || text.startsWith(`${r}（`) || text.startsWith(`${r} `) || text.replace(/^"|"$/g, '') === r;
}

function checkConfig(page, index, add, noneBlocks) {
  for (const block of page.codeBlocks) {
    if (!['toml', 'ini', 'properties'].includes(block.lang)) continue;
    if (block.config === 'none') {
      noneBlocks.push(block.lineNo);
      continue;
    }
    const name = block.title ? block.title.split(/[\\/]/).pop() : null;
    const cf = name ? index.configFiles.get(name) : index.configFiles.get(index.defaultFor.get(block.lang)?.file);
    if (!cf) continue;
    for (const e of configEntries(block.lang, block.code)) {
      const lineNo = block.lineNo + 1 + e.line;
      const spec = cf.keys.get(e.key);
      const shown = `\`${e.key} = ${e.raw.split('\n')[0]}\``;
      if (!spec) {
        add(lineNo, 'config-key', `\`${e.key}\`（${cf.file}）`, `${cf.file} 没有这个键`);
        continue;
      }
      if (!typeFits(spec.type, e.type, block.lang)) {
        add(lineNo, 'config-key', `${shown}（${e.type}）`, `类型 ${spec.type}`);
        continue;
      }
      if (spec.range && typeof e.value === 'number' && (e.value < spec.range[0] || e.value > spec.range[1])) {
        add(lineNo, 'config-key', shown, `范围 ${spec.range[0]}–${spec.range[1]}${spec.unit ? ` ${spec.unit}` : ''}`);
      }
      if (spec.values && !spec.values.map(String).includes(String(e.value))) {
        add(lineNo, 'config-key', shown, `取值 ${spec.values.join('、')}`);
      }
    }
  }
  // Parameter tables: a first column naming a registered key must agree on 类型 and 默认值.
  const headingOrSection = /`\[\[?\s*([\w.-]+)\s*\]\]?`/g;
  for (const table of page.tables) {
    const typeAt = table.header.indexOf('类型');
    const defaultAt = table.header.indexOf('默认值');
    if (typeAt < 1 && defaultAt < 1) continue;
    let section = null;
    for (let i = page.lines.findIndex((l) => l.lineNo === table.lineNo) - 1; i >= 0; i--) {
      const t = page.lines[i].text;
      const m = [...t.matchAll(headingOrSection)].pop();
      if (m) {
        section = /`\[\[/.test(m[0]) ? `${m[1]}[]` : m[1];
        break;
      }
      if (/^#{1,6}\s/.test(t)) break;
    }
    for (const row of table.rows) {
      const key = cellText(row.cells[0] ?? '');
      if (!key || !/^`[^`]+`$/.test(row.cells[0].trim())) continue;
      const matches = [];
      for (const cf of index.configFiles.values()) {
        for (const k of [key, section ? `${section}.${key}` : null]) {
          if (k && cf.keys.has(k)) matches.push({cf, spec: cf.keys.get(k), key: k});
        }
      }
      if (!matches.length) continue;
      const {cf, spec, key: full} = matches[0];
      if (typeAt > 0) {
        const t = normType(row.cells[typeAt] ?? '');
        if (t && !matches.some((m) => m.spec.type === t)) {
          add(row.lineNo, 'config-key', `\`${full}\` 的类型 ${cellText(row.cells[typeAt])}`, `类型 ${spec.type}（${cf.file}）`);
        }
      }
      if (defaultAt > 0 && spec.default !== undefined && spec.default !== null) {
        const cell = row.cells[defaultAt] ?? '';
        if (!matches.some((m) => defaultMatches(m.spec.default, cell))) {
          add(row.lineNo, 'config-key', `\`${full}\` 的默认值 ${cellText(cell) || '（空）'}`, `默认值 ${spec.default === '' ? '""' : JSON.stringify(spec.default).replace(/^"|"$/g, '')}${spec.unit ? ` ${spec.unit}` : ''}（${cf.file}）`);
        }
      }
    }
  }
}

// ── fact ─────────────────────────────────────────────────────────────────────────────────────────

function checkFacts(page, index, migrated, add) {
  const files = migrated ? [...index.files.values()] : [index.site, index.examples].filter(Boolean);
  const facts = files.flatMap((f) => f.facts ?? []);
  if (!facts.length) return;
  for (const line of page.lines) {
    for (const fact of facts) {
      for (const m of line.text.matchAll(fact.re)) {
        const got = m.slice(1).map((g) => g ?? '');
        if (got.every((g, i) => g === fact.expect[i])) continue;
        add(line.lineNo, 'fact', `“${m[0].replace(/`/g, '').trim()}”`, `${fact.name} ${fact.value}（${fact.id}）`);
      }
    }
  }
}

// ── example-device ───────────────────────────────────────────────────────────────────────────────

function keysOn(text, index) {
  const found = new Map();
  for (const key of index.deviceKeys.keys()) {
    if (text.includes(key) && new RegExp(`(?<![A-Za-z0-9])${escapeRe(key)}(?![A-Za-z0-9])`).test(text)) found.set(key, text.indexOf(key));
  }
  for (const m of text.matchAll(KEY_CONTEXT)) {
    const k = m[1];
    if (/\d/.test(k) && /[A-Za-z]/.test(k) && !/^DEV/.test(k) && !found.has(k)) found.set(k, m.index + m[0].length - k.length);
  }
  return [...found.keys()];
}

const PRODUCT_LABEL = {neptune: 'Neptune', janus: 'Janus'};
/** Whose deviceKey a line or block means: the one product of the two it names, else the page's own. */
const keyProduct = (mentioned, own) => {
  const n = mentioned.has('neptune');
  const j = mentioned.has('janus');
  if (n && !j) return 'neptune';
  if (j && !n) return 'janus';
  if (n && j) return null;
  return own === 'neptune' || own === 'janus' ? own : null;
};

function checkKey(lineNo, deviceId, key, product, index, add) {
  const d = index.examples.devices.get(deviceId);
  if (!d) return;
  const allowed = product && d.keys[product] ? [d.keys[product]] : Object.values(d.keys);
  if (!allowed.length || allowed.includes(key)) return;
  const registered = Object.entries(d.keys).map(([p, k]) => `${PRODUCT_LABEL[p] ?? p} 密钥 \`${k}\``).join('，');
  add(lineNo, 'example-device', `\`${deviceId}\` 的密钥 \`${key}\``, `${deviceId} 的${product && d.keys[product] ? ` ${PRODUCT_LABEL[product] ?? product} ` : ''}密钥是 ${product && d.keys[product] ? `\`${d.keys[product]}\`` : registered}`);
}

function checkDevices(page, index, own, scope, add) {
  const devices = index.examples.devices;
  const knownList = [...devices.keys()];
  const unknown = (lineNo, id) => add(lineNo, 'example-device', `\`${id}\``, `examples.yaml 没有这台示例设备（已登记：${fmtList(knownList, 4)}）`);
  for (const line of page.lines) {
    const ids = [...line.text.matchAll(DEVICE_ID)].map((m) => m[0]);
    for (const id of ids) if (!devices.has(id)) unknown(line.lineNo, id);
    const registeredIds = ids.filter((id) => devices.has(id));
    if (!registeredIds.length) continue;
    const product = keyProduct(scope.mentions(line.text), own);
    const fits = (id, key) => {
      const keys = devices.get(id).keys;
      return product && keys[product] ? keys[product] === key : Object.values(keys).includes(key);
    };
    for (const key of keysOn(line.text, index)) {
      if (!registeredIds.some((id) => fits(id, key))) checkKey(line.lineNo, registeredIds[0], key, product, index, add);
    }
  }
  for (const block of page.codeBlocks) {
    const idLines = [];
    for (const line of block.lines) {
      for (const m of line.text.matchAll(DEVICE_ID)) {
        if (!devices.has(m[0])) unknown(line.lineNo, m[0]);
        else idLines.push({lineNo: line.lineNo, id: m[0]});
      }
    }
    if (!idLines.length) continue;
    let product = keyProduct(scope.mentions(block.code), own);
    let tritonKeyLine = null;
    if (['toml', 'ini'].includes(block.lang)) {
      const entries = configEntries(block.lang, block.code);
      const get = (k) => entries.find((e) => e.key === k);
      const id = get('device.id');
      const key = get('device.key');
      if (id && key && devices.has(String(id.value))) {
        const target = String(get('upstream.target')?.value ?? 'neptune');
        if (target === 'neptune' || target === 'janus') product = target;
        tritonKeyLine = block.lineNo + 1 + key.line;
        if (/^[A-Za-z0-9]+$/.test(String(key.value))) checkKey(tritonKeyLine, String(id.value), String(key.value), product, index, add);
      }
    }
    for (const line of block.lines) {
      if (line.lineNo === tritonKeyLine) continue;
      for (const key of keysOn(line.text, index)) {
        const nearest = idLines.reduce((best, d) => {
          const dist = d.lineNo <= line.lineNo ? line.lineNo - d.lineNo : (d.lineNo - line.lineNo) + 0.5;
          return !best || dist < best.dist ? {id: d.id, dist} : best;
        }, null);
        checkKey(line.lineNo, nearest.id, key, product, index, add);
      }
    }
  }
}

// ── example-point ────────────────────────────────────────────────────────────────────────────────

const modicon = (pt) => MODICON_BASE[pt.area] + pt.register;
const pointText = (pt) => `\`${pt.identifier}\` 是 ${pt.area} 寄存器 ${pt.register}（${String(modicon(pt)).padStart(5, '0')}、${JANUS_PREFIX[pt.area]}:${pt.register}），${pt.type}（${pt.table} 点表）`;

/** Reads an address written one of the three ways into {area, register}. */
function parseAddress(text, {area = null, modiconOnly = false} = {}) {
  const t = text.trim();
  const janus = t.match(/^(HR|IR|CO|DI):(\d+)(?:,\d+)?$/);
  if (janus) return {area: Object.keys(JANUS_PREFIX).find((a) => JANUS_PREFIX[a] === janus[1]), register: Number(janus[2])};
  const five = t.match(/^(?:HR\s*)?([0134]\d{4})(?:\s*[-–~]\s*[0134]\d{4})?$/);
  if (five) {
    const n = Number(five[1]);
    const a = five[1][0] === '4' ? 'holding' : five[1][0] === '3' ? 'input' : five[1][0] === '1' ? 'discrete' : 'coil';
    if (!area || area === a) return {area: a, register: n - MODICON_BASE[a], modicon: five[1]};
  }
  if (!modiconOnly && area && /^\d{1,5}$/.test(t)) return {area, register: Number(t)};
  return null;
}

function judgePoint(lineNo, identifier, claim, index, add) {
  const candidates = index.points.get(identifier);
  if (!candidates || (!claim.address && !claim.type)) return;
  const fits = (pt) => (!claim.address || (claim.address.area === pt.area && claim.address.register === pt.register)) && (!claim.type || claim.type === pt.type);
  if (candidates.some(fits)) return;
  const said = [claim.address ? `地址 ${claim.address.shown}` : null, claim.type ? `类型 ${claim.type}` : null].filter(Boolean).join('、');
  add(lineNo, 'example-point', `\`${identifier}\` ${said}`, candidates.map(pointText).join('；'));
}

const ADDRESS_HEADER = /地址|address|寄存器|Modbus|PLC/i;
const AREA_HEADER = /^(area|区域|寄存器区|存储区)$/i;
const TYPE_HEADER = /类型|type/i;

/** Claims (address, type) of one row given as cells with optional header names. */
function rowClaims(cells, header) {
  const claim = {};
  const areaAt = header ? header.findIndex((h) => AREA_HEADER.test(h)) : cells.findIndex((c) => AREAS.includes(c));
  const area = areaAt >= 0 && AREAS.includes(cells[areaAt]) ? cells[areaAt] : null;
  cells.forEach((c, i) => {
    if (i === areaAt) return;
    const h = header?.[i] ?? '';
    if (POINT_TYPES.includes(c) && (!header || TYPE_HEADER.test(h))) claim.type ??= c;
    const looksAddress = !header || ADDRESS_HEADER.test(h) || /^(HR|IR|CO|DI):/.test(c) || /^HR\s*4\d{4}/.test(c);
    if (!looksAddress || claim.address) return;
    const a = parseAddress(c, {area, modiconOnly: !area});
    if (a) claim.address = {...a, shown: c};
  });
  return claim;
}

function checkPoints(page, index, add) {
  if (!index.points.size) return;
  for (const table of page.tables) {
    for (const row of table.rows) {
      const cells = row.cells.map(cellText);
      const identifier = cells.find((c) => index.points.has(c));
      if (!identifier) continue;
      judgePoint(row.lineNo, identifier, rowClaims(cells, table.header), index, add);
    }
  }
  for (const block of page.codeBlocks) {
    if (['csv', 'text'].includes(block.lang)) {
      let header = null;
      for (const [i, line] of block.lines.entries()) {
        if (!line.text.includes(',')) continue;
        const cells = line.text.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
        if (i === 0 || (!header && /identifier|标识符/i.test(line.text))) {
          if (/identifier|标识符|address|地址|type|类型/i.test(line.text)) {
            header = cells;
            continue;
          }
        }
        const identifier = cells.find((c) => index.points.has(c));
        if (identifier) judgePoint(line.lineNo, identifier, rowClaims(cells, header), index, add);
      }
    }
    if (['toml', 'ini'].includes(block.lang)) {
      // One group per [[table]] / [section] or per inline table line.
      const groups = [];
      let cur = null;
      for (const line of block.lines) {
        if (/^\s*\[/.test(line.text)) {
          cur = {fields: {}, lineNo: line.lineNo};
          groups.push(cur);
          continue;
        }
        const inline = [...line.text.matchAll(/\b(identifier|area|address|type)\s*=\s*"?([\w:.-]+)"?/g)];
        if (/\{\s*identifier\s*=/.test(line.text)) {
          groups.push({fields: Object.fromEntries(inline.map((m) => [m[1], {value: m[2], lineNo: line.lineNo}])), lineNo: line.lineNo});
          continue;
        }
        if (cur) for (const m of inline) cur.fields[m[1]] = {value: m[2], lineNo: line.lineNo};
      }
      for (const g of groups) {
        const id = g.fields.identifier;
        if (!id || !index.points.has(id.value)) continue;
        const claim = {};
        if (g.fields.type && POINT_TYPES.includes(g.fields.type.value)) claim.type = g.fields.type.value;
        if (g.fields.address) {
          const area = g.fields.area?.value ?? null;
          const a = parseAddress(g.fields.address.value, {area: AREAS.includes(area) ? area : null});
          if (a) claim.address = {...a, shown: area ? `${area} ${g.fields.address.value}` : g.fields.address.value};
        }
        judgePoint(id.lineNo, id.value, claim, index, add);
      }
    }
    if (block.lang === 'json') {
      let doc;
      try {
        doc = JSON.parse(block.code);
      } catch {
        continue;
      }
      const visit = (v) => {
        if (Array.isArray(v)) return v.forEach(visit);
        if (!v || typeof v !== 'object') return;
        if (typeof v.identifier === 'string' && index.points.has(v.identifier)) {
          const claim = {};
          const type = v.dataType ?? v.type;
          if (POINT_TYPES.includes(type)) claim.type = type;
          if (v.address !== undefined) {
            const a = parseAddress(String(v.address), {area: AREAS.includes(v.area) ? v.area : null});
            if (a) claim.address = {...a, shown: String(v.address)};
          }
          const at = block.lines.find((l) => l.text.includes(`"${v.identifier}"`));
          judgePoint(at?.lineNo ?? block.lineNo, v.identifier, claim, index, add);
        }
        Object.values(v).forEach(visit);
      };
      visit(doc);
    }
  }
}

