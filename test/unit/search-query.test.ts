// Questions as readers type them: synonyms, question words, relaxed matching and the whole-word
// preference, on small in-memory indexes (no site build needed).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {parseQuery} from '../../src/search/query';
import {SYNONYMS} from '../../src/search/synonyms';
import {QUESTION_WORDS} from '../../src/search/questionWords';
import {buildSplitIndex, loadSplitIndex} from '../../src/search/indexFile';
import {answer} from '../../src/search/localClient';
import {extractRecords} from '../../src/search/records';
import {docHtml} from './search-fixture';

const words = (query: string) => parseQuery(query).map((w) => w.text);

test('question and filler words are dropped, also inside a run of single characters', () => {
  assert.deepEqual(words('没有网络怎么激活 Janus'), ['没有网络', '激活', 'janus']);
  // ICU cuts 断网后还能 into single characters; 还能 goes, 后 stays as an optional word.
  const hmi = parseQuery('HMI 断网后还能显示吗');
  assert.deepEqual(hmi.map((w) => w.text), ['hmi', '断网', '后', '显示']);
  assert.deepEqual(hmi.map((w) => w.optional), [false, false, true, false]);
  assert.deepEqual(words('Janus 需要开放哪些端口'), ['janus', '开放', '端口']);
  assert.deepEqual(words('能不能导出历史数据'), ['导出', '历史', '数据']);
  // Conjunctions and 什么时候 ask, they do not name anything.
  assert.deepEqual(words('设备在线可是数值一直不变'), ['设备', '在线', '数值', '一直', '不变']);
  assert.deepEqual(words('什么时候发送 UNSUBSCRIBE'), ['发送', 'unsubscribe']);
});

test('symptoms in a reader\'s words reach the words the pages use', () => {
  const forms = (query: string, word: string) => parseQuery(query).find((w) => w.text === word)?.forms ?? [];
  assert.ok(forms('发布按钮是灰色的点不了', '点不了').includes('不可用'));
  assert.ok(forms('发布按钮是灰色的点不了', '灰色').includes('变灰'));
  assert.ok(forms('Triton 的 Windows 服务一启动就停了', '停了').includes('停止'));
  assert.ok(forms('历史曲线的时间差了 8 小时', '差了').includes('错位'));
  // Found inside a run of single characters: 坏了换 holds 坏了.
  assert.ok(forms('控制器坏了换一台', '坏了').includes('故障'));
  assert.ok(forms('大屏 不刷新', '不刷新').includes('不再刷新'));
});

test('a synonym is one word with all its forms, the typed one first', () => {
  const [offline] = parseQuery('没有网络怎么激活');
  assert.equal(offline.forms[0], '没有网络');
  assert.ok(offline.forms.includes('离线') && offline.forms.includes('断网'), offline.forms.join('|'));
  // One-way: the reader's symptom finds the page's word, not the other way round.
  assert.ok(parseQuery('一片白')[0].forms.includes('白屏'));
  assert.deepEqual(parseQuery('白屏')[0].forms, ['白屏']);
  // Identifiers can have synonyms too.
  assert.ok(parseQuery('access_token 过期')[0].forms.includes('访问令牌'));
});

test('a Chinese synonym is not cut out of a longer word, a Latin one only matches whole words', () => {
  // 开放 → 放行 is a synonym, but 开放平台 is a name of its own.
  assert.deepEqual(parseQuery('开放平台').map((w) => w.forms), [['开放平台']]);
  assert.deepEqual(parseQuery('keyboard').map((w) => w.forms), [['keyboard']]);
  assert.ok(parseQuery('device key').at(-1)!.forms.includes('密钥'));
});

test('the synonyms and question words are well formed', () => {
  const question = new Set(QUESTION_WORDS);
  for (const entry of SYNONYMS) {
    const all = entry.type === 'synonym' ? entry.synonyms : [entry.input, ...entry.synonyms];
    assert.ok(entry.type === 'onewaysynonym' || all.length >= 2, `${all.join('/')}: a two-way group needs two words`);
    assert.equal(new Set(all).size, all.length, `${all.join('/')} repeats a word`);
    for (const word of all) {
      assert.equal(word, word.toLowerCase().trim(), `${word} is not lower case or has spaces around it`);
      assert.ok(word.length > 0 && !question.has(word), `${word} is empty or a question word`);
    }
  }
});

function index(pages: [path: string, title: string, body: string][]) {
  const records = pages.flatMap(([pathname, title, body], i) =>
    extractRecords({html: docHtml(title, body), pathname, siteUrl: 'https://docs.example.com'}, String(i)),
  );
  return loadSplitIndex(buildSplitIndex(records));
}

const pagesOf = (idx: ReturnType<typeof index>, query: string) => [
  ...new Set(answer(idx, {query, hitsPerPage: 20}).hits.map((h) => new URL(String((h as unknown as {url: string}).url)).pathname)),
];

