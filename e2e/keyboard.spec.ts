import {test, expect, type Page} from '@playwright/test';
import {docSidebar, gotoHydrated} from './helpers';
import {expectVisibleFocusRing, focusInfo, focusRingProblems, type FocusInfo} from './focus-ring';
import {hits, modal, openModal, searchInput, selectedHit, settle} from './search-helpers';

// Keyboard-only use of a doc page: Tab order through the page regions, a visible focus ring on
// every stop (light and dark mode), search, the skip link and sidebar categories.

const DOC = '/docs/neptune/user/quick-start';

// A full Tab walk is about 75 key presses, each followed by a style read: slow on a busy machine.
test.describe.configure({timeout: 60_000});

/** Regions in the order Tab must visit them on a doc page (each once, in one run). */
const regionOrder = ['skip', 'announcement', 'navbar', 'sidebar', 'breadcrumbs', 'content', 'pagination', 'toc', 'footer'];

const navbarStops: RegExp[] = [
  /^星联文档中心$/,
  /^低代码流程图控制软件$/,
  /^低代码 HMI 组态软件$/,
  /^边缘计算系统软件$/,
  /^工业云平台及服务$/,
  /^简体中文$/,
  /^搜索 (CtrlK|⌘K)$/,
  /^切换浅色\/暗黑模式（当前为.+）$/,
];

async function useDarkMode(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
}

/** Presses Tab until focus wraps back to <body> (the browser UI), recording every stop. */
async function tabThroughPage(page: Page, max = 150): Promise<FocusInfo[]> {
  const stops: FocusInfo[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const info = await focusInfo(page);
    if (info.region === 'body') return stops;
    stops.push(info);
  }
  throw new Error(`focus did not leave the page after ${max} Tab presses`);
}

/** Waits until the hit list stops changing (one search runs per typed character). */
async function waitForStableHits(page: Page): Promise<void> {
  let previous = '';
  await expect
    .poll(
      async () => {
        const now = (await hits(page).locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).join('|');
        const stable = now !== '' && now === previous;
        previous = now;
        return stable;
      },
      {intervals: [300]},
    )
    .toBe(true);
}

/** Consecutive duplicates removed: the sequence of regions visited. */
const runs = (items: string[]) => items.filter((r, i) => i === 0 || r !== items[i - 1]);

