import {test, expect, type Page, type Request} from '@playwright/test';
import {
  FAVORITE_KEY,
  RECENT_KEY,
  englishWords,
  gotoHydrated,
  hitGroups,
  hits,
  modal,
  modalUiStrings,
  openActiveHit,
  openModal,
  productAreas,
  readStorageList,
  searchFor,
  searchInput,
  selectedHit,
  settle,
  startSection,
  storedHit,
  t,
  typeQuery,
} from './search-helpers';

/**
 * Search in local mode (the default build: no ALGOLIA_* variables): the DocSearch modal and the
 * /search page answer from the embedded index (entry build/search-index.<id>.json, parts in
 * build/search/<hash>/). Spec §2, §4, §5,
 * §8, §9 and issue 3.
 */

// Several tests walk through many screens, each search parsing the 3 MB index on a 2-core
// machine shared with builds: allow them more than the default 30 s.
test.describe.configure({timeout: 60_000});

const DOC = '/docs/neptune/user/introduction';
const MQTT_DOC = '/docs/neptune/api/device_connection/mqtt';
/** The embedded index: its entry file and its parts (shards, fragments). */
const INDEX_FILES = /\/(search-index\.[^/]+\.json|search\/[0-9a-f]+\/[^/]+\.json)(\?|$)/;
const isIndexRequest = (r: Request) => INDEX_FILES.test(new URL(r.url()).pathname);

/** Total shown on the /search page ("找到 N 份文件"). */
async function searchPageTotal(page: Page): Promise<number> {
  const line = page.getByText(t.pageFound);
  await expect(line).toBeVisible();
  return Number(t.pageFound.exec((await line.textContent()) ?? '')![1]);
}

const pageResults = (page: Page) => page.locator('main article');

test.describe('search modal: opening, closing, focus', () => {
  test('Ctrl+K and / open it, / typed in a field does not, Escape closes; label and placeholder', async ({page}) => {
    await gotoHydrated(page, '/');

    // Navbar button: label 搜索; nothing of the modal yet.
    const button = page.locator('.navbar .DocSearch-Button');
    await expect(button.locator('.DocSearch-Button-Placeholder')).toHaveText(t.buttonLabel);
    await expect(modal(page)).toHaveCount(0);

    // `/` typed into the home-page search field is text, not a shortcut.
    const homeInput = page.locator('#home-search');
    await homeInput.focus();
    await page.keyboard.type('a/b');
    await expect(homeInput).toHaveValue('a/b');
    await page.waitForTimeout(300);
    await expect(modal(page)).toHaveCount(0);

    // `/` with no field focused opens the modal, with the Chinese placeholder.
    await homeInput.blur();
    await page.locator('h1').first().click();
    await settle(page);
    await page.keyboard.press('/');
    await expect(searchInput(page)).toBeFocused({timeout: 15_000});
    await expect(searchInput(page)).toHaveAttribute('placeholder', t.placeholder);
    await expect(searchInput(page)).toHaveValue('');

    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);

    // Ctrl+K opens it, Escape closes it again.
    await openModal(page);
    await expect(modal(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);
    await expect(page.locator('.navbar .DocSearch-Button')).toBeFocused();
  });

  test('Tab and Shift+Tab keep focus inside the modal', async ({page}) => {
    await gotoHydrated(page, DOC);
    // With results on screen (about 13 focusable elements), 15 Tabs must wrap around.
    await searchFor(page, 'MQTT 连接');
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('.DocSearch-Modal')));
      expect(inside, `focus left the modal after ${i + 1} Tab presses`).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('.DocSearch-Modal')));
      expect(inside, 'focus left the modal on Shift+Tab').toBe(true);
    }
  });

  test('the index is fetched on the first search only, a part at a time, and nothing leaves 127.0.0.1', async ({page, context}) => {
    const requests: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    const indexRequests: string[] = [];
    page.on('request', (r) => isIndexRequest(r) && indexRequests.push(r.url()));

    await gotoHydrated(page, DOC);
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    expect(indexRequests, 'index fetched on page load').toEqual([]);

    // No preconnect to Algolia in local mode.
    const preconnects = await page.locator('link[rel="preconnect"], link[rel="dns-prefetch"]').evaluateAll((ls) =>
      ls.map((l) => l.getAttribute('href') ?? ''),
    );
    expect(preconnects.filter((h) => /algolia/i.test(h))).toEqual([]);

    await searchFor(page, 'MQTT 连接');
    await page.keyboard.type(' 端口');
    await expect(searchInput(page)).toHaveValue('MQTT 连接 端口');
    await expect(hits(page).first()).toBeVisible();
    // The entry file once, first; then only shards, synonym parts (连接 ↔ 接入, 端口 ↔ port) and
    // fragments, each once: never the offline bundle of every part, never the whole index.
    const entries = indexRequests.filter((u) => /\/search-index\.[\w-]+\.json$/.test(u));
    expect(entries, 'one entry-file fetch for the whole session').toHaveLength(1);
    expect(indexRequests[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/search-index\.[\w-]+\.json$/);
    const parts = indexRequests.slice(1);
    expect(parts.length).toBeGreaterThan(0);
    for (const u of parts) expect(u).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/search\/[0-9a-f]+\/[sfy]\d+\.json$/);
    expect(parts.some((u) => /\/y\d+\.json$/.test(u)), 'a synonym part, not a shard per synonym').toBe(true);
    expect(new Set(parts).size, 'each part fetched once').toBe(parts.length);

    // The search page (a fresh page load) answers from the embedded index too: still nothing
    // goes to Algolia or anywhere else.
    await gotoHydrated(page, `/search?q=${encodeURIComponent('MQTT 连接')}`);
    await expect(pageResults(page).first()).toBeVisible();

    const outside = requests.filter((u) => /^https?:/.test(u) && new URL(u).hostname !== '127.0.0.1');
    expect(outside, 'requests leaving 127.0.0.1').toEqual([]);
    expect(requests.filter((u) => /algolia/i.test(u))).toEqual([]);
  });
});