const site = index([
  ['/docs/activate', '激活 Janus', '<h2 id="offline">离线激活</h2><p>现场服务器不能访问互联网时，导出机器码，在能上网的电脑上换取激活码。</p>'],
  ['/docs/requirements', '运行环境要求', '<h2 id="ports">端口与网络</h2><p>Janus 所在服务器的防火墙需放行 8080 与 1883 端口。</p>'],
  ['/docs/open-platform', '开放平台简介', '<p>开放平台应用运行在 Janus 中，通过 8080 端口访问 Janus 接口。</p>'],
  ['/docs/network', '网络设置', '<p>在网络设置中填写 IP 地址、网关与 DNS。</p>'],
  ['/docs/viewer', 'HMI Viewer', '<h2 id="cache">离线缓存</h2><p>Janus 不可达时 Viewer 仍显示画面和断线提示。</p>'],
  ['/docs/modbus', 'Modbus 超时排查', '<p>按顺序检查 Modbus 接线、站号与波特率。</p>'],
]);

test('synonyms find the page that uses the other word (没有网络 → 离线)', () => {
  assert.equal(pagesOf(site, '没有网络怎么激活 Janus')[0], '/docs/activate');
  assert.equal(pagesOf(site, 'HMI 断网后还能显示吗')[0], '/docs/viewer');
});

test('a synonym cut into several words needs all of them: 网络 alone is not 没有网络', () => {
  const pages = pagesOf(site, '没有网络');
  assert.ok(pages.includes('/docs/activate') && pages.includes('/docs/viewer'), pages.join(' '));
  assert.ok(!pages.includes('/docs/network'), pages.join(' '));
});

test('a whole word 开放 outranks the 开放 inside 开放平台 when the query has more words', () => {
  const two = index([
    ['/docs/apps', '应用开发', '<p>开放平台应用通过 8080 端口访问 Janus 接口。</p>'],
    ['/docs/firewall', '防火墙设置', '<p>Janus 服务器需开放 8080 端口。</p>'],
  ]);
  assert.deepEqual(pagesOf(two, 'Janus 需要开放哪些端口'), ['/docs/firewall', '/docs/apps']);
});

test('too few pages with every word: records meeting fewer words follow, those meeting more first', () => {
  // No page has all of 防火墙, 端口 and 网关; the two pages with two of them come first.
  const pages = pagesOf(site, '防火墙 端口 网关');
  assert.deepEqual(pages.slice(0, 1), ['/docs/requirements']);
  assert.ok(pages.includes('/docs/network') && pages.includes('/docs/open-platform'), pages.join(' '));
  // Pages with both words stay ahead of the ones the relaxation adds.
  const both = pagesOf(site, 'Janus 端口');
  assert.deepEqual(both.slice(0, 2).sort(), ['/docs/open-platform', '/docs/requirements']);
  assert.ok(both.length > 2, both.join(' '));
});

test('a swap of two neighbouring letters is one typo', () => {
  assert.equal(pagesOf(site, 'Modbsu 超时')[0], '/docs/modbus');
});

test('a product name finds the product\'s pages even where a page does not say it', () => {
  const areas = index([
    ['/docs/lowcode/dev-HMI-app/recipe', '配方', '<p>操作员在配方面板中选择配方，点击「下发」，逐项写入设备。</p>'],
    ['/docs/janus/user/files', '文件库', '<p>文件库保存配方文件，下发配方时由设备程序读取。</p>'],
    ['/docs/apps/denture/jobs', '加工任务', '<p>下发配方与加工程序到设备。</p>'],
  ]);
  assert.equal(pagesOf(areas, 'HMI 配方 下发')[0], '/docs/lowcode/dev-HMI-app/recipe');
  assert.equal(pagesOf(areas, 'Janus 配方 下发')[0], '/docs/janus/user/files');
  // The name is weak: with no product named, the page's own words decide.
  assert.equal(pagesOf(areas, '配方文件')[0], '/docs/janus/user/files');
});

test('an interface label typed as one run ranks the pages that name it above its words apart', () => {
  const labels = index([
    ['/docs/quick-start', '快速开始：让第一台设备上线', '<h2 id="faq">常见问题</h2><h3 id="refused">连接被拒绝</h3><p>检查密钥。</p>'],
    ['/docs/write', '写入结果', '<p>设备收到但拒绝执行时，设备上的值不变，组件显示「设备拒绝」并带返回码。</p>'],
  ]);
  assert.deepEqual(pagesOf(labels, '设备拒绝'), ['/docs/write', '/docs/quick-start']);
});

test('a typed identifier ranks the record that holds it above one that only has its parts', () => {
  const ids = index([
    ['/docs/mqtt', 'MQTT 设备接入', '<h2 id="keepalive">QoS、Keep Alive 与离线判定</h2><p>连接断开后设备显示离线。</p>'],
    ['/docs/config', '配置参考', '<h2 id="upstream">上行连接</h2><p>keep_alive 决定平台多快发现设备离线，默认 60 秒，超过 1.5 倍无报文判为离线，之后按指数退避重连，日志记录断开原因与重连次数。</p>'],
  ]);
  assert.equal(pagesOf(ids, 'keep_alive')[0], '/docs/config');
});
