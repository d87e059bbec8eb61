import {test} from 'node:test';
import assert from 'node:assert/strict';
import {answer, createLocalSearchClient, facetPredicate, normaliseRequests} from '../../src/search/localClient';
import {buildSplitIndex, loadSplitIndex} from '../../src/search/indexFile';
import {shardOf, synonymPartName} from '../../src/search/splitFormat';
import {fixtureIndex, fixtureRecords} from './search-fixture';

const contextual = [['language:zh-Hans'], ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']];
const modalParams = {
  attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'content', 'type', 'url'],
  attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'content:10'],
  snippetEllipsisText: '…',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  hitsPerPage: 20,
  facetFilters: contextual,
};

test('a mixed Chinese/English query finds the paragraph via its page title (DocSearch semantics)', () => {
  const res = answer(fixtureIndex(), {query: 'MQTT 端口', ...modalParams});
  assert.ok(res.nbHits >= 1);
  const top = res.hits[0] as Record<string, any>;
  assert.equal(top.url, 'https://docs.example.com/docs/neptune/api/device_connection/mqtt#broker');
  assert.equal(top.type, 'content');
  assert.match(top._snippetResult.content.value, /<mark>8883<\/mark>|<mark>端口<\/mark>/);
  assert.equal(top._highlightResult.hierarchy.lvl1.value, '<mark>MQTT</mark> 设备接入');
});

test('title matches rank above body text', () => {
  const res = answer(fixtureIndex(), {query: 'getDeviceList', ...modalParams});
  const [first] = res.hits as Record<string, any>[];
  assert.equal(first.type, 'lvl1');
  assert.equal(first.hierarchy.lvl1, 'getDeviceList 获取设备列表');
});

test('search as you type: a Latin prefix matches', () => {
  const res = answer(fixtureIndex(), {query: 'getDevi', ...modalParams});
  assert.ok((res.hits as Record<string, any>[]).some((h) => h.url.includes('get-device-list')));
});

test('typo tolerance for Latin words of five letters or more, none for shorter ones', () => {
  const typo = answer(fixtureIndex(), {query: 'brokar', ...modalParams});
  assert.ok((typo.hits as Record<string, any>[]).some((h) => h.url.includes('/mqtt')), 'brokar → broker');
  assert.equal(answer(fixtureIndex(), {query: 'mqtx', ...modalParams}).nbHits, 0, 'mqtx is not mqtt');
});

test('hitsPerPage, page, nbPages and attributesToRetrieve are honoured', () => {
  const all = answer(fixtureIndex(), {query: '设备', hitsPerPage: 2, page: 0, facetFilters: contextual});
  assert.equal(all.hits.length, Math.min(2, all.nbHits));
  assert.equal(all.nbPages, Math.ceil(all.nbHits / 2));
  const second = answer(fixtureIndex(), {query: '设备', hitsPerPage: 2, page: 1});
  assert.notDeepEqual(second.hits.map((h) => h.objectID), all.hits.map((h) => h.objectID));
  const picked = answer(fixtureIndex(), {query: 'MQTT', attributesToRetrieve: ['url']}).hits[0] as Record<string, unknown>;
  assert.deepEqual(Object.keys(picked).sort(), ['_highlightResult', '_rankingInfo', '_snippetResult', 'objectID', 'url']);
});

test('facetFilters: AND of OR groups, and negation', () => {
  const records = fixtureRecords();
  const onlyDocs = facetPredicate([['docusaurus_tag:docs-default-current']]);
  assert.ok(records.filter(onlyDocs).every((r) => r.docusaurus_tag === 'docs-default-current'));
  const notDocs = facetPredicate(['-docusaurus_tag:docs-default-current']);
  assert.ok(records.filter(notDocs).every((r) => r.docusaurus_tag === 'default'));
  const wrongLanguage = answer(fixtureIndex(), {query: 'MQTT', facetFilters: [['language:en']]});
  assert.equal(wrongLanguage.nbHits, 0);
});

test('facets are counted for disjunctive-facet queries', () => {
  const res = answer(fixtureIndex(), {query: '提示框', hitsPerPage: 0, facets: 'docusaurus_tag'});
  assert.deepEqual(res.facets, {docusaurus_tag: {default: res.nbHits}});
  assert.equal(res.hits.length, 0);
});