test.describe('search modal: query', () => {
  test('the input takes at most 64 characters; selected text becomes the initial query, cut to 64', async ({page}) => {
    await gotoHydrated(page, MQTT_DOC);

    // 80 characters typed: 64 kept (the first 62 inserted at once, the rest key by key).
    await openModal(page);
    await expect(searchInput(page)).toHaveAttribute('maxlength', '64');
    const eighty = 'abcdefghij'.repeat(8);
    await page.keyboard.insertText(eighty.slice(0, 62));
    await page.keyboard.type(eighty.slice(62));
    await expect(searchInput(page)).toHaveValue(eighty.slice(0, 64));
    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);

    // A heading (≤ 64 characters).
    const heading = await page.evaluate(() => {
      const h = document.querySelector('article h2, .markdown h2')!;
      const range = document.createRange();
      range.selectNodeContents(h.firstChild!);
      const sel = window.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      return {selected: sel.toString().trim()};
    });
    expect(heading.selected.length).toBeGreaterThan(0);
    expect(heading.selected.length).toBeLessThanOrEqual(64);
    await settle(page);
    await page.keyboard.press('Control+k');
    await expect(searchInput(page)).toHaveValue(heading.selected);
    await expect(hits(page).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);

    // A long selection: the first 64 characters.
    const long = await page.evaluate(() => {
      const p = [...document.querySelectorAll('.markdown p')].find(
        (el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().length > 80,
      )!;
      const range = document.createRange();
      range.selectNodeContents(p);
      const sel = window.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      return sel.toString().replace(/\s+/g, ' ').trim();
    });
    expect(Array.from(long).length).toBeGreaterThan(64);
    await settle(page);
    await page.keyboard.press('Control+k');
    await expect(searchInput(page)).not.toHaveValue('');
    const value = await searchInput(page).inputValue();
    expect(Array.from(value)).toHaveLength(64);
    expect(value).toBe(Array.from(long).slice(0, 64).join(''));
  });
});

