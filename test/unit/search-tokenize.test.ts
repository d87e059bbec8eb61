import {test} from 'node:test';
import assert from 'node:assert/strict';
import {labelTerm, labelTerms, tokenize, segmentWords} from '../../src/search/tokenize';
import {queryWords} from '../../src/search/engine';

test('Chinese text is segmented into words, not characters', () => {
  const words = segmentWords('设备离线后数据会丢失吗');
  assert.ok(words.includes('设备'), words.join('|'));
  assert.ok(words.includes('数据'), words.join('|'));
  assert.ok(!words.includes('设'), 'no single-character split of a word');
});

test('single characters ICU leaves behind are glued back, and meet the query through bigrams', () => {
  // ICU's dictionary cuts 离线 and 端口 into single characters.
  assert.deepEqual(segmentWords('端口'), ['端口']);
  const page = tokenize('设备离线后数据会丢失吗');
  for (const t of tokenize('离线')) assert.ok(page.includes(t), `${t} in ${page.join('|')}`);
});

test('long Chinese words also yield their bigrams', () => {
  const tokens = tokenize('规则引擎');
  assert.ok(tokens.includes('规则') || tokens.includes('规则引擎'));
  if (tokens.includes('规则引擎')) assert.ok(tokens.includes('引擎'));
});

test('identifiers stay whole and split into parts, lower-cased', () => {
  const tokens = tokenize('调用 janus.device.getDeviceList 读取 triton.toml');
  for (const t of ['janus.device.getdevicelist', 'getdevicelist', 'device', 'triton.toml', 'toml', 'triton']) {
    assert.ok(tokens.includes(t), `${t} in ${tokens.join('|')}`);
  }
});

test('hyphenated and snake_case identifiers are findable whole', () => {
  const tokens = tokenize('字段 keep_alive 与 X-Janus-Token 请求头');
  assert.ok(tokens.includes('keep_alive'), tokens.join('|'));
  assert.ok(tokens.includes('x-janus-token'), tokens.join('|'));
  assert.ok(tokens.includes('token'), tokens.join('|'));
});

test('queryWords keeps compounds and drops their fragments', () => {
  assert.deepEqual(queryWords('triton.toml 端口'), ['triton.toml', '端口']);
  assert.deepEqual(queryWords('MQTT 连接'), ['mqtt', '连接']);
  assert.deepEqual(queryWords('  '), []);
});

test('interface labels of two to four words become one term each, in 「」', () => {
  assert.deepEqual(labelTerms('显示「设备拒绝」；点击「保存」，再点「轮换密钥」'), ['「设备拒绝」', '「轮换密钥」']);
  // One word (保存) is a word already; a sentence in brackets is no label; Latin-only is no label.
  assert.deepEqual(labelTerms('「保存」「把新密钥写入配置文件后重启服务并检查日志」「OK」'), []);
  assert.equal(labelTerm('设备拒绝'), '「设备拒绝」');
  assert.equal(labelTerm('签名未验证'), '「签名未验证」');
  assert.equal(labelTerm('超时'), null);
  assert.equal(labelTerm('keep_alive'), null);
});
