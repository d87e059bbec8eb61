import {expect, type Locator, type Page} from '@playwright/test';

/**
 * Shared pieces of the search end-to-end tests (e2e/search.spec.ts for the embedded index,
 * e2e/search-hosted.spec.ts for hosted Algolia). Texts come from i18n/zh-Hans/code.json.
 */

/** The index name in docusaurus.config (themeConfig.algolia.indexName) in both modes. */
export const INDEX_NAME = 'xinglian-docs';

/** DocSearch 4.7 keeps both lists in localStorage under these keys, suffixed with the index name. */
export const RECENT_KEY = `__DOCSEARCH_RECENT_SEARCHES__${INDEX_NAME}`;
export const FAVORITE_KEY = `__DOCSEARCH_FAVORITE_SEARCHES__${INDEX_NAME}`;

/** UI strings (i18n/zh-Hans/code.json). */
export const t = {
  buttonLabel: '搜索', // theme.SearchBar.label
  placeholder: '搜索文档', // theme.SearchModal.placeholder
  recentTitle: '最近搜索', // theme.SearchModal.startScreen.recentSearchesTitle
  favoriteTitle: '收藏', // theme.SearchModal.startScreen.favoriteSearchesTitle
  noRecent: '没有最近搜索', // theme.SearchModal.startScreen.noRecentSearchesText
  saveRecent: '保存这个搜索', // saveRecentSearchButtonTitle
  removeRecent: '从历史记录中删除这个搜索', // removeRecentSearchButtonTitle
  removeFavorite: '从收藏列表中删除这个搜索', // removeFavoriteSearchButtonTitle
  noResults: '没有结果：', // theme.SearchModal.noResultsScreen.noResultsText
  suggested: '试试搜索', // suggestedQueryText
  reportMissing: '认为这个查询应该有结果？', // reportMissingResultsText
  reportLink: '请告知我们。', // reportMissingResultsLinkText
  errorTitle: '无法获取结果', // theme.SearchModal.errorScreen.titleText
  errorHelp: '你可能需要检查网络连接。', // theme.SearchModal.errorScreen.helpText
  seeAll: (n: number | string) => `查看全部 ${n} 个结果`, // theme.SearchBar.seeAll
  pageEmptyTitle: '在文档中搜索', // theme.SearchPage.emptyResultsTitle
  pageResultsTitle: (q: string) => `「${q}」的搜索结果`, // theme.SearchPage.existingResultsTitle
  pageFound: /共 (\d+) 处匹配的标题和段落/, // theme.SearchPage.matchesFound
  pageNoResults: '未找到结果', // theme.SearchPage.noResultsText
  pagePlaceholder: '在此输入搜索词', // theme.SearchPage.inputPlaceholder
  pageAlgoliaCredit: '由 Algolia 提供', // theme.SearchPage.algoliaLabel
} as const;

/** The product areas (hit group headers, lvl0). */
export const productAreas = [
  'Neptune 工业云平台',
  'Janus 边缘计算系统软件',
  'Triton 设备端连接器',
  '低代码 HMI 组态软件',
  '低代码流程图控制软件',
  '开放平台',
];

export const modal = (page: Page): Locator => page.locator('.DocSearch-Modal');
export const searchInput = (page: Page): Locator => page.locator('.DocSearch-Input');
export const hits = (page: Page): Locator => page.locator('.DocSearch-Hits .DocSearch-Hit');
export const selectedHit = (page: Page): Locator => page.locator('.DocSearch-Hit[aria-selected="true"]');

export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
}

/**
 * Opens the modal and waits until its input has focus (the modal chunk loads asynchronously;
 * keys typed before that would be lost). Ctrl+K toggles the modal, and the shortcut listener is
 * re-registered by a React effect after each open/close: a press that lands in between (a few
 * ms after closing, longer on a loaded machine) closes the already-closed modal. So let pending
 * effects run first (a frame plus a task), as any human-speed key press would.
 */
export async function openModal(page: Page, via: 'keyboard' | 'click' = 'keyboard'): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await settle(page);
    if (via === 'click') await page.locator('.navbar .DocSearch-Button').click();
    else await page.keyboard.press('Control+k');
    try {
      // The first open loads the modal chunk and starts parsing the index: slow on a loaded machine.
      await expect(searchInput(page)).toBeFocused({timeout: attempt < 3 ? 5_000 : 15_000});
      return;
    } catch (error) {
      // Nothing opened at all: the press still landed between two registrations of the shortcut
      // listener (seen once on CI right after a client-side navigation). A reader would press
      // again; so does the test, twice at most. A modal that opened without focus is a failure.
      if (attempt === 3 || (await page.locator('.DocSearch-Modal').count()) > 0) throw error;
    }
  }
}

/**
 * Opens the active hit with Enter and waits until the target page is rendered, not only its URL
 * pushed: the router keeps the old page until the new route's chunks have loaded, and when the new
 * page commits, the theme moves focus to the top of the page (SkipToContent) — a modal opened
 * before that would lose its focus. The page has rendered when its canonical link (Helmet, updated
 * on commit) names the new path.
 */
