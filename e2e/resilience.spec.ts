import {test, expect, type Page} from '@playwright/test';
import {
  colourToggle,
  docSidebar,
  gotoHydrated,
  injectRenderThrow,
  interceptContentChunk,
  pages,
  waitForHydration,
} from './helpers';

// -------------------------------------------------------------------------------------------
// Render crash: the page's MDX content throws while rendering, for as long as the page's
// window.__crash flag is set (React retries a failed render once by itself, so a one-off throw
// would be absorbed before the error boundary sees it).

const crashWhileFlagged =
  'if(window.__crash){throw new Error("测试崩溃：组件渲染失败",{cause:new Error("根本原因：数据缺失")})}';

async function crashPage(page: Page) {
  await page.addInitScript(() => ((window as unknown as {__crash: boolean}).__crash = true));
  await interceptContentChunk(page, pages.lowcodeHmi, (body) => injectRenderThrow(body, crashWhileFlagged));
  await page.goto(pages.lowcodeHmi);
  await expect(page.getByRole('heading', {name: '页面已崩溃。'})).toBeVisible();
}

test.describe('render crash', () => {
  test('shows 页面已崩溃 with a retry button and the error chain; retry renders the page', async ({page}) => {
    await crashPage(page);
    // The site chrome stays usable around the error.
    await expect(page.locator('nav.navbar')).toBeVisible();
    await expect(page.locator('footer .footer__copyright')).toBeVisible();
    const main = page.locator('main').filter({has: page.getByRole('heading', {name: '页面已崩溃。'})});
    await expect(main).toContainText('测试崩溃：组件渲染失败');
    await expect(main).toContainText('根本原因：数据缺失');
    const retry = main.getByRole('button', {name: '重试'});
    await expect(retry).toBeVisible();
    await page.evaluate(() => ((window as unknown as {__crash: boolean}).__crash = false));
    await retry.click();
    await expect(page.getByRole('heading', {name: '页面已崩溃。'})).toHaveCount(0);
    await expect(page.locator('article h1')).toBeVisible();
    await expect(page.locator('article .markdown h2').first()).toBeVisible();
  });

  test('the error chain is labelled in Chinese', async ({page}) => {
    await crashPage(page);
    const text = await page
      .locator('main')
      .filter({has: page.getByRole('heading', {name: '页面已崩溃。'})})
      .innerText();
    // Upstream joins the chain with "\n\nCause:\n"; the site's own @theme/Error uses 原因：.
    expect(text, 'crash page text').not.toMatch(/Cause|Try again|This page crashed/);
    expect(text).toMatch(/测试崩溃：组件渲染失败\s+原因：\s*根本原因：数据缺失/);
  });
});

test('a crash outside the page content (a navbar item) shows the site error page', async ({page}) => {
  // Spec: a navbar item that fails to render raises a configuration error. Turn the locale
  // dropdown into an unknown item type in the bundled config: the whole layout fails, and the
  // root fallback (@theme/Error) takes over.
  await page.route('**/assets/js/main.*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    const patched = body.replace('{type:"localeDropdown",', '{type:"noSuchNavbarItem",');
    expect(patched, 'locale dropdown found in the bundled config').not.toBe(body);
    await route.fulfill({response, body: patched});
  });
  await page.goto(pages.lowcodeHmi);
  await expect(page.getByRole('heading', {name: '页面已崩溃。'})).toBeVisible();
  await expect(page).toHaveTitle('页面错误');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('button', {name: '重试'})).toBeVisible();
  await expect(alert).toContainText('support@example.com');
  await expect(alert).toContainText('noSuchNavbarItem');
  await expect(alert).toContainText('原因：');
  await expect(alert).not.toContainText(/Cause:|Try again|This page crashed|Page Error/);
});

// -------------------------------------------------------------------------------------------
// Chunk load failures

