/**
 * Offline reading (plugins/offline-reading on @docusaurus/plugin-pwa): with the service worker
 * allowed, pages a reader opened and the search keep working once the browser context is offline.
 * The rest of the suite blocks service workers (playwright.config.ts) so request interception
 * stays reliable there.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect, type Page} from '@playwright/test';
import {gotoHydrated, waitForHydration} from './helpers';
import {hits, modal, searchInput} from './search-helpers';
import {cacheEntries, searchParts, waitForEssentials, waitForServiceWorker} from './offline-helpers';

test.use({serviceWorkers: 'allow'});

const buildDir = path.join(__dirname, '..', 'build');

async function pageIsCached(page: Page, pathname: string): Promise<boolean> {
  return page.evaluate(async (p) => Boolean(await caches.match(new URL(p, location.href).href, {cacheName: 'xl-pages'})), pathname);
}

test.describe('离线阅读', () => {
  test.describe.configure({timeout: 150_000});

  test('visited pages, in-app navigation and search work with the network gone', async ({page, context}) => {
    const guide = '/docs/neptune/user/quick-start';
    const intro = '/docs/neptune/user/introduction';
    const unvisited = '/docs/janus/user/introduction';
    // Search index files the page asked for, and the ones the worker downloaded (with when).
    const pageSearchRequests: string[] = [];
    page.on('request', (r) => /\/search\//.test(new URL(r.url()).pathname) && pageSearchRequests.push(new URL(r.url()).pathname));
    const workerSearchFetches: {path: string; at: number}[] = [];
    context.on('request', (r) => {
      const {pathname} = new URL(r.url());
      if (r.serviceWorker() && /^\/search(\/|-index\.)/.test(pathname)) workerSearchFetches.push({path: pathname, at: Date.now()});
    });

    const opened = Date.now();
    await gotoHydrated(page, guide);
    await waitForServiceWorker(page);
    // The embedded index is one of the files kept (this build has no hosted search).
    expect(fs.readdirSync(buildDir).filter((f) => /^search-index\.[0-9a-f]+\.json$/.test(f))).toHaveLength(1);
    await waitForEssentials(page, buildDir);
    // The background download took the whole index in one file (the bundle of its parts, not
    // hundreds of requests), and not before its 5-second delay.
    const bundle = searchParts(buildDir).find((p) => p.endsWith('/all.json'))!;
    expect(workerSearchFetches.map((f) => f.path).filter((p) => p.startsWith('/search/'))).toEqual([bundle]);
    expect(workerSearchFetches[0].at - opened).toBeGreaterThanOrEqual(4500);

    // One search online: its shards and fragments come from the network (or the worker's cache).
    await page.getByRole('button', {name: '搜索'}).first().click();
    await searchInput(page).fill('MQTT');
    await expect(hits(page).first()).toBeVisible({timeout: 15_000});
    await page.keyboard.press('Escape');
    const fetchedOnline = new Set(pageSearchRequests);
    // A page reached by in-app navigation is fetched and kept by the worker.
    await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: '产品简介'}).first().click();
    await expect(page).toHaveURL(intro);
    await expect.poll(() => pageIsCached(page, intro), {timeout: 20_000}).toBe(true);
    expect(await pageIsCached(page, guide)).toBe(true);

    await context.setOffline(true);

    // A full reload of a visited page comes from the cache and hydrates with cached JS.
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('article h1')).toContainText('Neptune');
    // The navbar logo was loaded before the worker took control; it was kept all the same.
    await expect.poll(() => page.locator('.navbar__logo img').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Back to the first page by a full navigation, then by the sidebar (client-side route).
    await page.goto(guide);
    await waitForHydration(page);
    await expect(page.locator('article h1')).toHaveText(/快速/);
    await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: '产品简介'}).first().click();
    await expect(page).toHaveURL(intro);
    await expect(page.locator('article h1')).toContainText('Neptune');

    // Search loads its index from the cache: a query whose shards and fragments were never
    // fetched online answers all the same.
    pageSearchRequests.length = 0;
    await page.getByRole('button', {name: '搜索'}).first().click();
    await expect(modal(page)).toBeVisible();
    await searchInput(page).fill('规则引擎 告警');
    await expect(hits(page).first()).toBeVisible({timeout: 15_000});
    await expect(modal(page)).not.toContainText('无法获取结果');
    const neverOnline = pageSearchRequests.filter((p) => !fetchedOnline.has(p));
    expect(neverOnline.some((p) => /\/s\d+\.json$/.test(p)), `shards first asked for offline: ${neverOnline.join(' ')}`).toBe(true);
    expect(neverOnline.some((p) => /\/f\d+\.json$/.test(p)), `fragments first asked for offline: ${neverOnline.join(' ')}`).toBe(true);
    await page.keyboard.press('Escape');

    // A page never opened online: the Chinese offline page, with the pages that can be read.
    const response = await page.goto(unvisited);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('网络不可用，此页面尚未保存到本机');
    await expect(page.locator('code')).toHaveText(unvisited);
    const offlineLinks = page.getByRole('list').getByRole('link');
    await expect(offlineLinks.filter({has: page.locator(`xpath=self::a[@href="${guide}"]`)})).toHaveCount(1);
    await expect(offlineLinks.filter({has: page.locator(`xpath=self::a[@href="${intro}"]`)})).toHaveCount(1);
    await page.getByRole('link', {name: '返回首页'}).click();
    // The home page was never opened either: still the offline page, not a browser error.
    await expect(page.getByRole('heading', {level: 1})).toHaveText('网络不可用，此页面尚未保存到本机');

    // Back online, the same address shows the real page again.
    await context.setOffline(false);
    await page.goto(unvisited);
    await waitForHydration(page);
    await expect(page.locator('article h1')).toContainText('Janus');
  });

  test('?offlineMode=true precaches the whole site and the search index, so unvisited pages and search work offline', async ({page, context}) => {
    await gotoHydrated(page, '/?offlineMode=true');
    await waitForServiceWorker(page);
    // Docusaurus' precache (workbox) holds every page of the build once installed.
    await expect
      .poll(() => cacheEntries(page, 'workbox-precache'), {timeout: 120_000, intervals: [1000, 2000]})
      .toBeGreaterThan(228);
    // The search index is kept beside it: the entry file and every part (from one bundle).
    await expect
      .poll(() => cacheEntries(page, 'xl-assets-'), {timeout: 90_000, intervals: [500, 1000, 2000]})
      .toBe(searchParts(buildDir).length + 1);
    await context.setOffline(true);
    await page.goto('/docs/triton/deploy/introduction?offlineMode=true');
    await waitForHydration(page);
    await expect(page.locator('article h1')).toContainText('Triton');
    await page.getByRole('button', {name: '搜索'}).first().click();
    await searchInput(page).fill('Modbus 超时');
    await expect(hits(page).first()).toBeVisible({timeout: 15_000});
    await expect(modal(page)).not.toContainText('无法获取结果');
  });
});