test.describe('search modal: results', () => {
  test('hits are grouped by product area, at most 5 a group; arrows move the active hit; Enter opens it', async ({page}) => {
    await gotoHydrated(page, DOC);
    await searchFor(page, 'MQTT 连接');

    const groups = await hitGroups(page);
    expect(groups.length).toBeGreaterThanOrEqual(2);
    expect(groups.map((g) => g.title)).toContain('Neptune 工业云平台');
    for (const g of groups) {
      expect(productAreas, `group header "${g.title}"`).toContain(g.title);
      expect(g.count, `hits under ${g.title}`).toBeGreaterThan(0);
      expect(g.count, `hits under ${g.title}`).toBeLessThanOrEqual(5);
      for (const url of g.urls) expect(url).toMatch(/^\/docs\//);
    }
    // The best hit for this query is on the MQTT access page.
    expect(groups[0].urls[0]).toContain(MQTT_DOC);

    // Arrow keys move aria-selected.
    const all = hits(page);
    await expect(all.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(all.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(all.nth(0)).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(all.nth(2)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(all.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(selectedHit(page)).toHaveCount(1);

    // Enter opens the active hit in this page.
    const href = (await selectedHit(page).locator('a').getAttribute('href'))!;
    await page.keyboard.press('Enter');
    await expect(modal(page)).toHaveCount(0);
    await expect(page).toHaveURL((u) => u.pathname + u.hash === href);
    await expect(page.locator('article h1')).toBeVisible();
  });

  test('showing hits prefetches none of their pages; resting the pointer on a hit preloads it', async ({page}) => {
    await gotoHydrated(page, DOC);
    // Record every route prefetch and preload the app asks Docusaurus for from now on.
    await page.evaluate(() => {
      type Loader = (url: string) => unknown;
      const w = window as unknown as {docusaurus: {prefetch: Loader; preload: Loader}; __routeCalls: string[]};
      w.__routeCalls = [];
      // window.docusaurus is frozen; links and hits look it up on window each time.
      const {prefetch, preload} = w.docusaurus;
      w.docusaurus = {
        ...w.docusaurus,
        prefetch: (url) => (w.__routeCalls.push(`prefetch ${url}`), prefetch(url)),
        preload: (url) => (w.__routeCalls.push(`preload ${url}`), preload(url)),
      };
    });
    // A word on every product's pages: hits in every group, most of them pages linked nowhere on this page.
    await searchFor(page, '设备');
    const hrefs = await hits(page).locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThanOrEqual(10);
    // Time for <Link>'s in-view prefetch (done in idle time on this site) to have run.
    await page.waitForTimeout(1_500);
    const calls = () => page.evaluate(() => (window as unknown as {__routeCalls: string[]}).__routeCalls);
    // Links of the page behind the modal (sidebar, navbar) may be prefetched: they are in view.
    const pageLinks = new Set(
      await page.evaluate(() =>
        [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].filter((a) => !a.closest('.DocSearch-Container')).map((a) => a.pathname),
      ),
    );
    const hitPaths = new Set(hrefs.map((h) => h.split('#')[0]).filter((p) => !pageLinks.has(p)));
    expect(hitPaths.size).toBeGreaterThanOrEqual(5);
    expect((await calls()).filter((c) => c.startsWith('prefetch ') && hitPaths.has(c.slice('prefetch '.length).split('#')[0]))).toEqual([]);
    await hits(page).nth(2).hover();
    await expect.poll(calls).toContain(`preload ${hrefs[2]}`);
  });

  test('Ctrl+Enter opens the hit in a new tab, Shift+Enter in a new window', async ({page, context}) => {
    await gotoHydrated(page, DOC);
    await searchFor(page, 'MQTT 连接');
    await page.keyboard.press('ArrowDown');
    const href = (await selectedHit(page).locator('a').getAttribute('href'))!;

    const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Control+Enter')]);
    await tab.waitForLoadState('domcontentloaded');
    expect(new URL(tab.url()).pathname + new URL(tab.url()).hash).toBe(href);
    await tab.close();
    // The reader stays where they were.
    expect(new URL(page.url()).pathname).toBe(DOC);

    // The modal stays open behind the new tab, with the same hit active.
    await page.bringToFront();
    await expect(modal(page)).toBeVisible();
    await expect(selectedHit(page).locator('a')).toHaveAttribute('href', href);
    await searchInput(page).focus();
    const href2 = (await selectedHit(page).locator('a').getAttribute('href'))!;
    const [win] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Shift+Enter')]);
    await win.waitForLoadState('domcontentloaded');
    expect(new URL(win.url()).pathname + new URL(win.url()).hash).toBe(href2);
    await win.close();
    expect(new URL(page.url()).pathname).toBe(DOC);
  });

  test('「查看全部 N 个结果」 leads to /search?q=… with the same total', async ({page}) => {
    await gotoHydrated(page, DOC);
    await searchFor(page, 'MQTT 连接');

    const link = page.locator('.DocSearch-HitsFooter a');
    await expect(link).toHaveText(/^查看全部 \d+ 个结果$/);
    await expect(link).toHaveAttribute('href', '/search?q=MQTT%20%E8%BF%9E%E6%8E%A5');
    const modalCount = Number(/(\d+)/.exec((await link.textContent())!)![1]);

    await link.click();
    await expect(modal(page)).toHaveCount(0);
    await expect(page).toHaveURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'MQTT 连接');
    await expect(page.locator('input[name="q"]')).toHaveValue('MQTT 连接');
    const pageTotal = await searchPageTotal(page);
    expect(modalCount, `modal says ${modalCount}, /search finds ${pageTotal}`).toBe(pageTotal);
  });
});

test.describe('search modal: start screen', () => {
  test('with no recent searches the start screen says 没有最近搜索', async ({page}) => {
    await gotoHydrated(page, DOC);
    await openModal(page);
    await expect(modal(page).getByText(t.noRecent, {exact: true})).toBeVisible();
  });

  test('an opened hit is kept in recents; it can be saved as favourite and removed', async ({page}) => {
    await gotoHydrated(page, DOC);
    await searchFor(page, 'MQTT 连接');
    const title = (await selectedHit(page).locator('.DocSearch-Hit-title').innerText()).trim();
    const href = await openActiveHit(page);

    // Stored under DocSearch's key for this index.
    const recents = await readStorageList(page, RECENT_KEY);
    expect(recents.map((h) => h.url)).toEqual([href]);
    expect(recents[0].hierarchy.lvl0).toBe('Neptune 工业云平台');

    await openModal(page);
    const recent = startSection(page, t.recentTitle);
    await expect(recent.locator('.DocSearch-Hit')).toHaveCount(1);
    await expect(recent.locator('.DocSearch-Hit-title')).toHaveText(title);
    await expect(recent.locator('.DocSearch-Hit a')).toHaveAttribute('href', href);

    // Save as favourite: it moves from recents to favourites.
    await recent.locator(`.DocSearch-Hit-action-button[title="${t.saveRecent}"]`).click();
    const favourites = startSection(page, t.favoriteTitle);
    await expect(favourites.locator('.DocSearch-Hit')).toHaveCount(1);
    await expect(favourites.locator('.DocSearch-Hit a')).toHaveAttribute('href', href);
    await expect(startSection(page, t.recentTitle)).toHaveCount(0);
    expect((await readStorageList(page, FAVORITE_KEY)).map((h) => h.url)).toEqual([href]);
    expect(await readStorageList(page, RECENT_KEY)).toEqual([]);

    // Still there after reopening.
    await page.keyboard.press('Escape');
    await openModal(page);
    await expect(startSection(page, t.favoriteTitle).locator('.DocSearch-Hit')).toHaveCount(1);

    // Remove it from favourites.
    await startSection(page, t.favoriteTitle)
      .locator(`.DocSearch-Hit-action-button[title="${t.removeFavorite}"]`)
      .click();
    await expect(startSection(page, t.favoriteTitle)).toHaveCount(0);
    expect(await readStorageList(page, FAVORITE_KEY)).toEqual([]);

    // Removing from recents: open a hit again, then delete it with its × button.
    await typeQuery(page, '网关');
    await expect(hits(page).first()).toBeVisible();
    await openActiveHit(page);
    await openModal(page);
    await expect(startSection(page, t.recentTitle).locator('.DocSearch-Hit')).toHaveCount(1);
    await startSection(page, t.recentTitle)
      .locator(`.DocSearch-Hit-action-button[title="${t.removeRecent}"]`)
      .click();
    await expect(startSection(page, t.recentTitle)).toHaveCount(0);
    expect(await readStorageList(page, RECENT_KEY)).toEqual([]);
  });

  test('recents show 7, or 4 once a favourite exists', async ({page}) => {
    const seeded = [
      ['Neptune 工业云平台', 'MQTT 设备接入', '/docs/neptune/api/device_connection/mqtt'],
      ['Neptune 工业云平台', '规则引擎', '/docs/neptune/user/device-management/rules-engine'],
      ['Janus 边缘计算系统软件', 'Janus 简介', '/docs/janus/user/introduction'],
      ['Janus 边缘计算系统软件', '设备连接', '/docs/janus/user/connection'],
      ['Triton 设备端连接器', 'Triton 简介', '/docs/triton/deploy/introduction'],
      ['Triton 设备端连接器', '配置 Triton', '/docs/triton/deploy/configure-triton'],
      ['低代码 HMI 组态软件', 'HMI', '/docs/lowcode/hmi'],
      ['低代码流程图控制软件', '流程图简介', '/docs/automation/work-flow-intro'],
      ['开放平台', '开放平台简介', '/docs/open-platform/introduction'],
    ].map(([lvl0, lvl1, url], i) => storedHit(i, lvl0, lvl1, url));
    await page.addInitScript(
      ([key, value]) => window.localStorage.setItem(key, value),
      [RECENT_KEY, JSON.stringify(seeded)] as const,
    );
    await gotoHydrated(page, DOC);

    await openModal(page);
    const recent = startSection(page, t.recentTitle);
    await expect(recent.locator('.DocSearch-Hit')).toHaveCount(7);
    await expect(recent.locator('.DocSearch-Hit-title')).toHaveText(seeded.slice(0, 7).map((h) => h.hierarchy.lvl1!));
    await expect(startSection(page, t.favoriteTitle)).toHaveCount(0);

    // Save the third as favourite; reopened, the start screen keeps 4 recents beside it.
    await recent.locator('.DocSearch-Hit').nth(2).locator(`.DocSearch-Hit-action-button[title="${t.saveRecent}"]`).click();
    await expect(startSection(page, t.favoriteTitle).locator('.DocSearch-Hit')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);

    await openModal(page);
    await expect(startSection(page, t.favoriteTitle).locator('.DocSearch-Hit-title')).toHaveText([seeded[2].hierarchy.lvl1!]);
    await expect(startSection(page, t.recentTitle).locator('.DocSearch-Hit')).toHaveCount(4);
    await expect(startSection(page, t.recentTitle).locator('.DocSearch-Hit-title')).toHaveText(
      [seeded[0], seeded[1], seeded[3], seeded[4]].map((h) => h.hierarchy.lvl1!),
    );
  });
});

test.describe('search modal: no results and errors', () => {
  test('no-results screen: the query and a mail link to support', async ({page}) => {
    await gotoHydrated(page, DOC);
    await openModal(page);
    const nonsense = 'zzqxv';
    await typeQuery(page, nonsense);

    const screen = page.locator('.DocSearch-NoResults');
    await expect(screen).toBeVisible();
    await expect(screen.locator('.DocSearch-Title')).toContainText(t.noResults);
    await expect(screen.locator('.DocSearch-Title strong')).toHaveText(nonsense);
    await expect(screen).toContainText(t.reportMissing);
    const link = screen.getByRole('link', {name: t.reportLink});
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href'))!;
    expect(href.startsWith('mailto:support@example.com')).toBe(true);
    expect(href).toContain(encodeURIComponent(nonsense));
    await expect(hits(page)).toHaveCount(0);

    // A Chinese no-result query is encoded in the mail too.
    await searchInput(page).fill('');
    await typeQuery(page, '嘿嘿嘿qqq');
    await expect(screen.locator('.DocSearch-Title strong')).toHaveText('嘿嘿嘿qqq');
    expect(await screen.getByRole('link', {name: t.reportLink}).getAttribute('href')).toContain(
      encodeURIComponent('嘿嘿嘿qqq'),
    );
  });

  test('no-results screen suggests up to 3 searches after an earlier successful one', async ({page}) => {
    await gotoHydrated(page, DOC);
    await searchFor(page, 'MQTT 连接');
    const groupTitles = (await hitGroups(page)).map((g) => g.title);

    await searchInput(page).fill('');
    await typeQuery(page, 'zzqxv');
    const screen = page.locator('.DocSearch-NoResults');
    await expect(screen).toBeVisible();
    await expect(screen.getByText(t.suggested)).toBeVisible();
    const suggestions = screen.locator('.DocSearch-Prefill');
    const n = await suggestions.count();
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(3);
    // Suggestions are the result groups (product areas) DocSearch saw during the earlier search,
    // including the intermediate results of its prefixes while typing.
    expect(groupTitles.length).toBeGreaterThan(0);
    for (const s of await suggestions.allInnerTexts()) expect(productAreas).toContain(s.trim());

    // A suggestion runs that search.
    await suggestions.first().click();
    await expect(hits(page).first()).toBeVisible();
  });

  test('error screen when the index cannot be fetched, recovery on the next keystroke', async ({page}) => {
    await page.route(INDEX_FILES, (route) => route.abort('internetdisconnected'));
    await gotoHydrated(page, DOC);
    await openModal(page);
    await typeQuery(page, 'MQT');

    // The modal settles on some screen; it must be the error screen, not "没有结果" (soft, so that
    // recovery is checked even when the error screen is missing).
    const error = page.locator('.DocSearch-ErrorScreen');
    const noResults = page.locator('.DocSearch-NoResults');
    await expect(error.or(noResults)).toBeVisible();
    await page.waitForTimeout(300);
    expect.soft(await noResults.isVisible(), 'a dropped index is shown as 「没有结果」').toBe(false);
    expect.soft(await error.isVisible(), 'error screen shown').toBe(true);
    if (await error.isVisible()) {
      await expect(error).toContainText(t.errorTitle);
      await expect(error).toContainText(t.errorHelp);
      expect((await modalUiStrings(page)).flatMap((s) => englishWords(s)), 'English on the error screen').toEqual([]);
    }

    await page.unroute(INDEX_FILES);
    await page.keyboard.type('T');
    await expect(hits(page).first()).toBeVisible();
    await expect(error).toHaveCount(0);
  });
});

test.describe('search page /search', () => {
  test('reads q, renders each page with its product area, writes q back', async ({page}) => {
    await gotoHydrated(page, `/search?q=${encodeURIComponent('MQTT 连接')}`);
    await expect(page.locator('input[name="q"]')).toHaveValue('MQTT 连接');
    await expect(page.locator('h1')).toHaveText(t.pageResultsTitle('MQTT 连接'));
    await expect(page).toHaveTitle(/「MQTT 连接」的搜索结果/);
    await expect(pageResults(page).first()).toBeVisible();
    expect(await searchPageTotal(page)).toBeGreaterThan(0);

    const first = pageResults(page).first();
    await expect(first.locator('h2 a')).toHaveAttribute('href', /^\/docs\//);
    const items = await pageResults(page).evaluateAll((arts) =>
      arts.map((a) => ({
        area: [...a.querySelectorAll('[data-result-area]')].map((el) => (el.textContent ?? '').trim()),
        title: (a.querySelector('h2')?.textContent ?? '').trim(),
      })),
    );
    for (const {area, title} of items) {
      expect(area, 'the product area of each page').toHaveLength(1);
      expect(productAreas).toContain(area[0]);
      expect(title.length).toBeGreaterThan(0);
    }
    expect(items.map((i) => `${i.area[0]} › ${i.title}`)).toContain('Neptune 工业云平台 › MQTT 设备接入');

    // Typing a new query updates q and the results.
    await page.locator('input[name="q"]').fill('规则引擎');
    await expect(page).toHaveURL((u) => u.pathname === '/search' && u.searchParams.get('q') === '规则引擎');
    await expect(page.locator('h1')).toHaveText(t.pageResultsTitle('规则引擎'));
    await expect(pageResults(page).first()).toContainText('规则引擎');
  });

  test('empty query and no-result states', async ({page}) => {
    await gotoHydrated(page, '/search');
    await expect(page.locator('h1')).toHaveText(t.pageEmptyTitle);
    await expect(page.locator('input[name="q"]')).toHaveValue('');
    await expect(page.locator('input[name="q"]')).toHaveAttribute('placeholder', t.pagePlaceholder);
    await expect(pageResults(page)).toHaveCount(0);
    await expect(page.getByText(t.pageNoResults)).toHaveCount(0);
    await expect(page.getByText(t.pageFound)).toHaveCount(0);

    await gotoHydrated(page, '/search?q=zzqxvkj');
    await expect(page.getByText(t.pageNoResults, {exact: true})).toBeVisible();
    await expect(pageResults(page)).toHaveCount(0);
    await expect(page.getByText(t.pageFound)).toHaveCount(0);
  });

  test('20 hits a page (spec §9); more load on scroll', async ({page}) => {
    await gotoHydrated(page, `/search?q=${encodeURIComponent('设备')}`);
    const list = page.locator('main ol[data-hit-count]');
    await expect(list).toHaveAttribute('data-hit-count', '20');
    const total = await searchPageTotal(page);
    expect(total).toBeGreaterThan(40);
    await expect(page.getByText('正在获取新的搜索结果...')).toBeAttached();

    // Scroll to the bottom: the loader comes into view and page 2 is fetched.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(list).toHaveAttribute('data-hit-count', '40');
    const urls = await pageResults(page).locator('h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(urls.every((u) => u?.startsWith('/docs/'))).toBe(true);
    // Each page is listed once, however many of its sections matched.
    expect(new Set(urls).size).toBe(urls.length);
  });
});

test.describe('search UI language and credits', () => {
  test('no 「由 Algolia 提供」 credit in local mode', async ({page}) => {
    await gotoHydrated(page, `/search?q=${encodeURIComponent('网关')}`);
    await expect(pageResults(page).first()).toBeVisible();
    await expect(page.getByText(t.pageAlgoliaCredit)).toBeHidden();
    await expect(page.locator('a[href^="https://www.algolia.com/"]')).toBeHidden();

    await searchFor(page, '网关');
    await expect(page.locator('.DocSearch-Logo')).toBeHidden();
  });

  test('no English in the search UI, in every state', async ({page}) => {
    const found: {where: string; words: string[]}[] = [];
    const check = (where: string, strings: string[]) => {
      const words = strings.flatMap((s) => englishWords(s));
      if (words.length) found.push({where, words: [...new Set(words)]});
    };

    await gotoHydrated(page, DOC);
    check('search button', [
      await page.locator('.navbar .DocSearch-Button').innerText(),
      (await page.locator('.navbar .DocSearch-Button').getAttribute('aria-label')) ?? '',
    ]);

    // Start screen (empty), results, no results.
    await openModal(page);
    check('start screen', await modalUiStrings(page));
    await typeQuery(page, '网关');
    await expect(hits(page).first()).toBeVisible();
    check('results', await modalUiStrings(page));
    await openActiveHit(page);
    await openModal(page);
    await expect(startSection(page, t.recentTitle)).toBeVisible();
    check('start screen with recents', await modalUiStrings(page));
    await typeQuery(page, 'zzqxv');
    await expect(page.locator('.DocSearch-NoResults')).toBeVisible();
    check('no results', await modalUiStrings(page));
    await page.keyboard.press('Escape');

    // Search page (empty, results, no results): everything but the result content and the query.
    const pageStrings = () =>
      page.locator('.search-page-wrapper .main-wrapper .container').first().evaluate((root) => {
        const out: string[] = [];
        const query = (root.querySelector('input[name="q"]') as HTMLInputElement | null)?.value ?? '';
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const el = n.parentElement!;
          if (el.closest('article, style, svg')) continue;
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          const text = (query ? (n.textContent ?? '').split(query).join(' ') : n.textContent ?? '').trim();
          if (text) out.push(text);
        }
        root.querySelectorAll('[aria-label], [placeholder], [title]').forEach((el) => {
          if (el.closest('article')) return;
          for (const a of ['aria-label', 'placeholder', 'title']) {
            const v = el.getAttribute(a);
            if (v) out.push(v);
          }
        });
        return out;
      });
    await gotoHydrated(page, '/search');
    check('search page, empty', await pageStrings());
    const pageInput = page.locator('input[name="q"]');
    await pageInput.fill('网关');
    await expect(pageResults(page).first()).toBeVisible();
    check('search page, results', await pageStrings());
    await pageInput.fill('zzqxvkj');
    await expect(page.getByText(t.pageNoResults, {exact: true})).toBeVisible();
    check('search page, no results', await pageStrings());

    expect(found).toEqual([]);
  });
});
