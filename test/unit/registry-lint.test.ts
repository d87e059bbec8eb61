// The facts-registry part of the content lint (scripts/lib/registry/, rules in
// glossary/registry/README.md) against a small fixture registry and fixture pages in
// test/fixtures/registry-lint/: every rule fires with the exact Chinese line on a wrong page and stays
// quiet on a correct one; the page scope rules; the 「」/“” convention; the registry validator.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {buildIndex, loadRegistry, parseRegistryFile} from '../../scripts/lib/registry/load.mjs';
import {lintPage, topicMatches} from '../../scripts/lib/registry/rules.mjs';
import {configEntries} from '../../scripts/lib/registry/config-blocks.mjs';
import {registrySummary} from '../../scripts/lib/registry/summary.mjs';

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'registry-lint');
const registry = loadRegistry(path.join(fixtures, 'registry'));
const {index} = registry;

/** The lint's output lines for one fixture page (`docs/<area>/<file>`). */
const lint = (rel: string) => {
  const src = fs.readFileSync(path.join(fixtures, rel), 'utf8');
  return lintPage(rel, src, index).problems.map((p) => `${rel}:${p.line} [${p.rule}] ${p.message}`);
};
/** The output lines for an inline page body placed in `docs/<area>/page.md`. */
const lintBody = (area: string, body: string, idx = index) => {
  const rel = `docs/${area}/page.md`;
  return lintPage(rel, `---\ntitle: 测试\ndescription: 测试页。\n---\n\n${body}\n`, idx).problems.map((p) => `${p.line} [${p.rule}] ${p.message}`);
};

describe('fixture registry', () => {
  test('loads without problems and indexes areas, hosts, config files and points', () => {
    assert.deepEqual(registry.problems, []);
    assert.deepEqual([...registry.files.keys()].sort(), ['examples', 'janus', 'neptune', 'site', 'triton']);
    assert.deepEqual([...index.areaToProduct], [['janus', 'janus'], ['neptune', 'neptune'], ['triton', 'triton']]);
    assert.deepEqual(index.hosts.get('<janus-ip>')?.ports, [8080, 1883]);
    assert.deepEqual(index.hosts.get('docs.example.com'), {ports: [443, 8080], product: 'site'}, 'a host in two files: ports merged');
    assert.equal(index.defaultFor.get('toml')?.file, 'triton.toml');
    assert.deepEqual(index.points.get('run_state')?.map((p) => p.register), [10]);
  });

  test('the ui tree is flattened into labels with their ancestor paths', () => {
    const ui = index.files.get('neptune')!.ui.labels;
    assert.deepEqual(ui.get('导出'), [['设备管理', '设备', '设备详情', '历史数据']]);
    assert.deepEqual(ui.get('设备管理'), [[]]);
    assert.ok(!ui.has('二选一的状态来源'), 'terms are not ui keys');
  });
});

describe('correct pages pass', () => {
  for (const rel of ['docs/neptune/correct.md', 'docs/janus/correct.md', 'docs/triton/config.md']) {
    test(rel, () => assert.deepEqual(lint(rel), []));
  }
});

