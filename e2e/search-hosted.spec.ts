import {test, expect, type BrowserContext, type Request, type Route} from '@playwright/test';
import {INDEX_NAME, gotoHydrated, hitGroups, hits, modal, openModal, searchInput, t} from './search-helpers';

/**
 * Search in hosted mode: the build-hosted/ site, built with ALGOLIA_APP_ID=E2ETESTAPP,
 * ALGOLIA_SEARCH_API_KEY=e2e-search-only-key and ALGOLIA_INDEX_NAME=xinglian-docs (project
 * 'hosted-search'). The Algolia hosts are intercepted: nothing reaches the network. Spec §7, §8.
 */

const APP_ID = 'E2ETESTAPP';
const API_KEY = 'e2e-search-only-key';
const DOC = '/docs/neptune/user/introduction';
const DSN_HOST = `${APP_ID.toLowerCase()}-dsn.algolia.net`;
const FALLBACK_HOST = new RegExp(`^${APP_ID.toLowerCase()}-[123]\\.algolianet\\.com$`);
const ALGOLIA = /^https:\/\/[^/]*(algolia\.net|algolianet\.com)\//;

type Hierarchy = Record<'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6', string | null>;

function fixtureHit(objectID: string, url: string, type: string, hierarchy: Partial<Hierarchy>, content: string | null) {
  const full: Hierarchy = {lvl0: null, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null, ...hierarchy};
  const hl = (v: string) => ({value: v.replace(/MQTT/g, '<mark>MQTT</mark>'), matchLevel: /MQTT/.test(v) ? 'full' : 'none', matchedWords: /MQTT/.test(v) ? ['mqtt'] : []});
  const highlightHierarchy = Object.fromEntries(Object.entries(full).filter(([, v]) => v).map(([k, v]) => [k, hl(v!)]));
  return {
    objectID,
    url,
    type,
    hierarchy: full,
    content,
    _highlightResult: {hierarchy: highlightHierarchy, ...(content && {content: hl(content)})},
    _snippetResult: {
      hierarchy: Object.fromEntries(Object.entries(highlightHierarchy).filter(([k]) => k !== 'lvl0')),
      ...(content && {content: hl(content)}),
    },
  };
}

/** A DocSearch-shaped answer: records as the crawler (or `npm run search:upload`) stores them. */
const fixtureHits = [
  fixtureHit('fx-1', 'https://docs.example.com/docs/neptune/api/device_connection/mqtt', 'lvl1',
    {lvl0: 'Neptune 工业云平台', lvl1: 'MQTT 设备接入（夹具）'}, null),
  fixtureHit('fx-2', 'https://docs.example.com/docs/neptune/api/device_connection/mqtt#broker', 'lvl2',
    {lvl0: 'Neptune 工业云平台', lvl1: 'MQTT 设备接入（夹具）', lvl2: '连接参数（夹具）'}, null),
  fixtureHit('fx-3', 'https://docs.example.com/docs/triton/deploy/configure-triton#upstream', 'content',
    {lvl0: 'Triton 设备端连接器', lvl1: '配置 Triton（夹具）', lvl2: '上行连接'}, '上行使用 MQTT 协议连接 Neptune（夹具）'),
];

function fixtureResults(query: string) {
  return {
    results: [
      {
        hits: fixtureHits,
        nbHits: fixtureHits.length,
        page: 0,
        nbPages: 1,
        hitsPerPage: 20,
        exhaustiveNbHits: true,
        query,
        params: `query=${encodeURIComponent(query)}&hitsPerPage=20`,
        index: INDEX_NAME,
        processingTimeMS: 1,
        queryID: '0123456789abcdef0123456789abcdef',
      },
    ],
  };
}

async function fulfilFixture(route: Route): Promise<void> {
  const body = JSON.parse(route.request().postData() ?? '{}') as {requests?: {query?: string}[]};
  await route.fulfill({
    status: 200,
    headers: {'access-control-allow-origin': '*', 'content-type': 'application/json; charset=UTF-8'},
    body: JSON.stringify(fixtureResults(body.requests?.[0]?.query ?? '')),
  });
}

/** Every request to an Algolia host, in order; `handle` decides each one's fate. */
async function interceptAlgolia(context: BrowserContext, handle: (route: Route, host: string) => Promise<void>) {
  const seen: Request[] = [];
  await context.route(ALGOLIA, async (route) => {
    seen.push(route.request());
    await handle(route, new URL(route.request().url()).hostname);
  });
  return seen;
}

