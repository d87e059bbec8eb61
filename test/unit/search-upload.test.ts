import {test} from 'node:test';
import assert from 'node:assert/strict';
import {uploadRecords, readCredentials, docsearchSettings} from '../../scripts/search-upload';
import {fixtureRecords} from './search-fixture';

test('upload replaces all records and applies DocSearch-style settings', async () => {
  const calls: [string, Record<string, unknown>][] = [];
  const fake = {
    replaceAllObjects: async (args: Record<string, unknown>) => void calls.push(['replaceAllObjects', args]),
    setSettings: async (args: Record<string, unknown>) => void calls.push(['setSettings', args]),
  };
  const records = fixtureRecords();
  const result = await uploadRecords(fake as never, 'xinglian-docs', records);
  assert.deepEqual(result, {indexName: 'xinglian-docs', records: records.length});
  assert.equal(calls[0][0], 'replaceAllObjects');
  assert.equal((calls[0][1].objects as unknown[]).length, records.length);
  assert.equal(calls[1][0], 'setSettings');
  const settings = calls[1][1].indexSettings as typeof docsearchSettings;
  assert.ok(settings.attributesForFaceting.includes('language'));
  assert.ok(settings.attributesForFaceting.includes('docusaurus_tag'));
  assert.equal(settings.searchableAttributes.at(-1), 'content');
  assert.ok(settings.searchableAttributes.includes('unordered(hierarchy.lvl1)'));
  assert.deepEqual(settings.customRanking, ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)']);
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