/** Presses Tab until the focused element matches `selector`. */
async function tabTo(page: Page, selector: string, max = 30): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${selector} not reached within ${max} Tab presses`);
}

for (const mode of ['light', 'dark'] as const) {
  test(`Tab order: skip link, announcement, navbar, sidebar, content, TOC, footer; every stop has a visible ring (${mode})`, async ({page}) => {
    if (mode === 'dark') await useDarkMode(page);
    await gotoHydrated(page, DOC);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await expect(page.locator('.theme-announcement-bar')).toBeVisible();

    const stops = await tabThroughPage(page);
    const trail = stops.map((s, i) => `${i + 1}. ${s.region} «${s.name}»`).join('\n');

    // Regions in order, each entered exactly once.
    expect(runs(stops.map((s) => s.region)), trail).toEqual(regionOrder);

    const names = (region: string) => stops.filter((s) => s.region === region).map((s) => s.name);
    expect(names('skip')).toEqual(['跳到主要内容']);
    expect(names('announcement')).toEqual(['查看 2.9 发布说明', '关闭']);
    const navbar = names('navbar');
    expect(navbar, trail).toHaveLength(navbarStops.length);
    navbarStops.forEach((re, i) => expect(navbar[i]).toMatch(re));

    // Sidebar: entries top to bottom, then the collapse button.
    const sidebar = names('sidebar');
    expect(sidebar[0]).toBe('产品简介');
    expect(sidebar).toContain('快速开始');
    expect(sidebar.at(-1)).toBe('收起侧边栏');
    expect(names('breadcrumbs')).toEqual(['主页面']);
    // Content: heading anchors, links and scrollable code blocks with their copy buttons.
    const content = stops.filter((s) => s.region === 'content');
    expect(content.length).toBeGreaterThan(10);
    expect(content.some((s) => s.tag === 'pre')).toBe(true);
    expect(names('pagination')).toEqual(['上一页 基本操作', '下一页 设备接入']);
    // TOC: every entry, in document order.
    const tocLinks = await page.locator('.theme-doc-toc-desktop a').allInnerTexts();
    expect(names('toc')).toEqual(tocLinks.map((t) => t.trim()));
    expect(names('footer').at(-1)).toBe('联系技术支持');
    expect(names('footer')).toHaveLength(11);

    // Every stop shows an unclipped ring with at least 3:1 contrast.
    const problems = stops.flatMap(focusRingProblems);
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test('skip link: Enter moves focus to the main content, past announcement, navbar and sidebar', async ({page}) => {
  await gotoHydrated(page, DOC);
  await page.evaluate(() => {
    const w = window as unknown as {focused: string[]};
    w.focused = [];
    document.addEventListener('focusin', (e) => w.focused.push((e.target as Element).tagName), true);
  });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', {name: '跳到主要内容'})).toBeFocused();
  await expect(page.getByRole('link', {name: '跳到主要内容'})).toBeInViewport();
  await expectVisibleFocusRing(page, 'skip link: ');
  await page.keyboard.press('Enter');
  // The theme focuses <main> with a temporary tabindex; Chromium then drops the focus again
  // (the tabindex is removed) but keeps <main> as the sequential-navigation starting point.
  expect(await page.evaluate(() => (window as unknown as {focused: string[]}).focused)).toEqual(['A', 'MAIN']);
  await expect(page).toHaveURL((u) => u.pathname === DOC);
  // The next Tab lands on the first focusable element inside <main>, past navbar and sidebar.
  await page.keyboard.press('Tab');
  const next = await focusInfo(page);
  expect(next).toMatchObject({region: 'breadcrumbs', name: '主页面'});
  expect(
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      return {inMain: main.contains(document.activeElement), isFirst: document.activeElement === main.querySelector('a[href], button')};
    }),
  ).toEqual({inMain: true, isFirst: true});
  await expectVisibleFocusRing(page, 'first stop after the skip link: ');
});

test.describe('search from the keyboard', () => {
  test('Tab to the search button, Enter opens the modal, arrow keys and Enter open a result', async ({page}) => {
    await gotoHydrated(page, DOC);
    await tabTo(page, '.navbar .DocSearch-Button');
    await expectVisibleFocusRing(page, 'search button: ');
    await settle(page);
    await page.keyboard.press('Enter');
    // The modal chunk and the index load on first open: slow on a loaded machine.
    await expect(searchInput(page)).toBeFocused({timeout: 15_000});
    await expect(modal(page)).toBeVisible();

    await page.keyboard.type('设备接入');
    await expect(searchInput(page)).toHaveValue('设备接入');
    await expect(hits(page).nth(1)).toBeVisible();
    await waitForStableHits(page);
    // The first hit is preselected; ArrowDown moves to the second one.
    await expect(selectedHit(page)).toHaveCount(1);
    const firstId = (await selectedHit(page).getAttribute('id'))!;
    await page.keyboard.press('ArrowDown');
    await expect(selectedHit(page)).toHaveCount(1);
    await expect(selectedHit(page)).not.toHaveAttribute('id', firstId);
    const target = await selectedHit(page).locator('a').getAttribute('href');
    expect(target).toBeTruthy();
    // Focus stays in the input while the selection moves (aria-activedescendant).
    await expect(searchInput(page)).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(modal(page)).toHaveCount(0);
    const want = new URL(target!, page.url());
    expect(want.pathname).toMatch(/^\/docs\//);
    await expect(page).toHaveURL((u) => u.pathname === want.pathname && u.hash === want.hash);
    await expect(page.locator('article h1')).toBeVisible();
  });

  test('Escape closes the modal and returns focus to the search button; Ctrl+K opens it', async ({page}) => {
    await gotoHydrated(page, DOC);
    const button = page.locator('.navbar .DocSearch-Button');
    await tabTo(page, '.navbar .DocSearch-Button');
    await settle(page);
    await page.keyboard.press('Enter');
    await expect(searchInput(page)).toBeFocused({timeout: 15_000});
    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);
    await expect(button).toBeFocused();
    await expectVisibleFocusRing(page, 'search button after Escape: ');

    // Ctrl+K from anywhere on the page (focus on a sidebar link here).
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(button).not.toBeFocused();
    await openModal(page, 'keyboard');
    await expect(modal(page)).toBeVisible();
    await page.keyboard.type('MQTT');
    await expect(hits(page).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);
    await expect(button).toBeFocused();
  });
});

test('sidebar categories expand and collapse with Enter and Space', async ({page}) => {
  await gotoHydrated(page, DOC);
  const sidebar = docSidebar(page);
  const category = sidebar.getByRole('button', {name: '设备接入', exact: true});
  const children = category.locator('xpath=ancestor::li[1]/ul');
  await expect(category).toHaveAttribute('aria-expanded', 'false');

  // Reach the category with Tab, as a keyboard user would.
  await tabTo(page, '.theme-doc-sidebar-container a[role="button"][aria-expanded="false"]');
  await expect(category).toBeFocused();
  await expectVisibleFocusRing(page, 'sidebar category: ');
  const scrollBefore = await page.evaluate(() => window.scrollY);

  for (const key of ['Enter', 'Space'] as const) {
    await page.keyboard.press(key);
    await expect(category, `${key} expands`).toHaveAttribute('aria-expanded', 'true');
    await expect(children.locator('a').first()).toBeVisible();
    await page.keyboard.press(key);
    await expect(category, `${key} collapses`).toHaveAttribute('aria-expanded', 'false');
    await expect(children.locator('a').first()).toBeHidden();
  }
  // Toggling neither navigates, nor scrolls the page (Space), nor moves the focus.
  await expect(page).toHaveURL((u) => u.pathname === DOC && u.hash === '');
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  await expect(category).toBeFocused();

  // Expanded with the keyboard, the category's pages are next in the Tab order.
  await page.keyboard.press('Enter');
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  // The list slides open; until it is shown its links are not yet in the Tab order.
  await expect(children.locator('a').first()).toBeVisible();
  await page.keyboard.press('Tab');
  const next = await focusInfo(page);
  expect(next.region).toBe('sidebar');
  await expect(children.locator('a').first()).toBeFocused();
});