test('both the {requests} form and the legacy array form with string params are accepted', () => {
  assert.deepEqual(normaliseRequests({requests: [{indexName: 'x', query: 'a'}]}), [{indexName: 'x', query: 'a'}]);
  assert.deepEqual(normaliseRequests([{indexName: 'x', params: 'query=MQTT&hitsPerPage=15&facetFilters=%5B%22language%3Azh-Hans%22%5D'}]), [
    {indexName: 'x', query: 'MQTT', hitsPerPage: 15, facetFilters: ['language:zh-Hans']},
  ]);
  assert.throws(() => normaliseRequests(undefined as never), /searchMethodParams/);
});

/** A fetch that serves a split index from memory, at /search-index.test.json and /<dir><part>. */
function servedIndex(records = fixtureRecords()) {
  const files = buildSplitIndex(records);
  const urls: string[] = [];
  let fail = false;
  const fetchImpl = (async (url: string) => {
    urls.push(url);
    if (fail) throw new TypeError('Failed to fetch');
    if (url === '/search-index.test.json') return new Response(JSON.stringify(files.entry), {status: 200});
    const part = url.startsWith(`/${files.entry.dir}`) ? files.parts.get(url.slice(files.entry.dir.length + 1)) : undefined;
    return part ? new Response(part, {status: 200}) : new Response('not found', {status: 404});
  }) as typeof fetch;
  return {files, urls, fetchImpl, setFail: (f: boolean) => (fail = f)};
}

test('the client fetches the entry on the first search, then only the parts each query needs, and retries after a failure', async () => {
  const served = servedIndex();
  const client = createLocalSearchClient({indexUrl: '/search-index.test.json', fetchImpl: served.fetchImpl});
  assert.equal(served.urls.length, 0, 'nothing fetched before the first search');
  served.setFail(true);
  await assert.rejects(client.search({requests: [{indexName: 'd', query: 'MQTT'}]}), (e: Error) => {
    assert.equal(e.name, 'RetryError');
    assert.match(e.message, /无法加载搜索索引/);
    return true;
  });
  served.setFail(false);
  served.urls.length = 0;
  const ok = await client.search({requests: [{indexName: 'd', query: 'MQTT', clickAnalytics: true}]});
  assert.ok(ok.results[0].nbHits > 0);
  assert.match(String(ok.results[0].queryID), /^[0-9a-f]{32}$/);
  const {entry} = served.files;
  const first = [...served.urls];
  assert.equal(first[0], '/search-index.test.json');
  assert.ok(first.slice(1).every((u) => u.startsWith(`/${entry.dir}`)), first.join(' '));
  assert.ok(first.some((u) => /\/s\d+\.json$/.test(u)) && first.some((u) => /\/f\d+\.json$/.test(u)), first.join(' '));
  assert.ok(!first.some((u) => u.endsWith(entry.bundle) || u.endsWith(entry.typos)), 'no bundle, no typo dictionary');
  assert.ok(first.length - 1 < entry.shards, 'not every shard');
  assert.equal(new Set(first).size, first.length, 'each part once');
  // The same query again fetches nothing; another fetches only what it lacks.
  served.urls.length = 0;
  await client.search({requests: [{indexName: 'd', query: 'MQTT'}]});
  assert.equal(served.urls.length, 0, served.urls.join(' '));
  await client.search([{indexName: 'd', params: {query: 'Janus'}}]);
  assert.ok(!served.urls.includes('/search-index.test.json') && served.urls.every((u) => !first.includes(u)), served.urls.join(' '));
});

test('a query loading its parts on demand answers exactly as the whole index does', async () => {
  const served = servedIndex();
  const whole = loadSplitIndex(served.files);
  const client = createLocalSearchClient({indexUrl: '/search-index.test.json', fetchImpl: served.fetchImpl});
  for (const query of ['MQTT 端口', 'getDevi', 'brokar', '设备', '部署要求 8080', 'janus.device.getDeviceList', '提示框', '没有网络']) {
    const request = {indexName: 'd', query, ...modalParams, hitsPerPage: 3, page: 1, facets: ['docusaurus_tag']};
    const [loaded] = (await client.search({requests: [request]})).results;
    const expected = answer(whole, request);
    assert.deepEqual({...loaded, processingTimeMS: 0}, {...expected, processingTimeMS: 0}, query);
  }
  // A typo (brokar) needed the Latin term list; the ranking then fetched the shard of broker.
  assert.ok(served.urls.some((u) => u.endsWith(served.files.entry.typos)));
});