test('a preconnect to the Algolia DSN host is emitted in hosted mode', async ({page}) => {
  await gotoHydrated(page, DOC);
  await expect(page.locator(`link[rel="preconnect"][href="https://${APP_ID}-dsn.algolia.net"]`)).toHaveCount(1);
});

test('the modal queries POST /1/indexes/*/queries as the spec describes, and renders the answer', async ({page, context}) => {
  const seen = await interceptAlgolia(context, (route) => fulfilFixture(route));
  await gotoHydrated(page, DOC);
  await openModal(page);
  await page.keyboard.type('MQTT');
  await expect(searchInput(page)).toHaveValue('MQTT');
  await expect(hits(page).first()).toBeVisible();

  const queries = seen.filter((r) => new URL(r.url()).pathname === '/1/indexes/*/queries');
  expect(queries.length).toBeGreaterThanOrEqual(1);
  expect(seen.filter((r) => !queries.includes(r)).map((r) => r.url())).toEqual([]);
  const last = queries.at(-1)!;
  const url = new URL(last.url());
  expect(last.method()).toBe('POST');
  expect(url.hostname).toBe(DSN_HOST);
  // Credentials in the query string, not in headers.
  expect(url.searchParams.get('x-algolia-application-id')).toBe(APP_ID);
  expect(url.searchParams.get('x-algolia-api-key')).toBe(API_KEY);
  expect(url.searchParams.get('x-algolia-agent')).toMatch(/docsearch/i);
  const headers = last.headers();
  expect(headers['content-type']).toBe('text/plain');
  expect(headers['x-algolia-api-key']).toBeUndefined();

  const body = JSON.parse(last.postData()!) as {requests: Record<string, unknown>[]};
  expect(body.requests).toHaveLength(1);
  const q = body.requests[0];
  expect(q.indexName).toBe(INDEX_NAME);
  expect(q.query).toBe('MQTT');
  expect(q.hitsPerPage).toBe(20);
  expect(q.attributesToRetrieve).toEqual(
    expect.arrayContaining([
      'hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4',
      'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url',
    ]),
  );
  expect(q.snippetEllipsisText).toBe('…');
  expect(q.highlightPreTag).toBe('<mark>');
  expect(q.highlightPostTag).toBe('</mark>');
  expect(q.facetFilters).toBeDefined();
  const facetFilters = (q.facetFilters as (string | string[])[]).flat();
  expect(facetFilters).toContain('language:zh-Hans');
  expect(facetFilters).toContain('docusaurus_tag:docs-default-current');
  // Snippets of 10 words on a desktop screen (spec §9), for content and every hierarchy level
  // (soft: the rendering checks below still run).
  expect.soft(q.attributesToSnippet).toEqual(
    expect.arrayContaining([
      'content:10', 'hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10',
    ]),
  );

  // The fixture answer is rendered, grouped by lvl0, with links rewritten to the site.
  const groups = await hitGroups(page);
  expect(groups.map((g) => g.title)).toEqual(['Neptune 工业云平台', 'Triton 设备端连接器']);
  expect(groups.map((g) => g.count)).toEqual([2, 1]);
  expect(groups.flatMap((g) => g.urls)).toEqual([
    '/docs/neptune/api/device_connection/mqtt',
    '/docs/neptune/api/device_connection/mqtt#broker',
    '/docs/triton/deploy/configure-triton#upstream',
  ]);
  await expect(page.locator('.DocSearch-Hit-title').first()).toHaveText('MQTT 设备接入（夹具）');
  await expect(page.locator('.DocSearch-Hit-title mark').first()).toHaveText('MQTT');
  await expect(modal(page)).toContainText('连接参数（夹具）');
});

test('a failing host is retried on the next one', async ({page, context}) => {
  const hosts: string[] = [];
  await interceptAlgolia(context, async (route, host) => {
    hosts.push(host);
    if (host === DSN_HOST) await route.abort('connectionrefused');
    else await fulfilFixture(route);
  });
  await gotoHydrated(page, DOC);
  await openModal(page);
  await page.keyboard.insertText('MQTT'); // one query
  await expect(hits(page).first()).toBeVisible();
  await expect(page.locator('.DocSearch-ErrorScreen')).toHaveCount(0);

  expect(hosts.length).toBeGreaterThanOrEqual(2);
  expect(hosts[0]).toBe(DSN_HOST);
  expect(hosts[1]).not.toBe(DSN_HOST);
  expect(hosts[1]).toMatch(FALLBACK_HOST);
});

