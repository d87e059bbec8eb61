import {test} from 'node:test';
import assert from 'node:assert/strict';
import {highlightedPart, highlightedParts} from '../../src/search/highlightParts';
import {snippetBounds} from '../../src/search/snippetWindow';
import {highlight, snippet} from '../../src/search/highlight';

const tags = {preTag: '<mark>', postTag: '</mark>'};
const segmenter = new Intl.Segmenter('zh-Hans', {granularity: 'word'});
const wordCount = (s: string) => [...segmenter.segment(s)].filter((x) => x.isWordLike).length;

test('only what was typed of a prefix-matched term is highlighted', () => {
  assert.equal(highlightedPart('超时的排查', '超时'), '超时');
  assert.equal(highlightedPart('接入前的云端', '设备接入'), '接入');
  assert.equal(highlightedPart('configure', 'conf'), 'conf');
  assert.equal(highlightedPart('设备', '设备接入'), '设备');
});

test('a typo-tolerant Latin match and a synonym are highlighted whole', () => {
  assert.equal(highlightedPart('configure', 'confgure'), 'configure');
  assert.equal(highlightedPart('离线', '断网'), '离线');
});

test('「超时的排查顺序」 for the query 「Modbus 超时」 marks 超时 only (review, finding 6)', () => {
  const terms = new Map([['超时的排查', '超时'], ['超时', '超时'], ['modbus', 'modbus']]);
  assert.deepEqual(highlightedParts(terms).sort(), ['modbus', '超时']);
  assert.equal(highlight('超时的排查顺序', terms, ['modbus', '超时'], tags).value, '<mark>超时</mark>的排查顺序');
  assert.equal(
    highlight('接入前的云端准备', new Map([['接入前的云端', '设备接入']]), ['设备接入'], tags).value,
    '<mark>接入</mark>前的云端准备',
  );
});

const paragraph =
  '串口线过长、没有终端电阻或者多台设备共用一条总线而波特率设置不一致，都会导致间歇性超时。没有真实仪表时，可以先用 Modbus 从站模拟器验证配置，再换成现场设备逐项排查。';

test('snippets hold the requested number of words, cut at word boundaries', () => {
  for (const words of [5, 10]) {
    const at = paragraph.indexOf('超时');
    const {start, end} = snippetBounds(paragraph, at, words);
    const text = paragraph.slice(start, end);
    assert.ok(text.includes('超时'), text);
    assert.equal(wordCount(text), words, text);
    // Boundaries fall between words: the segmenter cuts the whole paragraph at both ends too.
    const cuts = new Set([...segmenter.segment(paragraph)].flatMap((s) => [s.index, s.index + s.segment.length]));
    assert.ok(cuts.has(start) && cuts.has(end), `${start}–${end}: ${text}`);
  }
});

test('间歇性 stays whole in a five-word snippet (review, finding 7)', () => {
  const s = snippet(paragraph, new Map([['超时', '超时']]), ['超时'], 5, {...tags, ellipsis: '…'});
  assert.match(s.value, /^…/);
  assert.match(s.value, /…$/);
  assert.ok(s.value.includes('<mark>超时</mark>'));
  assert.doesNotMatch(s.value, /^…歇/);
});

test('a text of no more words than asked is returned whole; the start of the text is not cut', () => {
  assert.deepEqual(snippetBounds('设备离线', 2, 10), {start: 0, end: 4});
  const {start} = snippetBounds(paragraph, 2, 10);
  assert.equal(start, 0);
});