test('a chunk that fails to load during client-side navigation reloads the page (route load failure)', async ({page}) => {
  // Spec: route load failure → warning logged and page reloaded. The target's content chunk
  // fails until the browser requests the target document again.
  let failing = true;
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.route(`**${pages.neptuneIntro}`, async (route) => {
    if (route.request().isNavigationRequest()) failing = false;
    await route.continue();
  });
  await interceptContentChunk(page, pages.neptuneIntro, (body) => (failing ? 'abort' : body));

  await gotoHydrated(page, pages.lowcodeHmi);
  await page.evaluate(() => ((window as unknown as {marker: number}).marker = 1));
  const reloaded = page.waitForRequest((r) => r.isNavigationRequest() && r.url().endsWith(pages.neptuneIntro));
  await page.locator('.navbar__link', {hasText: '工业云平台及服务'}).click();
  await reloaded;
  await waitForHydration(page);
  expect(new URL(page.url()).pathname).toBe(pages.neptuneIntro);
  expect(await page.evaluate(() => (window as unknown as {marker?: number}).marker), 'a fresh document').toBeUndefined();
  await expect(page.locator('article h1')).toBeVisible();
  await expect(docSidebar(page).locator('a[aria-current="page"]')).toHaveAttribute('href', pages.neptuneIntro);
  expect(warnings.join('\n'), 'the failure is logged').toMatch(/ChunkLoadError|Loading chunk/);
});

test('a chunk that still fails after the reload: the page stays readable under 页面加载失败 with 重试, which loads it', async ({page}) => {
  // Spec §8: chunk load failure → error text with a Retry button. The target's content chunk
  // fails on the client-side navigation and again on the reload that follows it.
  let failing = true;
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
  await interceptContentChunk(page, pages.neptuneIntro, (body) => (failing ? 'abort' : body));
  await gotoHydrated(page, pages.lowcodeHmi);
  const reloaded = page.waitForRequest((r) => r.isNavigationRequest() && r.url().endsWith(pages.neptuneIntro));
  await page.locator('.navbar__link', {hasText: '工业云平台及服务'}).click();
  await reloaded;

  const alert = page.getByRole('alert').filter({hasText: '页面加载失败'});
  await expect(alert).toBeVisible({timeout: 15_000});
  await expect(alert).toContainText('请检查网络连接后重试。');
  // The server-rendered page is still there to read, above the bar.
  await expect(page.locator('article h1')).toBeVisible();
  const bar = await alert.boundingBox();
  const heading = await page.locator('article h1').boundingBox();
  expect(bar!.y, 'the bar does not cover the title').toBeGreaterThan(heading!.y + heading!.height);
  expect(await page.locator('html').getAttribute('data-has-hydrated')).not.toBe('true');
  expect(errors, 'the failure is handled, not uncaught').toEqual([]);

  failing = false;
  await alert.getByRole('button', {name: '重试'}).click();
  await waitForHydration(page);
  await expect(alert).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(pages.neptuneIntro);
  await expect(page.locator('article .markdown h2').first()).toBeVisible();
  // The page works again: the colour toggle answers.
  await colourToggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme-choice', /light|dark/);
});

test('in-app links to …/x.html and …/x/index.html land on /x', async ({page}) => {
  await gotoHydrated(page, pages.neptuneIntro);
  for (const suffix of ['.html', '/index.html']) {
    await page.evaluate((u) => {
      window.history.pushState({}, '', u);
      window.dispatchEvent(new PopStateEvent('popstate', {state: {}}));
    }, `${pages.lowcodeHmi}${suffix}?from=test#key-concepts`);
    await expect(page).toHaveURL((u) => u.pathname === pages.lowcodeHmi);
    expect(new URL(page.url()).search).toBe('?from=test');
    expect(new URL(page.url()).hash).toBe('#key-concepts');
    await expect(page.locator('html')).toHaveClass(/docs-doc-id-lowcode\/hmi(\s|$)/);
    await page.goBack();
    await expect(page).toHaveURL((u) => u.pathname === pages.neptuneIntro);
  }
});

