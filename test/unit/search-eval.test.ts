// The search evaluation sets (test/search-eval/queries.json, title-style; questions.json, as readers
// ask) must stay answerable as pages move: every expected route is a page under docs/, never an
// anchor. The scoring of scripts/search-eval.ts is checked on a tiny in-memory index, so it needs
// no site build.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {evaluate, distinctPages, readQueries, toRoute, DEFAULT_QUERIES, QUESTION_QUERIES} from '../../scripts/search-eval';
import {buildSplitIndex} from '../../src/search/indexFile';
import type {SearchRecord} from '../../src/search/types';

const titleQueries = readQueries(DEFAULT_QUERIES);
const questions = readQueries(QUESTION_QUERIES);
const queries = [...titleQueries, ...questions];

test('the title-style set has at least 70 queries, the question-style set at least 60, each query once', () => {
  assert.ok(titleQueries.length >= 70, `only ${titleQueries.length} title-style queries`);
  assert.ok(questions.length >= 60, `only ${questions.length} questions`);
  const seen = new Set<string>();
  for (const q of queries) {
    assert.ok(!seen.has(q.query), `「${q.query}」 is listed twice`);
    seen.add(q.query);
    assert.ok(q.query.trim().length > 0 && q.query.length <= 64, `「${q.query}」 is empty or longer than the 64-character input`);
    assert.ok(q.note && q.note.length > 0, `「${q.query}」 has no note`);
  }
});

test('every expected and accepted route is a page under docs/', () => {
  for (const q of queries) {
    for (const route of [q.expect, ...(q.alsoAccept ?? [])]) {
      assert.match(route, /^\/docs\/[^#?]+[^/]$/, `「${q.query}」: ${route} is not a /docs/ route`);
      const file = path.join('docs', `${route.slice('/docs/'.length)}.md`);
      assert.ok(fs.existsSync(file), `「${q.query}」: ${file} does not exist`);
    }
    assert.ok(!(q.alsoAccept ?? []).includes(q.expect), `「${q.query}」 accepts its expected page twice`);
  }
});

test('routes are compared without host, anchor, trailing slash or URL encoding', () => {
  assert.equal(toRoute('https://docs.example.com/docs/a/b#c'), '/docs/a/b');
  assert.equal(toRoute('/docs/lowcode/x/alignment-%26-index/'), '/docs/lowcode/x/alignment-&-index');
  assert.deepEqual(
    distinctPages([{url: 'https://h/docs/a#x'}, {url: 'https://h/docs/b'}, {url: 'https://h/docs/a#y'}]),
    ['/docs/a', '/docs/b'],
  );
});

function record(page: string, title: string, type: SearchRecord['type'], content: string | null, lvl2: string | null = null) {
  const url = `https://docs.example.com/docs/${page}`;
  return {
    objectID: '',
    url,
    url_without_anchor: url,
    anchor: null,
    type,
    hierarchy: {lvl0: '测试', lvl1: title, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
    content,
    language: 'zh-Hans',
    docusaurus_tag: 'docs-default-current',
    weight: {pageRank: 0, level: 1, position: 0},
  } satisfies SearchRecord;
}

test('evaluate() scores recall@5 and MRR over distinct pages', () => {
  const records: SearchRecord[] = [
    record('t/alarm', '告警规则', 'lvl1', null),
    record('t/alarm', '告警规则', 'content', '超温告警通过 Webhook 通知。'),
    record('t/alarm', '告警规则', 'content', '告警可以发送邮件。'),
    record('t/webhook', 'Webhook 签名', 'lvl1', null),
    record('t/webhook', 'Webhook 签名', 'content', '告警负载的签名校验。'),
    record('t/port', '端口说明', 'lvl1', null),
    record('t/port', '端口说明', 'content', 'MQTT 使用 8883 端口。'),
  ];
  const file = buildSplitIndex(records);
  const result = evaluate(
    file,
    [
      {query: '告警', expect: '/docs/t/alarm'},
      {query: '告警 webhook', expect: '/docs/t/webhook', alsoAccept: ['/docs/t/alarm']},
      {query: '8883 端口', expect: '/docs/t/port'},
      {query: '不存在的词语', expect: '/docs/t/port'},
    ],
    {rounds: 1, docsDir: path.join('test', 'fixtures', 'no-such-docs')},
  );
  assert.equal(result.queries, 4);
  assert.equal(result.recallAt5, 3 / 4);
  assert.equal(result.ranks[0], 1);
  assert.equal(result.ranks[3], null);
  assert.ok(result.mrr > 0.5 && result.mrr <= 0.75);
  assert.equal(result.misses.length, 1);
  assert.equal(result.misses[0].query, '不存在的词语');
  assert.equal(result.latencies.length, 4);
  assert.equal(result.drift, 0);
  assert.deepEqual(result.missingSources.sort(), ['/docs/t/alarm', '/docs/t/port', '/docs/t/webhook']);
});