export async function openActiveHit(page: Page): Promise<string> {
  const href = (await page.locator('.DocSearch-Hit[aria-selected="true"] a').getAttribute('href'))!;
  await page.keyboard.press('Enter');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await expect(page).toHaveURL((u) => u.pathname + u.hash === href);
  const pathname = new URL(href, 'http://x').pathname;
  await expect
    .poll(() => page.evaluate(() => new URL(document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? 'http://x/').pathname))
    .toBe(pathname);
  await settle(page);
  return href;
}

/** Waits for a rendered frame and the tasks queued behind it (React's passive effects). */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 0), 0))),
  );
}

/** Types like a reader (one key event per character: one search per keystroke). */
export async function typeQuery(page: Page, query: string): Promise<void> {
  await expect(searchInput(page)).toBeFocused();
  await page.keyboard.type(query);
  await expect(searchInput(page)).toHaveValue(query);
}

/**
 * Waits until the hits stop changing. Each keystroke is a search; the embedded index fetches the
 * shards and fragments a query needs, so the answer to the last keystroke can arrive after the
 * hits of an earlier one are on screen (as with hosted Algolia).
 */
export async function settleHits(page: Page): Promise<void> {
  const snapshot = () => hits(page).evaluateAll((list) => list.map((h) => h.querySelector('a')?.getAttribute('href') ?? '').join('\n'));
  let previous = await snapshot();
  for (let stable = 0; stable < 3; ) {
    await page.waitForTimeout(150);
    const current = await snapshot();
    stable = current === previous ? stable + 1 : 0;
    previous = current;
  }
}

/** Opens the modal, types the query and waits for the hits of the whole query. */
export async function searchFor(page: Page, query: string): Promise<void> {
  await openModal(page);
  await typeQuery(page, query);
  await expect(hits(page).first()).toBeVisible();
  await settleHits(page);
}

/** Section headers of the hit groups, in order, with the number of hits under each. */
export async function hitGroups(page: Page): Promise<{title: string; count: number; urls: string[]}[]> {
  return page.locator('.DocSearch-Hits').evaluateAll((sections) =>
    sections.map((s) => ({
      title: (s.querySelector('.DocSearch-Hit-source')?.textContent ?? '').trim(),
      count: s.querySelectorAll('.DocSearch-Hit').length,
      urls: [...s.querySelectorAll('.DocSearch-Hit a')].map((a) => a.getAttribute('href') ?? ''),
    })),
  );
}

/** The section of the start screen whose header is `title` ("最近搜索" / "收藏"). */
export function startSection(page: Page, title: string): Locator {
  return page.locator('.DocSearch-Hits').filter({
    has: page.locator('.DocSearch-Hit-source', {hasText: new RegExp(`^${title}$`)}),
  });
}

/** A stored hit as DocSearch 4.7 writes it (the hit minus _highlightResult/_snippetResult). */
export type StoredHit = {
  objectID: string;
  hierarchy: Record<'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6', string | null>;
  content: string | null;
  type: string;
  url: string;
  __docsearch_parent: null;
};

export function storedHit(i: number, lvl0: string, lvl1: string, url: string): StoredHit {
  return {
    objectID: `seed-${i}`,
    hierarchy: {lvl0, lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
    content: null,
    type: 'lvl1',
    url,
    __docsearch_parent: null,
  };
}

export async function readStorageList(page: Page, key: string): Promise<StoredHit[]> {
  const raw = await page.evaluate((k) => window.localStorage.getItem(k), key);
  return raw ? (JSON.parse(raw) as StoredHit[]) : [];
}

// ---------------------------------------------------------------------------------------------
// English leftovers in the search UI.

/** Latin words that may legitimately appear: product, protocol, key and brand names. */
const allowedLatin = new Set(
  [
    'Neptune', 'Janus', 'Triton', 'HMI', 'API', 'MQTT', 'Ctrl', 'Control', 'Esc', 'Enter', 'Shift',
    'Cmd', 'Algolia', 'AI', 'K', 'CtrlK',
  ].map((w) => w.toLowerCase()),
);

export function englishWords(text: string, extraAllowed: string[] = []): string[] {
  const extra = new Set(extraAllowed.map((w) => w.toLowerCase()));
  return (text.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]|\b[A-Za-z]\b/g) ?? []).filter(
    (w) => !allowedLatin.has(w.toLowerCase()) && !extra.has(w.toLowerCase()),
  );
}

/**
 * Visible UI text of the open modal and its aria-label/title/placeholder attributes, leaving
 * out the documentation content of hits (titles, paths, snippets), which is not UI text.
 */
export async function modalUiStrings(page: Page): Promise<string[]> {
  return modal(page).evaluate((root) => {
    const out: string[] = [];
    const visible = (el: Element) => {
      const r = (el as HTMLElement).getBoundingClientRect();
      const s = getComputedStyle(el as HTMLElement);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !visible(el)) continue;
      if (el.closest('.DocSearch-Hit-content-wrapper, .DocSearch-NoResults strong, style')) continue;
      const text = (n.textContent ?? '').trim();
      if (text) out.push(text);
    }
    root.querySelectorAll('[aria-label], [title], [placeholder]').forEach((el) => {
      for (const attr of ['aria-label', 'title', 'placeholder']) {
        const v = el.getAttribute(attr);
        if (v) out.push(v);
      }
    });
    return out;
  });
}