test('when every host fails the error screen appears, within the spec timeouts, with nothing uncaught', async ({page, context}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
  const hosts: string[] = [];
  await interceptAlgolia(context, async (route, host) => {
    hosts.push(host);
    await route.abort('connectionrefused');
  });
  await gotoHydrated(page, DOC);
  await openModal(page);
  await page.keyboard.insertText('MQTT');

  // Every host of the retry strategy was tried once: the DSN host, then the three fallbacks.
  await expect.poll(() => new Set(hosts).size).toBe(4);
  expect(hosts[0]).toBe(DSN_HOST);
  expect(hosts.slice(1).every((h) => FALLBACK_HOST.test(h))).toBe(true);

  const error = page.locator('.DocSearch-ErrorScreen');
  // Refused connections fail at once: the error comes well inside the first connect timeout (1 s).
  await expect(error).toBeVisible({timeout: 2_000});
  await expect(error).toContainText(t.errorTitle);
  await expect(error).toContainText(t.errorHelp);
  await expect(page.locator('.DocSearch-NoResults')).toHaveCount(0);
  await page.keyboard.type(' 连接');
  await expect(error).toBeVisible();
  await page.waitForTimeout(500);
  expect(errors, 'uncaught errors and rejections').toEqual([]);
});

test('/search asks Algolia for 20 hits with snippets and <mark> highlights, and groups the answer by page', async ({page, context}) => {
  const seen = await interceptAlgolia(context, (route) => fulfilFixture(route));
  await gotoHydrated(page, `/search?q=MQTT`);
  const pagesShown = page.locator('main ol[data-hit-count] > li > article');
  await expect(pagesShown).toHaveCount(2);
  const body = JSON.parse(seen.at(-1)!.postData()!) as {requests: Record<string, unknown>[]};
  const q = body.requests[0];
  expect(q.indexName).toBe(INDEX_NAME);
  expect(q.query).toBe('MQTT');
  expect(q.hitsPerPage).toBe(20);
  expect(q.page).toBe(0);
  expect(q.attributesToSnippet).toEqual(['content:10']);
  expect(q.highlightPreTag).toBe('<mark>');
  expect(q.highlightPostTag).toBe('</mark>');
  expect((q.facetFilters as (string | string[])[]).flat()).toEqual(
    expect.arrayContaining(['language:zh-Hans', 'docusaurus_tag:docs-default-current']),
  );
  // Two records of the MQTT page: one entry for the page, its section under it.
  await expect(pagesShown.first().locator('h2')).toHaveText('MQTT 设备接入（夹具）');
  await expect(pagesShown.first().locator('h2 a')).toHaveAttribute('href', '/docs/neptune/api/device_connection/mqtt');
  await expect(pagesShown.first().locator(':scope > ul > li a')).toHaveText(['连接参数（夹具）']);
  await expect(pagesShown.nth(1).locator('p mark')).toHaveText('MQTT');
  await expect(page.getByText(t.pageAlgoliaCredit)).toBeVisible();
});

test('/search when every host fails: 无法获取结果 and 重试 within the spec timeouts, nothing uncaught; 重试 recovers', async ({page, context}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
  let failing = true;
  const hosts: string[] = [];
  await interceptAlgolia(context, async (route, host) => {
    hosts.push(host);
    if (failing) await route.abort('connectionrefused');
    else await fulfilFixture(route);
  });
  await gotoHydrated(page, `/search?q=MQTT`);
  const alert = page.getByRole('alert').filter({hasText: t.errorTitle});
  // The typing delay (300 ms), then four refused hosts: well inside the first connect timeout.
  await expect(alert).toBeVisible({timeout: 2_500});
  await expect(alert).toContainText(t.errorHelp);
  expect(new Set(hosts).size).toBe(4);
  expect(errors, 'uncaught errors and rejections').toEqual([]);

  failing = false;
  await alert.getByRole('button', {name: '重试'}).click();
  await expect(alert).toHaveCount(0);
  await expect(page.locator('main ol[data-hit-count] > li > article').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('a 4xx answer fails at once, without trying the other hosts', async ({page, context}) => {
  const hosts: string[] = [];
  await interceptAlgolia(context, async (route, host) => {
    hosts.push(host);
    await route.fulfill({
      status: 403,
      headers: {'access-control-allow-origin': '*', 'content-type': 'application/json; charset=UTF-8'},
      body: JSON.stringify({message: 'Invalid Application-ID or API key', status: 403}),
    });
  });
  await gotoHydrated(page, DOC);
  await openModal(page);
  await page.keyboard.insertText('MQTT');
  await expect.poll(() => hosts.length).toBeGreaterThanOrEqual(1);
  await page.waitForTimeout(500);
  expect(hosts).toEqual([DSN_HOST]);
  await expect(hits(page)).toHaveCount(0);
});