test('a word with synonyms fetches its own shard and its group\'s synonym part, not a shard for every synonym', async () => {
  const served = servedIndex();
  const {entry} = served.files;
  const client = createLocalSearchClient({indexUrl: '/search-index.test.json', fetchImpl: served.fetchImpl});
  // 断网's group: 离线, 断线, 没有网络 (没有 + 网络), 无网络, 网络中断, 不联网 — nine terms, most in other shards.
  await client.search({requests: [{indexName: 'd', query: '断网', ...modalParams}]});
  const parts = served.urls.slice(1).map((u) => u.slice(entry.dir.length + 1));
  assert.deepEqual(parts.filter((p) => /^s\d+\.json$/.test(p)), [`s${shardOf('断网', entry.shards)}.json`], parts.join(' '));
  assert.deepEqual(parts.filter((p) => /^y\d+\.json$/.test(p)), [synonymPartName(entry.synonyms['断网'])], parts.join(' '));
  // 离线 (a synonym of 断网) shares the part: typing it next fetches only its own shard.
  served.urls.length = 0;
  await client.search({requests: [{indexName: 'd', query: '离线', ...modalParams}]});
  assert.ok(!served.urls.some((u) => /\/y\d+\.json$/.test(u)), served.urls.join(' '));
});

test('synonym parts answer exactly as the whole shards do (postings kept only for records meeting the whole form)', () => {
  const served = servedIndex();
  const withParts = loadSplitIndex(served.files);
  const fromShards = loadSplitIndex(served.files);
  // Without synonym parts the index reads synonyms from the whole shards (shadow the method on this instance).
  (fromShards as {synonymSource?: unknown}).synonymSource = undefined;
  const part = JSON.parse(served.files.parts.get(synonymPartName(served.files.entry.synonyms['断网']))!);
  assert.deepEqual(Object.keys(part).sort(), ['不联网', '断线', '断网', '无网络', '没有网络', '离线', '网络中断'].sort());
  for (const query of ['断网', '没有网络', '离线 激活', '端口', 'MQTT 连接', '部署 8080', '开放 端口', '告警', 'token 过期']) {
    const request = {query, ...modalParams};
    assert.deepEqual({...answer(withParts, request), processingTimeMS: 0}, {...answer(fromShards, request), processingTimeMS: 0}, query);
  }
});

test('an interface label term lives in the shard of the words it starts with', () => {
  for (const shards of [16, 512, 4096]) assert.equal(shardOf('「规则引擎」', shards), shardOf('规则', shards));
});

test('an HTTP error also surfaces as RetryError', async () => {
  const client = createLocalSearchClient({
    indexUrl: '/x.json',
    fetchImpl: (async () => new Response('nope', {status: 404})) as typeof fetch,
  });
  await assert.rejects(client.search({requests: [{query: 'a'}]}), /HTTP 404/);
});

test('a search overtaken by a newer one stops fetching and settles with the newest answer', async () => {
  const alone = servedIndex();
  const clientAlone = createLocalSearchClient({indexUrl: '/search-index.test.json', fetchImpl: alone.fetchImpl});
  const expected = await clientAlone.search({requests: [{indexName: 'd', query: 'MQTT', ...modalParams}]});
  const fragmentsFor = (urls: string[]) => urls.filter((u) => /\/f\d+\.json$/.test(u)).sort();

  const served = servedIndex();
  const client = createLocalSearchClient({indexUrl: '/search-index.test.json', fetchImpl: served.fetchImpl});
  await client.preload();
  // Typed on before the first answer's parts arrived: "部署要求" is overtaken by "MQTT".
  const first = client.search({requests: [{indexName: 'd', query: '部署要求', ...modalParams}]});
  const second = client.search({requests: [{indexName: 'd', query: 'MQTT', ...modalParams}]});
  const [a, b] = await Promise.all([first, second]);
  assert.equal(a, b, 'the overtaken search settles with the newest answer');
  assert.deepEqual({...b.results[0], processingTimeMS: 0}, {...expected.results[0], processingTimeMS: 0});
  assert.deepEqual(fragmentsFor(served.urls), fragmentsFor(alone.urls), 'no fragments fetched for the overtaken query');
});