describe('each rule fires on a wrong page with file:line, the page and the registry', () => {
  test('ui-label and ui-path (front matter counts as prose; site buttons may end a chain)', () => {
    assert.deepEqual(lint('docs/neptune/wrong-ui.md'), [
      'docs/neptune/wrong-ui.md:3 [ui-label] 页面：「数据监控」；登记表：作用域（Neptune、站点通用）的界面文字中没有「数据监控」',
      'docs/neptune/wrong-ui.md:6 [ui-label] 页面：「数据下发」；登记表：作用域（Neptune、站点通用）的界面文字中没有「数据下发」（相近：「下发」）',
      'docs/neptune/wrong-ui.md:8 [ui-path] 页面：「设备」→「团队设置」；登记表：「团队设置」不在「设备」之下（「团队设置」在 团队设置）',
      'docs/neptune/wrong-ui.md:10 [ui-path] 页面：「实时数据」→「导出」；登记表：「导出」不在「实时数据」之下（「导出」在 设备管理 › 设备 › 设备详情 › 历史数据 › 导出）',
    ]);
  });

  test('topic: unregistered, Neptune-only lines, publish and subscribe directions (also through a variable)', () => {
    const registered = '（已登记：`devices/{deviceId}/data/up`、`devices/{deviceId}/data/down`、`devices/{deviceId}/status`）';
    assert.deepEqual(lint('docs/neptune/wrong-topic.md'), [
      `docs/neptune/wrong-topic.md:6 [topic] 页面：\`devices/{deviceId}/data/ack\`；登记表：Neptune（本行只提到 Neptune）没有登记这个主题${registered}`,
      `docs/neptune/wrong-topic.md:8 [topic] 页面：\`devices/{deviceId}/events\`；登记表：作用域（Neptune、站点通用）没有登记这个主题${registered}`,
      'docs/neptune/wrong-topic.md:11 [topic] 页面：发布到 `devices/DEV-20240315-0001/data/down`；登记表：`devices/{deviceId}/data/down` 的发布方只有平台',
      'docs/neptune/wrong-topic.md:13 [topic] 页面：订阅 `devices/DEV-20240315-0001/data/up`；登记表：`devices/{deviceId}/data/up` 的订阅方只有平台',
      'docs/neptune/wrong-topic.md:18 [topic] 页面：发布到 `devices/%s/data/down`；登记表：`devices/{deviceId}/data/down` 的发布方只有平台',
    ]);
  });

  test('error-code: table code, meaning and HTTP status; codes cited in prose and code', () => {
    assert.deepEqual(lint('docs/neptune/wrong-errors.md'), [
      'docs/neptune/wrong-errors.md:8 [error-code] 页面：40001 的 HTTP 状态码 422；登记表：400（Neptune Open API）',
      'docs/neptune/wrong-errors.md:9 [error-code] 页面：40101 的含义“令牌过期”；登记表：“令牌无效或过期”（Neptune Open API）',
      'docs/neptune/wrong-errors.md:10 [error-code] 页面：错误码 40901；登记表：作用域（Neptune、站点通用）没有登记这个错误码',
      'docs/neptune/wrong-errors.md:11 [error-code] 页面：40301 的 HTTP 状态码 403 / 404；登记表：403（Neptune Open API）',
      'docs/neptune/wrong-errors.md:13 [error-code] 页面：错误码 42901；登记表：作用域（Neptune、站点通用）没有登记这个错误码',
      'docs/neptune/wrong-errors.md:16 [error-code] 页面：错误码 50001；登记表：作用域（Neptune、站点通用）没有登记这个错误码',
    ]);
  });

  test('host: client-side ports (49152 and above) are not checked', () => {
    assert.deepEqual(lintBody('triton', '`127.0.0.1:9531` 与 `127.0.0.1:51532`'), [
      '6 [host] 页面：`127.0.0.1:9531`；登记表：`127.0.0.1` 的端口是 9530',
    ]);
  });

  test('host: unregistered example.com host, wrong port, placeholder host port', () => {
    assert.deepEqual(lint('docs/neptune/wrong-hosts.md'), [
      'docs/neptune/wrong-hosts.md:6 [host] 页面：`mqtt.neptune.example.com:8884`；登记表：`mqtt.neptune.example.com` 的端口是 1883、8883',
      'docs/neptune/wrong-hosts.md:6 [host] 页面：`api.example.com`；登记表：没有登记这个主机',
      'docs/neptune/wrong-hosts.md:8 [host] 页面：`<janus-ip>:8081`；登记表：`<janus-ip>` 的端口是 8080、1883',
    ]);
  });

  test('fact: prose and front matter, every match on a line', () => {
    assert.deepEqual(lint('docs/neptune/wrong-facts.md'), [
      'docs/neptune/wrong-facts.md:3 [fact] 页面：“设备名称 1–50 个字符”；登记表：设备名称长度 1–64 个字符（neptune.device-name-length）',
      'docs/neptune/wrong-facts.md:6 [fact] 页面：“deviceName 为 1–50 个字符”；登记表：设备名称长度 1–64 个字符（neptune.device-name-length）',
      'docs/neptune/wrong-facts.md:8 [fact] 页面：“Copyright © 2008-2024”；登记表：版权年份 2008-2025（site.copyright）',
    ]);
  });

  test('config-key: unknown key, type, range, allowed values, parameter tables; config="none" is listed, not checked', () => {
    const rel = 'docs/triton/wrong-config.md';
    assert.deepEqual(lint(rel), [
      `${rel}:9 [example-device] 页面：\`DEV-20240315-0001\` 的密钥 \`Hs6Yp3Kd8Vw1\`；登记表：DEV-20240315-0001 的 Neptune 密钥是 \`k3Jd9fQ2LmX7\``,
      `${rel}:12 [config-key] 页面：\`upstream.port = "8883"\`（string）；登记表：类型 int`,
      `${rel}:13 [config-key] 页面：\`upstream.keep_alive = 5\`；登记表：范围 30–1200 秒`,
      `${rel}:18 [config-key] 页面：\`upstream.target = "cloud"\`；登记表：取值 neptune、janus`,
      `${rel}:19 [config-key] 页面：\`upstream.keepalive\`（triton.toml）；登记表：triton.toml 没有这个键`,
      `${rel}:29 [config-key] 页面：\`janus.command.timeout-ms = 60000\`；登记表：范围 1000–30000 ms`,
      `${rel}:30 [config-key] 页面：\`janus.unknown\`（application.properties）；登记表：application.properties 没有这个键`,
      `${rel}:35 [config-key] 页面：\`upstream.keep_alive\` 的类型 string；登记表：类型 int（triton.toml）`,
      `${rel}:35 [config-key] 页面：\`upstream.keep_alive\` 的默认值 90；登记表：默认值 60 秒（triton.toml）`,
      `${rel}:36 [config-key] 页面：\`upstream.target\` 的默认值 janus；登记表：默认值 neptune（triton.toml）`,
      `${rel}:37 [config-key] 页面：\`upstream.proxy\` 的默认值 http://10.0.0.5:3128；登记表：默认值 ""（triton.toml）`,
      `${rel}:39 [topic] 页面：\`devices/{deviceId}/data/ack\`；登记表：Neptune（本行只提到 Neptune）没有登记这个主题（已登记：\`devices/{deviceId}/data/up\`、\`devices/{deviceId}/data/down\`、\`devices/{deviceId}/status\`）`,
    ]);
    const src = fs.readFileSync(path.join(fixtures, rel), 'utf8');
    assert.deepEqual(lintPage(rel, src, index).noneBlocks, [22]);
  });

  test('example-device and example-point: unknown device, wrong key per product, point tables in tables, CSV, TOML and JSON', () => {
    const rel = 'docs/janus/wrong-examples.md';
    const cnc = (id: string) => id === 'spindle_speed'
      ? '`spindle_speed` 是 holding 寄存器 0（40001、HR:0），int32（cnc 点表）'
      : '`run_state` 是 holding 寄存器 10（40011、HR:10），int16（cnc 点表）';
    assert.deepEqual(lint(rel), [
      `${rel}:6 [example-device] 页面：\`DEV-20240315-0099\`；登记表：examples.yaml 没有这台示例设备（已登记：DEV-20240315-0001）`,
      `${rel}:8 [example-device] 页面：\`DEV-20240315-0001\` 的密钥 \`k3Jd9fQ2LmX7\`；登记表：DEV-20240315-0001 的 Janus 密钥是 \`Hs6Yp3Kd8Vw1\``,
      `${rel}:10 [ui-label] 页面：「设备详情」；登记表：作用域（Janus、站点通用）的界面文字中没有「设备详情」`,
      `${rel}:14 [example-point] 页面：\`spindle_speed\` 地址 HR:100、类型 int32；登记表：${cnc('spindle_speed')}`,
      `${rel}:15 [example-point] 页面：\`run_state\` 地址 HR:10、类型 int32；登记表：${cnc('run_state')}`,
      `${rel}:19 [example-point] 页面：\`spindle_speed\` 地址 40003、类型 int32；登记表：${cnc('spindle_speed')}`,
      `${rel}:25 [example-device] 页面：\`DEV-20240315-0001\` 的密钥 \`k3Jd9fQ2LmX7\`；登记表：DEV-20240315-0001 的 Janus 密钥是 \`Hs6Yp3Kd8Vw1\``,
      `${rel}:31 [example-point] 页面：\`run_state\` 地址 holding 11、类型 int16；登记表：${cnc('run_state')}`,
      `${rel}:38 [example-point] 页面：\`spindle_speed\` 地址 HR:0、类型 float；登记表：${cnc('spindle_speed')}`,
    ]);
  });
});

