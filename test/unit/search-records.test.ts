import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {docHtml, fixtureRecords, pages} from './search-fixture';
import {collectRecords} from '../../plugins/local-search/buildIndex';
import {BuildCache} from '../../src/utils/buildCache';
import type {SearchRecord} from '../../src/search/types';
import {textTokens, type TextTokens} from '../../src/search/invertedIndex';
import {buildSplitIndex, loadSplitIndex} from '../../src/search/indexFile';
import {extractRecords, productArea, recordSource} from '../../src/search/records';
import {productNames} from '../../src/search/productAreas';

test('one record per heading and per content element, in page order', () => {
  const mqtt = fixtureRecords().filter((r) => r.url_without_anchor.endsWith('/mqtt'));
  assert.deepEqual(
    mqtt.map((r) => r.type),
    ['lvl1', 'content', 'lvl2', 'content', 'lvl3', 'content'],
  );
});

test('hierarchy: lvl0 is the product area in Chinese, lvl1 the title, lvl2/lvl3 the headings', () => {
  const rec = fixtureRecords().find((r) => r.content?.startsWith('keep_alive'))!;
  assert.deepEqual(rec.hierarchy, {
    lvl0: 'Neptune 工业云平台',
    lvl1: 'MQTT 设备接入',
    lvl2: '连接参数',
    lvl3: '保活',
    lvl4: null,
    lvl5: null,
    lvl6: null,
  });
  assert.equal(rec.url, 'https://docs.example.com/docs/neptune/api/device_connection/mqtt#keepalive');
  assert.equal(rec.anchor, 'keepalive');
});

test('headings lose the hash-link zero-width character; table rows join cells; header rows and code are skipped', () => {
  const records = fixtureRecords();
  assert.ok(records.some((r) => r.type === 'lvl2' && r.hierarchy.lvl2 === '连接参数'));
  const merged = records.find((r) => r.content?.includes('clientId'))!;
  assert.match(merged.content!, /clientId · 设备 ID/);
  assert.ok(!records.some((r) => r.content?.includes('参数 · 说明')), 'thead skipped');
  assert.ok(!records.some((r) => r.content?.includes('secret-in-code')), 'code skipped');
});

test('language and docusaurus_tag come from the DocSearch meta tags', () => {
  const records = fixtureRecords();
  assert.ok(records.every((r) => r.language === 'zh-Hans'));
  assert.equal(records.find((r) => r.url.endsWith('/markdown-page'))?.docusaurus_tag, 'default');
  assert.equal(records[0].docusaurus_tag, 'docs-default-current');
});

test('product areas are named per section', () => {
  assert.equal(productArea('/docs/triton/deploy/introduction'), 'Triton 设备端连接器');
  assert.equal(productArea('/docs/open-platform/introduction'), '开放平台');
  assert.equal(productArea('/markdown-page'), '使用帮助');
});

test('product names are the names readers type, not the generic words of the area name', () => {
  assert.deepEqual(productNames('https://docs.example.com/docs/lowcode/dev-HMI-app/recipe#download'), ['Lowcode', 'HMI', '组态']);
  assert.deepEqual(productNames('/docs/triton/deploy/introduction'), ['Triton']);
  assert.deepEqual(productNames('/docs/apps/denture/denture-device-management'), []);
  assert.deepEqual(productNames('/docs/other/page'), []);
  assert.deepEqual(productNames('/markdown-page'), []);
});

test('the split index gives back every record field (fragments, entry facets and types)', () => {
  const records = fixtureRecords();
  const restored = loadSplitIndex(buildSplitIndex(records, {fragmentSize: 3})).allRecords();
  assert.equal(restored.length, records.length);
  restored.forEach((r, i) => {
    const o = records[i];
    assert.equal(r.url, o.url);
    assert.equal(r.type, o.type);
    assert.equal(r.content, o.content);
    assert.deepEqual(r.hierarchy, o.hierarchy);
    assert.equal(r.docusaurus_tag, o.docusaurus_tag);
    assert.equal(r.language, o.language);
    assert.equal(r.anchor, o.anchor);
  });
  assert.equal(new Set(restored.map((r) => r.objectID)).size, restored.length, 'objectIDs unique');
});

