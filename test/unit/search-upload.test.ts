import {test} from 'node:test';
import assert from 'node:assert/strict';
import {algoliasearch} from 'algoliasearch';
import {uploadRecords, readCredentials, docsearchSettings, algoliaSynonyms} from '../../scripts/search-upload';
import {SYNONYMS} from '../../src/search/synonyms';
import {QUESTION_WORDS} from '../../src/search/questionWords';
import {fixtureRecords} from './search-fixture';

test('upload replaces all records and applies DocSearch-style settings', async () => {
  const calls: [string, Record<string, unknown>][] = [];
  const fake = {
    replaceAllObjects: async (args: Record<string, unknown>) => void calls.push(['replaceAllObjects', args]),
    setSettings: async (args: Record<string, unknown>) => void calls.push(['setSettings', args]),
    saveSynonyms: async (args: Record<string, unknown>) => void calls.push(['saveSynonyms', args]),
  };
  const records = fixtureRecords();
  const result = await uploadRecords(fake as never, 'xinglian-docs', records);
  assert.deepEqual(result, {indexName: 'xinglian-docs', records: records.length, synonyms: SYNONYMS.length});
  assert.equal(calls[0][0], 'replaceAllObjects');
  assert.equal((calls[0][1].objects as unknown[]).length, records.length);
  assert.equal(calls[1][0], 'setSettings');
  const settings = calls[1][1].indexSettings as typeof docsearchSettings;
  assert.ok(settings.attributesForFaceting.includes('language'));
  assert.ok(settings.attributesForFaceting.includes('docusaurus_tag'));
  assert.equal(settings.searchableAttributes.at(-1), 'content');
  assert.ok(settings.searchableAttributes.includes('unordered(hierarchy.lvl1)'));
  assert.deepEqual(settings.customRanking, ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)']);
  assert.deepEqual(settings.optionalWords, QUESTION_WORDS);
  assert.equal(calls[2][0], 'saveSynonyms');
});

/**
 * The requests the real Algolia client sends for an upload, recorded by a requester that answers
 * like the Algolia API (tasks are published at once) and never touches the network.
 */
async function recordUpload() {
  const sent: {method: string; path: string; query: URLSearchParams; body: unknown}[] = [];
  const requester = {
    async send(request: {method: string; url: string; data?: string | Uint8Array}) {
      const url = new URL(request.url);
      const body = typeof request.data === 'string' ? JSON.parse(request.data) : undefined;
      sent.push({method: request.method, path: decodeURIComponent(url.pathname), query: url.searchParams, body});
      const content = /\/task\/\d+$/.test(url.pathname)
        ? {status: 'published', pendingTask: false}
        : {taskID: sent.length, updatedAt: '2026-11-24T00:00:00.000Z', objectIDs: [], id: 'x'};
      return {content: JSON.stringify(content), isTimedOut: false, status: 200};
    },
  };
  const client = algoliasearch('E2ETESTAPP', 'admin-key', {requester});
  await uploadRecords(client as never, 'xinglian-docs', fixtureRecords());
  return sent;
}

test('the synonyms file reaches Algolia: one batch that replaces every synonym of the index', async () => {
  const sent = await recordUpload();
  const batch = sent.filter((r) => r.path === '/1/indexes/xinglian-docs/synonyms/batch');
  assert.equal(batch.length, 1, sent.map((r) => `${r.method} ${r.path}`).join('\n'));
  assert.equal(batch[0].method, 'POST');
  assert.equal(batch[0].query.get('replaceExistingSynonyms'), 'true');
  const body = batch[0].body as {objectID: string; type: string; synonyms: string[]; input?: string}[];
  assert.deepEqual(body, algoliaSynonyms());
  assert.equal(body.length, SYNONYMS.length);
  assert.equal(new Set(body.map((s) => s.objectID)).size, body.length, 'object IDs are unique');
  // Two-way and one-way entries in Algolia's own shape.
  const offline = body.find((s) => s.synonyms.includes('离线'))!;
  assert.equal(offline.type, 'synonym');
  assert.ok(offline.synonyms.includes('断网') && offline.synonyms.includes('没有网络'));
  const blank = body.find((s) => s.type === 'onewaysynonym' && s.input === '一片白')!;
  assert.equal(blank.type, 'onewaysynonym');
  assert.ok(blank.synonyms.includes('白屏'));
  // Settings go out before the synonyms, with the question words as optional words.
  const settings = sent.find((r) => r.path === '/1/indexes/xinglian-docs/settings')!;
  assert.equal(settings.method, 'PUT');
  assert.deepEqual((settings.body as {optionalWords: string[]}).optionalWords, QUESTION_WORDS);
  assert.ok(sent.indexOf(settings) < sent.indexOf(batch[0]));
});

test('records carry DocSearch weights: title above headings above content', () => {
  const records = fixtureRecords();
  const level = (type: string) => records.find((r) => r.type === type)!.weight.level;
  assert.equal(level('lvl1'), 90);
  assert.equal(level('lvl2'), 80);
  assert.equal(level('lvl3'), 70);
  assert.equal(level('content'), 0);
});

test('missing credentials give a Chinese message naming each variable', () => {
  assert.throws(() => readCredentials({ALGOLIA_APP_ID: 'X'}), /缺少环境变量：ALGOLIA_ADMIN_API_KEY、ALGOLIA_INDEX_NAME/);
  assert.deepEqual(readCredentials({ALGOLIA_APP_ID: 'A', ALGOLIA_ADMIN_API_KEY: 'K', ALGOLIA_INDEX_NAME: 'I'}), {
    appId: 'A',
    adminKey: 'K',
    indexName: 'I',
  });
});