test('a chunk that fails while the page renders shows the loading error with 重试', async ({page}) => {
  // A static host serving /x/index.html as is: the client normalises the path while rendering,
  // so the doc's chunk is requested by the loader component itself, which shows the error.
  let failing = true;
  const html = await (await page.request.get(pages.lowcodeHmi)).text();
  await page.route(`**${pages.lowcodeHmi}/index.html`, (r) =>
    r.fulfill({status: 200, contentType: 'text/html; charset=utf-8', body: html}),
  );
  await interceptContentChunk(page, pages.lowcodeHmi, (body) => (failing ? 'abort' : body));
  await page.goto(`${pages.lowcodeHmi}/index.html`);
  const alert = page.getByRole('alert').filter({hasText: '页面加载失败'});
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('请检查网络连接后重试。');
  failing = false;
  await alert.getByRole('button', {name: '重试'}).click();
  await expect(alert).toHaveCount(0);
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page.locator('article .markdown h2').first()).toBeVisible();
});

// -------------------------------------------------------------------------------------------
// Storage blocked (privacy settings, sandboxed iframes)

test.describe('localStorage unavailable', () => {
  test.beforeEach(async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('localStorage is blocked', 'SecurityError');
        },
      });
    });
  });

  test('home and doc pages render and the colour toggle still works in-page', async ({page}) => {
    const errors: string[] = [];
    const consoleLines: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => consoleLines.push(m.text()));

    await gotoHydrated(page, '/');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('星联文档中心');
    await expect(page.locator('.navbar__link').first()).toBeVisible();

    await page.locator('.navbar__link', {hasText: '边缘计算系统软件'}).click();
    await expect(page).toHaveURL(/\/docs\/janus\/user\/introduction$/);
    await expect(page.locator('article h1')).toBeVisible();
    await expect(docSidebar(page)).toBeVisible();

    await gotoHydrated(page, pages.lowcodeHmi);
    await expect(page.locator('article h1')).toBeVisible();
    expect((await page.evaluate(() => document.documentElement.getAttribute('data-theme')))).toBe('light');
    await colourToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'light');
    await colourToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(colourToggle(page)).toHaveAttribute('title', '暗黑模式');

    // The announcement bar can still be closed for this page view.
    const bar = page.locator('.theme-announcement-bar');
    await bar.getByRole('button', {name: '关闭'}).click();
    await expect(bar).toBeHidden();

    expect(errors, 'uncaught errors').toEqual([]);
    expect(consoleLines.join('\n'), 'storage problem is logged').toMatch(/storage/i);
  });
});

// -------------------------------------------------------------------------------------------
// Self-contained: nothing is fetched from anywhere but the site itself.

test('no request leaves the site origin (home, doc, /search, /markdown-page, 404)', async ({page, baseURL}) => {
  const origin = new URL(baseURL!).origin;
  const outside: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== origin) outside.push(`${page.url()} → ${url}`);
  });
  for (const url of ['/', pages.neptuneIntro, '/search?q=MQTT', pages.markdownPage, '/no-such-page']) {
    await page.goto(url);
    await waitForHydration(page);
    // Lazy content: scroll to the bottom so images, prefetches and the like are triggered.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
  }
  expect(outside).toEqual([]);
});

// Keep the build-time font stack honest too: no @font-face or @import url() to other hosts.
test('stylesheets reference no external fonts or URLs', async ({page, baseURL}) => {
  await page.goto('/');
  const hrefs = await page.locator('link[rel="stylesheet"]').evaluateAll((ls) => ls.map((l) => (l as HTMLLinkElement).href));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    expect(new URL(href).origin, href).toBe(new URL(baseURL!).origin);
    const css = await (await page.request.get(href)).text();
    const external = css.match(/url\((["']?)(https?:)?\/\/[^)]+\)/g) ?? [];
    expect(external, `external url() in ${href}`).toEqual([]);
    expect(css, `@import in ${href}`).not.toMatch(/@import\s+(url\()?["']?https?:/);
  }
});