describe('page scope', () => {
  test('a line naming another product adds that product; without the name the label is out of scope', () => {
    assert.deepEqual(lintBody('janus', '在 Neptune 的「设备详情」→「实时数据」中核对。'), []);
    assert.deepEqual(lintBody('janus', '在「设备详情」中核对。'), [
      '6 [ui-label] 页面：「设备详情」；登记表：作用域（Janus、站点通用）的界面文字中没有「设备详情」',
    ]);
    assert.deepEqual(lintBody('janus', '在工业云平台的「设备详情」中核对。'), [], 'an alias counts like the name');
  });

  test('Triton pages always include Neptune and Janus', () => {
    assert.deepEqual(lintBody('triton', '在「设备详情」中查看，在「告警规则」中配置。'), []);
    assert.deepEqual(lintBody('neptune', '在「告警规则」中配置。'), [
      '6 [ui-label] 页面：「告警规则」；登记表：作用域（Neptune、站点通用）的界面文字中没有「告警规则」',
    ]);
  });

  test('a registered host on a line counts as naming its product (Neptune-only topic lines)', () => {
    assert.deepEqual(lintBody('triton', '```bash\nmosquitto_pub -h mqtt.neptune.example.com -t devices/DEV-20240315-0001/data/ack -m x\n```'), [
      '7 [topic] 页面：`devices/DEV-20240315-0001/data/ack`；登记表：Neptune（本行只提到 Neptune）没有登记这个主题（已登记：`devices/{deviceId}/data/up`、`devices/{deviceId}/data/down`、`devices/{deviceId}/status`）',
    ]);
    assert.deepEqual(lintBody('triton', '```bash\nmosquitto_pub -h 192.168.10.20 -t devices/DEV-20240315-0001/data/ack -m x\n```'), []);
  });

  test('pages of a product without a registry file get only site.yaml and examples.yaml rules', () => {
    assert.deepEqual(lint('docs/lowcode/unmigrated.md'), [
      'docs/lowcode/unmigrated.md:8 [host] 页面：`docs.example.com:8443`；登记表：`docs.example.com` 的端口是 443、8080',
      'docs/lowcode/unmigrated.md:8 [fact] 页面：“Copyright © 2008-2024”；登记表：版权年份 2008-2025（site.copyright）',
      'docs/lowcode/unmigrated.md:8 [example-device] 页面：`DEV-20240315-0002`；登记表：examples.yaml 没有这台示例设备（已登记：DEV-20240315-0001）',
    ]);
  });

  test('scope additions only use registry files that exist', () => {
    const files = new Map(registry.files);
    files.delete('janus');
    const {index: withoutJanus} = buildIndex(files);
    // The Janus page is not checked at all; the Triton page no longer knows Janus labels or hosts.
    assert.deepEqual(lintBody('janus', '在「不存在」中。'), [
      '6 [ui-label] 页面：「不存在」；登记表：作用域（Janus、站点通用）的界面文字中没有「不存在」',
    ]);
    assert.deepEqual(lintBody('janus', '在「不存在」中。', withoutJanus), []);
    assert.deepEqual(lintBody('triton', '在 Janus 的「告警规则」中配置。', withoutJanus), [
      '6 [ui-label] 页面：「告警规则」；登记表：作用域（Triton、Neptune、站点通用）的界面文字中没有「告警规则」',
    ]);
    assert.deepEqual(lintBody('neptune', '主机 `lowcode.example.com` 与 `janus.example.com`。', withoutJanus), [], 'hosts named after products without a file wait for that file');
  });
});

