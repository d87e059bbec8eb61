// The configuration reference that keys in toml/ini/properties blocks are checked against: which
// keys each configuration file has, and their types where documented. One function,
// configReference(), decides where it is read from: the facts registry (glossary/registry/*.yaml,
// `config:` sections) for the files it registers, today's reference tables in glossary/*.md and,
// for HMI Viewer, the 配置项说明 table of its page for the others.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

export type ValueType = 'string' | 'int' | 'float' | 'bool';

export interface ConfigKey {
  key: string;
  type?: ValueType;
}

export interface ConfigFile {
  /** File name as in a block's title (without directories), e.g. `triton.toml`. */
  file: string;
  format: 'toml' | 'ini' | 'properties';
  /** Where the reference comes from, for messages. */
  source: string;
  keys: ConfigKey[];
  /** The file a block of this language without a title is checked against. */
  defaultFor?: string;
}

export function configReference(root: string): ConfigFile[] {
  // A file registered in the facts registry replaces its glossary reference; the registry is filled
  // product by product, so the others still come from the glossary.
  const registry = fromRegistry(root);
  return [...fromGlossary(root).filter((g) => !registry.some((r) => r.file === g.file)), ...registry];
}

/** The reference for a block: by the file name of its title, else the language's default file. */
export function referenceFor(refs: ConfigFile[], lang: string, title: string | undefined): ConfigFile | undefined {
  if (title) {
    const base = title.split(/[\\/]/).pop() ?? title;
    return refs.find((r) => r.file === base);
  }
  return refs.find((r) => r.defaultFor === lang);
}

function normaliseType(t: string | undefined): ValueType | undefined {
  const s = (t ?? '').toLowerCase();
  if (s === 'string') return 'string';
  if (s === 'int' || s === 'integer') return 'int';
  if (s === 'float' || s === 'double' || s === 'number') return 'float';
  if (s === 'bool' || s === 'boolean') return 'bool';
  return undefined;
}

function fromRegistry(root: string): ConfigFile[] {
  const dir = path.join(root, 'glossary', 'registry');
  if (!fs.existsSync(dir)) return [];
  const out: ConfigFile[] = [];
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.yaml')).sort()) {
    const doc = YAML.parse(fs.readFileSync(path.join(dir, f), 'utf8')) ?? {};
    for (const c of doc.config ?? []) {
      out.push({
        file: c.file,
        format: c.format,
        source: `glossary/registry/${f}`,
        defaultFor: c.default_for,
        keys: (c.keys ?? []).map((k: {key: string; type?: string}) => ({key: k.key, type: normaliseType(k.type)})),
      });
    }
  }
  return out;
}

const read = (root: string, rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');

/** Rows `| \`a.b\` | type | …` of the Markdown tables in `text`: first-column keys and the second column. */
function tableKeys(text: string): ConfigKey[] {
  return [...text.matchAll(/^\| `([a-z_][\w.-]*)` \| (\w+) \|/gm)].map((m) => ({key: m[1], type: normaliseType(m[2])}));
}

function section(text: string, heading: RegExp): string {
  const start = text.search(heading);
  if (start < 0) return '';
  const rest = text.slice(start);
  const end = rest.slice(1).search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end + 1);
}

function fromGlossary(root: string): ConfigFile[] {
  const triton = read(root, 'glossary/triton.md');
  const tomlSection = section(triton, /^## `triton\.toml` 完整键参考/m);
  const [keyTable, pointTable] = tomlSection.split(/^Modbus 点表/m);
  const pointKeys = tableKeys(pointTable ?? '');
  const tritonToml: ConfigKey[] = [
    ...tableKeys(keyTable),
    ...['local.modbus_tcp.points[]', 'local.modbus_rtu.points[]'].flatMap((t) => pointKeys.map((k) => ({key: `${t}.${k.key}`, type: k.type}))),
  ];

  const wince = section(triton, /^## WinCE/m);
  const iniBlock = wince.match(/```ini[^\n]*\n([\s\S]*?)```/)?.[1] ?? '';
  const tritonIni = iniKeys(iniBlock).map((key) => ({key}));

  const janus = read(root, 'glossary/janus.md');
  const props = section(janus, /^## `application\.properties`/m).match(/```properties[^\n]*\n([\s\S]*?)```/)?.[1] ?? '';
  const janusKeys = new Set(props.split('\n').map((l) => l.split('=')[0].trim()).filter(Boolean));
  for (const m of janus.matchAll(/`((?:janus|server|logging|spring)\.[a-z][\w.-]*[a-z])`/g)) janusKeys.add(m[1]);

  const env = section(triton, /^## 环境变量/m);
  const envKeys = [...env.matchAll(/^\| `(TRITON_\w+)` \|/gm)].map((m) => ({key: m[1]}));

  const automation = read(root, 'glossary/automation.md');
  const runtimeLine = automation.split('\n').find((l) => l.startsWith('| `runtime.ini` |')) ?? '';
  const runtimeKeys: ConfigKey[] = [];
  let current = '';
  for (const m of runtimeLine.matchAll(/`\[(\w+)\]`|`(\w+)`/g)) {
    if (m[1]) current = m[1];
    else if (current && m[2]) runtimeKeys.push({key: `${current}.${m[2]}`});
  }

  const viewerPage = 'docs/lowcode/deploy-use/hmi-viewer.md';
  const viewerKeys = tableKeys(section(read(root, viewerPage), /^## 配置项说明/m));

  return [
    {file: 'triton.toml', format: 'toml', source: 'glossary/triton.md「triton.toml 完整键参考」', keys: tritonToml, defaultFor: 'toml'},
    {file: 'triton.ini', format: 'ini', source: 'glossary/triton.md「WinCE（triton.ini）」', keys: tritonIni},
    {file: 'application.properties', format: 'properties', source: 'glossary/janus.md「application.properties 常用键」', keys: [...janusKeys].map((key) => ({key}))},
    {file: 'credentials.env', format: 'properties', source: 'glossary/triton.md「环境变量」', keys: envKeys},
    {file: 'runtime.ini', format: 'ini', source: 'glossary/automation.md「runtime.ini」', keys: runtimeKeys},
    {file: 'viewer.toml', format: 'toml', source: `${viewerPage}「配置项说明」`, keys: viewerKeys},
  ];
}

/** `section.key` of every `key=value` line of an INI text. */
export function iniKeys(text: string): string[] {
  let sectionName = '';
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const s = line.match(/^\s*\[([^\]]+)\]\s*$/);
    if (s) { sectionName = s[1].trim(); continue; }
    const kv = line.match(/^\s*([^=;#\s][^=]*?)\s*=/);
    if (kv) out.push(sectionName ? `${sectionName}.${kv[1]}` : kv[1]);
  }
  return out;
}
