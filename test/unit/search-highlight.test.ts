import {test} from 'node:test';
import assert from 'node:assert/strict';
import {highlight, snippet, escapeHtml, findMatches} from '../../src/search/highlight';

const tags = {preTag: '<mark>', postTag: '</mark>'};

test('matches are wrapped in the caller tags and the rest is HTML-escaped', () => {
  const terms = new Map([['mqtt', 'mqtt']]);
  const h = highlight('<b>MQTT</b> & TLS', terms, ['mqtt'], tags);
  assert.equal(h.value, '&lt;b&gt;<mark>MQTT</mark>&lt;/b&gt; &amp; TLS');
  assert.equal(h.matchLevel, 'full');
  assert.deepEqual(h.matchedWords, ['mqtt']);
});

test('matchLevel is partial when only some query words match, none when none', () => {
  const terms = new Map([['设备', '设备'], ['告警', '告警']]);
  assert.equal(highlight('设备列表', terms, ['设备', '告警'], tags).matchLevel, 'partial');
  assert.equal(highlight('用户管理', terms, ['设备', '告警'], tags).matchLevel, 'none');
});

test('overlapping matches merge into one highlight', () => {
  assert.deepEqual(findMatches('getDeviceList', ['getdevice', 'devicelist']), [[0, 13]]);
});

test('snippets keep N words around the first match with the ellipsis text', () => {
  const text =
    'Triton 启动后先读取配置文件，然后连接上游平台。如果 8883 端口被防火墙拦截，连接会在 30 秒后超时并按退避策略重试，日志中会出现 connect timeout。';
  const s = snippet(text, new Map([['防火墙', '防火墙']]), ['防火墙'], 6, {...tags, ellipsis: '…'});
  assert.match(s.value, /^…/);
  assert.match(s.value, /…$/);
  assert.match(s.value, /<mark>防火墙<\/mark>/);
  assert.ok(s.value.length < text.length);
  assert.equal(s.matchLevel, 'full');
});

test('short text is returned whole, without ellipsis', () => {
  const s = snippet('设备离线', new Map([['离线', '离线']]), ['离线'], 10, {...tags, ellipsis: '…'});
  assert.equal(s.value, '设备<mark>离线</mark>');
});

test('escapeHtml escapes the five HTML specials', () => {
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});