describe('quotes', () => {
  test('「」 is for UI text; “” quotes anything else and is not checked', () => {
    assert.deepEqual(lintBody('neptune', '把“二选一”写清楚。'), []);
    assert.deepEqual(lintBody('neptune', '把「二选一」写清楚。'), [
      '6 [ui-label] 页面：「二选一」；登记表：作用域（Neptune、站点通用）的界面文字中没有「二选一」（相近：「二选一的状态来源」）',
    ]);
  });

  test('terms, states, messages, example names and example device names may stand in 「」', () => {
    assert.deepEqual(lintBody('neptune', '「二选一的状态来源」「在线」「令牌无效或过期」「烘箱 1 号线监控」「1 号立式加工中心」「成功」'), []);
  });

  test('「」 inside inline code and code blocks is not a label; inline code inside 「」 is read as text', () => {
    assert.deepEqual(lintBody('neptune', '写 `「数据下发」` 会报错。\n\n```text\n「数据下发」\n```'), []);
    assert.deepEqual(lintBody('neptune', '点击「`下发`」。'), []);
  });
});

describe('registry validator', () => {
  const problems = (name: string, src: string) => parseRegistryFile(name, src).problems.map((p) => `${p.line} ${p.message}`);

  test('unknown sections and fields, wrong types', () => {
    assert.deepEqual(problems('neptune.yaml', 'product: neptune\nlabels: []\naliases: Neptune\n'), [
      '2 未知的节 `labels`（本文件可用：product、name、aliases、areas、ui、states、messages、terms、hosts、topics、errors、config、facts）',
      '3 `aliases` 应为非空字符串的列表',
    ]);
    assert.deepEqual(problems('janus.yaml', 'product: neptune\n'), ['1 `product` 应为 `janus`（文件名去掉 .yaml），实际为 `neptune`']);
    assert.deepEqual(problems('neptune.yaml', 'topics:\n  - pattern: /devices/{deviceId}/data/up\n    protocol: amqp\n    publishers: [device]\n    subscribers: [cloud]\n    qos: 1\n'), [
      '6 `topics[0]` 中未知的字段 `qos`（可用：pattern、protocol、publishers、subscribers、payload、note）',
      '3 `topics[0].protocol` 应为mqtt 或 stomp',
      '5 `topics[0].subscribers` 应为列表，取值 device、app、platform',
    ]);
    assert.deepEqual(problems('triton.yaml', 'config:\n  - file: /opt/triton/conf/triton.toml\n    format: yaml\n    keys:\n      - {key: a.b, type: integer, range: [10, 1]}\n      - {key: c, type: int, default: "60"}\n'), [
      '2 `config[0].file` 应为文件名（不含目录）',
      '3 `config[0].format` 应为toml、ini、properties',
      '5 `config[0].keys[0].type` 应为int、float、string、bool、array',
      '5 `range` 应为 [最小值, 最大值] 两个数',
      '6 默认值 `"60"` 不是 int 类型',
    ]);
  });

  test('the ui tree holds labels only', () => {
    assert.deepEqual(problems('neptune.yaml', 'ui:\n  设备管理:\n    「设备」:\n  团队设置: 7\n'), [
      '3 界面树的键应为界面上的文字（不含「」与 →），实际为 `「设备」`',
      '4 界面树「团队设置」之下应为映射、列表或空，实际为 `7`',
    ]);
  });

  test('duplicate keys, codes, hosts, config keys and device ids', () => {
    assert.deepEqual(problems('neptune.yaml', 'ui:\n  设备管理:\n  设备管理:\n'), ['3 YAML 无法解析：重复的键「设备管理」']);
    assert.deepEqual(problems('neptune.yaml', 'errors:\n  - api: Open API\n    codes:\n      - {code: 40001, http: 400, meaning: 参数错误}\n      - {code: 40001, http: 400, meaning: 参数错误}\n'), [
      '5 错误码 40001 在 `Open API` 中重复',
    ]);
    assert.deepEqual(problems('neptune.yaml', 'hosts:\n  - host: a.example.com\n    ports: [{port: 1}, {port: 1}]\n  - host: a.example.com\n'), [
      '3 主机 `a.example.com` 的端口 1 重复登记',
      '4 主机 `a.example.com` 重复登记',
    ]);
    assert.deepEqual(problems('triton.yaml', 'config:\n  - file: t.toml\n    format: toml\n    keys:\n      - {key: a, type: int}\n      - {key: a, type: int}\n'), [
      '6 键 `a` 在 `t.toml` 中重复',
    ]);
    assert.deepEqual(problems('examples.yaml', 'devices:\n  - id: DEV-20240315-0001\n  - id: DEV-20240315-0001\n    points: nope\n'), [
      '4 点表 `nope` 不存在于 `point_tables`',
      '3 设备 `DEV-20240315-0001` 重复登记',
    ]);
  });

  test('a fact regex that does not compile, or whose groups differ from expect', () => {
    assert.deepEqual(problems('neptune.yaml', "facts:\n  - {id: a, name: 甲, value: 1, match: '(\\d+', expect: ['1']}\n  - {id: b, name: 乙, value: 1–64, match: '(\\d+)-(\\d+)', expect: ['1']}\n"), [
      '2 `match` 不是有效的正则表达式：/(\\d+/gu: Unterminated group',
      '3 `expect` 有 1 项，`match` 有 2 个捕获组，两者必须相等',
    ]);
  });

  test('a [ ] value inside { } gets a hint instead of a flood of YAML errors', () => {
    assert.deepEqual(problems('triton.yaml', 'config:\n  - file: t.toml\n    format: toml\n    keys:\n      - {key: a.points[].b, type: int}\n      - {key: c, type: int}\n'), [
      "5 YAML 无法解析：无法识别的内容；{ } 中含 [ ]、逗号的值要加引号，例如 key: 'points[].address'",
    ]);
  });

  test('the format examples of glossary/registry/README.md are valid registry files', () => {
    const readme = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'glossary', 'registry', 'README.md'), 'utf8');
    const blocks = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]);
    assert.equal(blocks.length, 2);
    assert.deepEqual(problems('neptune.yaml', blocks[0]), []);
    assert.deepEqual(problems('examples.yaml', blocks[1]), []);
  });

  test('cross-file: one default_for per language, one product per docs/ area, unique fact ids', () => {
    const dir = path.join(fixtures, 'bad-registry');
    assert.deepEqual(loadRegistry(dir).problems, [
      {file: 'b.yaml', line: 3, message: '目录 `docs/neptune` 已属于 a.yaml，不能再列入 `areas`'},
      {file: 'b.yaml', line: 5, message: '`toml` 代码块已由 a.yaml 的 `a.toml` 设为 default_for，每种语言只能有一个'},
      {file: 'b.yaml', line: 10, message: '事实 `x.limit` 已在 a.yaml 中登记'},
    ]);
  });
});