test('tables as the HTML minifier writes them (end tags omitted) keep their body rows', () => {
  // </th>, </tr>, </thead> and </td> are optional in HTML: the body rows must not count as header rows.
  const html = docHtml('端口', '<table><thead><tr><th>端口<th>用途<tbody><tr><td>8080<td>管理界面<tr><td>1883<td>MQTT</table><p>防火墙放行以上端口。');
  const records = extractRecords({html, pathname: '/docs/janus/user/ports', siteUrl: 'https://docs.example.com'}, 'p');
  assert.deepEqual(
    records.filter((r) => r.type === 'content').map((r) => r.content),
    ['8080 · 管理界面 1883 · MQTT 防火墙放行以上端口。'],
  );
});

test('recordSource: the cache key of a page ignores its asset names, not its title, meta tags or article', () => {
  const page = (asset: string, title = '部署要求', body = '<p>防火墙需放行 8080 端口。</p>', language = 'zh-Hans') =>
    docHtml(title, body)
      .replace('</head>', `<link rel="preload" href="/assets/js/main.${asset}.js" as="script"></head>`)
      .replace('content="zh-Hans"', `content="${language}"`)
      .replace('</body>', `<script src="/assets/js/runtime~main.${asset}.js"></script></body>`);
  const base = recordSource(page('f973689d'));
  assert.equal(recordSource(page('8b179527')), base);
  assert.notEqual(recordSource(page('8b179527', '部署环境')), base);
  assert.notEqual(recordSource(page('8b179527', '部署要求', '<p>防火墙需放行 8443 端口。</p>')), base);
  assert.notEqual(recordSource(page('8b179527', '部署要求', undefined, 'en')), base);
  // A page without an article keys on its whole HTML.
  assert.equal(recordSource('<html><body><p>x</p></body></html>'), '<html><body><p>x</p></body></html>');
});

test('a rebuild with the records cache gives the same records and extracts only the edited page', async () => {
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xl-records-cache-'));
  const outDir = path.join(siteDir, 'build');
  const write = (route: string, html: string) => {
    fs.mkdirSync(path.join(outDir, route), {recursive: true});
    fs.writeFileSync(path.join(outDir, route, 'index.html'), html);
  };
  for (const [route, html] of pages) write(route, html);
  const routesPaths = pages.map(([route]) => route);
  const run = async () => {
    const cache = new BuildCache<SearchRecord[]>({siteDir, name: 'local-search-records', code: []});
    const result = await collectRecords({outDir, routesPaths, siteUrl: 'https://docs.example.com', cache});
    cache.save();
    return {...result, misses: cache.misses};
  };
  const uncached = await collectRecords({outDir, routesPaths, siteUrl: 'https://docs.example.com'});
  assert.equal((await run()).misses, pages.length);
  assert.deepEqual(await run(), {...uncached, misses: 0});
  write('/docs/janus/user/requirements', docHtml('部署要求', '<p>Janus 需要 4 核 CPU，防火墙需放行 8443 端口。</p>'));
  const edited = await run();
  assert.equal(edited.misses, 1);
  assert.ok(edited.records.some((r) => r.content?.includes('8443')));
  assert.ok(!edited.records.some((r) => r.content?.includes('8080 端口')));
});

test('the split index is the same whether record texts are cut afresh or come from the token cache', () => {
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xl-token-cache-'));
  const records = fixtureRecords();
  const run = () => {
    const cache = new BuildCache<TextTokens>({siteDir, name: 'local-search-tokens', code: []});
    const files = buildSplitIndex(records, {tokens: (text) => cache.get(cache.key(text), () => textTokens(text))});
    cache.save();
    return {files, misses: cache.misses, hits: cache.hits};
  };
  const fresh = buildSplitIndex(records);
  const first = run();
  const second = run();
  assert.ok(first.misses > 0);
  assert.deepEqual([second.misses, second.hits], [0, first.misses]);
  assert.deepEqual(first.files, fresh);
  assert.deepEqual(second.files, fresh);
});
