import {test, expect, type Page} from '@playwright/test';
import {gotoHydrated, hits, modal, openModal, searchInput, selectedHit, t, typeQuery, searchFor} from './search-helpers';

/**
 * The search dialog while it waits and when it fails (issues 23 and 24): never 「没有结果」 before
 * the engine has answered the query on screen, the stalled state after 300 ms, a shortcut pressed
 * before hydration, Shift+Enter in a new window, and one error screen with nothing uncaught.
 */

test.describe.configure({timeout: 60_000});

const DOC = '/docs/neptune/user/introduction';
const INDEX_GLOB = '**/search-index.*.json';

/** Records, from the first paint on, whether the no-results screen was ever in the page. */
async function watchNoResults(page: Page) {
  await page.addInitScript(() => {
    const flag = window as unknown as {__noResultsSeen?: string[]};
    flag.__noResultsSeen = [];
    new MutationObserver(() => {
      const screen = document.querySelector('.DocSearch-NoResults');
      if (screen) flag.__noResultsSeen!.push(screen.textContent ?? '');
    }).observe(document, {childList: true, subtree: true});
  });
  return () => page.evaluate(() => (window as unknown as {__noResultsSeen: string[]}).__noResultsSeen);
}

/** Holds the main bundle back (the page is on screen but not interactive) until the returned call. */
async function holdMainBundle(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/js/main.*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
  return errors;
}

test('while the index is on its way: no 「没有结果」, 正在搜索… after 300 ms, then the results', async ({page}) => {
  const noResultsSeen = await watchNoResults(page);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(INDEX_GLOB, async (route) => {
    await released;
    await route.continue();
  });
  await gotoHydrated(page, DOC);
  await openModal(page);
  await page.keyboard.type('设备接入', {delay: 60});
  await expect(searchInput(page)).toHaveValue('设备接入');

  // Loading: the stalled state (spec §4, 300 ms) with its text, and nothing else in the panel.
  const stalled = modal(page).locator('.DocSearch-LoadingScreen');
  await expect(page.locator('.DocSearch-Container--Stalled')).toBeVisible();
  await expect(stalled).toHaveText('正在搜索…');
  await expect(stalled).toHaveAttribute('role', 'status');
  await page.waitForTimeout(1_500);
  await expect(stalled).toHaveText('正在搜索…');
  expect(await noResultsSeen(), 'no-results screen while the index loads').toEqual([]);

  release();
  await expect(hits(page).first()).toBeVisible({timeout: 20_000});
  await expect(page.locator('.DocSearch-Container--Stalled')).toHaveCount(0);
  await expect(stalled).toHaveCount(0);
  expect(await noResultsSeen()).toEqual([]);

  // Once answered, an empty answer does show the no-results screen.
  await searchInput(page).fill('');
  await typeQuery(page, 'zzqxv');
  await expect(page.locator('.DocSearch-NoResults')).toBeVisible();
  await expect(page.locator('.DocSearch-NoResults .DocSearch-Title strong')).toHaveText('zzqxv');
});

test('Ctrl+K pressed before the page has hydrated opens the dialog once it can', async ({page}) => {
  const release = await holdMainBundle(page);
  // The scripts are deferred: 'domcontentloaded' would wait for them. The parsed page is enough.
  await page.goto(DOC, {waitUntil: 'commit'});
  await expect(page.locator('article h1')).toBeVisible();
  expect(await page.locator('html').getAttribute('data-has-hydrated')).not.toBe('true');
  await page.keyboard.press('Control+k');
  release();
  await expect(searchInput(page)).toBeFocused({timeout: 20_000});
  await page.keyboard.type('MQTT');
  await expect(hits(page).first()).toBeVisible();
  // The early listener is gone: the next Ctrl+K is DocSearch's own (it closes the dialog).
  await page.keyboard.press('Escape');
  await expect(modal(page)).toHaveCount(0);
  expect(await page.evaluate(() => '__xlEarlySearch' in window)).toBe(false);
});

test('「/」 typed in a text field before hydration stays text', async ({page}) => {
  const release = await holdMainBundle(page);
  await page.goto('/', {waitUntil: 'commit'});
  await page.locator('#home-search').focus();
  await page.keyboard.type('a/b');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true', {timeout: 20_000});
  await page.waitForTimeout(300);
  await expect(modal(page)).toHaveCount(0);
  await expect(page.locator('#home-search')).toHaveValue('a/b');
});

test('Shift+Enter opens the hit in a new window, Ctrl+Enter in a new tab (window.open features)', async ({page}) => {
  await page.addInitScript(() => {
    const calls: [string, string, string][] = [];
    (window as unknown as {__opens: typeof calls}).__opens = calls;
    window.open = ((url: string, target: string, features: string) => {
      calls.push([String(url), String(target), String(features ?? '')]);
      return null;
    }) as typeof window.open;
  });
  await gotoHydrated(page, DOC);
  await searchFor(page, 'MQTT 连接');
  const href = (await selectedHit(page).locator('a').getAttribute('href'))!;
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.press('Control+Enter');
  const opens = await page.evaluate(() => (window as unknown as {__opens: [string, string, string][]}).__opens);
  expect(opens).toHaveLength(2);
  const [win, tab] = opens;
  expect(new URL(win[0], 'http://x').pathname + new URL(win[0], 'http://x').hash).toBe(href);
  expect(win[1]).toBe('_blank');
  expect(win[2].split(',')).toEqual(expect.arrayContaining(['popup', 'noopener']));
  expect(tab[1]).toBe('_blank');
  expect(tab[2].split(',')).not.toContain('popup');
  expect(new URL(page.url()).pathname).toBe(DOC);
});

test('index unreachable: the dialog shows 无法获取结果 with the network hint, nothing uncaught; it recovers', async ({page}) => {
  const errors = collectPageErrors(page);
  const noResultsSeen = await watchNoResults(page);
  await page.route(INDEX_GLOB, (route) => route.abort('internetdisconnected'));
  await gotoHydrated(page, DOC);
  await openModal(page);
  await page.keyboard.type('MQTT 连接', {delay: 40});
  const error = page.locator('.DocSearch-ErrorScreen');
  await expect(error).toBeVisible({timeout: 5_000});
  await expect(error).toContainText(t.errorTitle);
  await expect(error).toContainText(t.errorHelp);
  await expect(page.locator('.DocSearch-Container--Errored')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await noResultsSeen()).toEqual([]);
  expect(errors, 'uncaught errors and rejections').toEqual([]);

  await page.unroute(INDEX_GLOB);
  await page.keyboard.type(' 端口');
  await expect(hits(page).first()).toBeVisible({timeout: 20_000});
  await expect(error).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('an index that cannot be read (not JSON) is the same error, not 「没有结果」', async ({page}) => {
  const errors = collectPageErrors(page);
  await page.route(INDEX_GLOB, (route) => route.fulfill({status: 200, contentType: 'application/json', body: '{"version":'}));
  await gotoHydrated(page, DOC);
  await openModal(page);
  await page.keyboard.type('MQTT');
  await expect(page.locator('.DocSearch-ErrorScreen')).toContainText(t.errorTitle);
  await expect(page.locator('.DocSearch-NoResults')).toHaveCount(0);
  expect(errors).toEqual([]);
});