describe('helpers', () => {
  test('topic literals match registered patterns segment by segment', () => {
    assert.ok(topicMatches('devices/DEV-20240315-0001/data/up', 'devices/{deviceId}/data/up'));
    assert.ok(topicMatches('devices/${deviceId}/data/up', 'devices/{deviceId}/data/up'));
    assert.ok(topicMatches('devices/+/data/up', 'devices/{deviceId}/data/up'));
    assert.ok(topicMatches('devices/+/#', 'devices/{deviceId}/data/up'));
    assert.ok(!topicMatches('devices/x/data', 'devices/{deviceId}/data/up'));
    assert.ok(!topicMatches('devices/x/data/up/more', 'devices/{deviceId}/data/up'));
    assert.ok(!topicMatches('devices/x/data/ack', 'devices/{deviceId}/data/up'));
  });

  test('config blocks flatten into dotted keys with types and lines', () => {
    assert.deepEqual(configEntries('toml', '[upstream]\nport = 8883\nscale = 1.0\n\n[[a.points]]\nid = "x"\n').map((e) => [e.key, e.type, e.line]), [
      ['upstream.port', 'int', 1], ['upstream.scale', 'float', 2], ['a.points[].id', 'string', 5],
    ]);
    assert.deepEqual(configEntries('ini', '[device]\nid=DEV-1\n; 注释\nport = 1883 ; 端口\n').map((e) => [e.key, e.type, e.value]), [
      ['device.id', 'string', 'DEV-1'], ['device.port', 'int', 1883],
    ]);
    assert.deepEqual(configEntries('properties', 'server.port=8080\n# 注释\na.b: x\\\n  y\n').map((e) => [e.key, e.value, e.line]), [
      ['server.port', 8080, 0], ['a.b', 'xy', 2],
    ]);
  });

  test('the summary counts findings per rule and names the unchecked areas and config="none" blocks', () => {
    const lines = registrySummary(registry, [
      {file: 'docs/neptune/a.md', problems: [{line: 1, rule: 'topic', message: ''}, {line: 2, rule: 'topic', message: ''}], noneBlocks: []},
      {file: 'docs/lowcode/b.md', problems: [{line: 3, rule: 'fact', message: ''}], noneBlocks: [12]},
    ]);
    assert.deepEqual(lines, [
      '登记表：examples.yaml、janus.yaml、neptune.yaml、site.yaml、triton.yaml',
      '登记表检查：ui-label 0，ui-path 0，topic 2，error-code 0，host 0，config-key 0，fact 1，example-device 0，example-point 0',
      '  没有登记文件在 areas 中列出、只按 site.yaml 与 examples.yaml 检查：docs/lowcode（1 页）',
      '  config="none" 代码块 1 个：docs/lowcode/b.md:12',
    ]);
  });
});
