import {test, expect, type Page} from '@playwright/test';
import {
  docSidebar,
  gotoHydrated,
  interceptContentChunk,
  pages,
  pagesWithCodeLanguage,
  sampleRoutes,
  sidebarEntry,
  waitForHydration,
} from './helpers';

// -------------------------------------------------------------------------------------------
// Navbar

const navItems = [
  {label: '低代码流程图控制软件', href: '/docs/automation/work-flow-intro'},
  {label: '低代码 HMI 组态软件', href: '/docs/lowcode/hmi'},
  {label: '边缘计算系统软件', href: '/docs/janus/user/introduction'},
  {label: '工业云平台及服务', href: '/docs/neptune/user/introduction'},
];

const leftNavLinks = (page: Page) => page.locator('.navbar__items:not(.navbar__items--right) > a.navbar__link');

test.describe('navbar', () => {
  test('four left items with Chinese labels and their targets; locale and search on the right', async ({page}) => {
    await gotoHydrated(page, '/');
    const links = leftNavLinks(page);
    await expect(links).toHaveText(navItems.map((i) => i.label));
    for (const [i, item] of navItems.entries()) {
      await expect(links.nth(i)).toHaveAttribute('href', item.href);
    }
    // No item is active on the home page.
    await expect(page.locator('.navbar .navbar__link--active')).toHaveCount(0);

    const right = page.locator('.navbar__items--right');
    const locale = right.locator('.dropdown > .navbar__link');
    await expect(locale).toHaveText('简体中文');
    await locale.hover();
    const localeItem = right.locator('.dropdown__menu a');
    await expect(localeItem).toHaveCount(1);
    await expect(localeItem).toHaveText('简体中文');
    await expect(localeItem).toHaveAttribute('lang', 'zh-Hans');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');

    const search = right.getByRole('button', {name: /^搜索/});
    await expect(search).toBeVisible();
    await expect(search.locator('.DocSearch-Button-Placeholder')).toHaveText('搜索');
  });

  const activeCases: [string, string][] = [
    ['/docs/automation/work-flow-intro', '低代码流程图控制软件'],
    ['/docs/automation/process_management/new-project', '低代码流程图控制软件'],
    ['/docs/lowcode/hmi', '低代码 HMI 组态软件'],
    ['/docs/lowcode/quick-start/learn-map', '低代码 HMI 组态软件'],
    ['/docs/janus/api/introduction', '边缘计算系统软件'],
    ['/docs/janus/user/activate/preparation', '边缘计算系统软件'],
    ['/docs/open-platform/introduction', '边缘计算系统软件'],
    ['/docs/neptune/user/introduction', '工业云平台及服务'],
    ['/docs/triton/deploy/introduction', '工业云平台及服务'],
    ['/docs/apps/denture/denture-device-management', '工业云平台及服务'],
  ];
  test('exactly one item is active per section', async ({page}) => {
    for (const [url, label] of activeCases) {
      await page.goto(url);
      const active = page.locator('.navbar .navbar__link--active');
      await expect(active, `active navbar item on ${url}`).toHaveText([label]);
    }
  });
});

// -------------------------------------------------------------------------------------------
// Sidebars and breadcrumbs

test.describe('sidebar', () => {
  test('a doc page shows its own sidebar', async ({page}) => {
    await page.goto('/docs/janus/api/introduction');
    const sidebar = docSidebar(page);
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('link', {name: '简介'}).first()).toBeVisible();
    await expect(sidebar.locator('a[href="/docs/janus/user/introduction"]')).toBeVisible();
    await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', '/docs/janus/api/introduction');
    // It is the Janus sidebar, not another product's.
    await expect(sidebar.locator('a[href="/docs/neptune/user/introduction"]')).toHaveCount(0);
  });

  for (const url of ['/docs/janus/user/activate/preparation', '/docs/triton/deploy/neptune-register']) {
    test(`no sidebar on ${url}`, async ({page}) => {
      await page.goto(url);
      await expect(page.locator('article h1')).toBeVisible();
      await expect(docSidebar(page)).toHaveCount(0);
      await expect(page.locator('nav[aria-label="文档侧边栏"]')).toHaveCount(0);
    });
  }

  for (const row of sampleRoutes(20)) {
    test(`routes.tsv: ${row.id} → ${row.sidebar ?? 'no sidebar'}`, async ({page}) => {
      const res = await page.goto(row.route);
      expect(res?.status(), `HTTP status of ${row.route}`).toBe(200);
      const h1 = page.locator('article h1');
      await expect(h1).toHaveCount(1);
      await expect(h1).not.toBeEmpty();
      if (row.sidebar === null) {
        await expect(docSidebar(page)).toHaveCount(0);
        return;
      }
      const sidebar = docSidebar(page);
      await expect(sidebar).toBeVisible();
      // The first entry of each sidebar is its product's entry page.
      await expect(sidebar.locator('.menu__link').first()).toHaveAttribute('href', sidebarEntry[row.sidebar]);
      await expect(sidebar.locator('a.menu__link--active[aria-current="page"]')).toHaveAttribute(
        'href',
        encodeURI(row.route).replace(/%26/g, '&'),
      );
    });
  }
});

test.describe('breadcrumbs', () => {
  test('home icon link, then category labels, then the current page', async ({page}) => {
    await page.goto('/docs/janus/api/device/device-list');
    const nav = page.getByRole('navigation', {name: '页面路径'});
    const items = nav.locator('.breadcrumbs__item');
    await expect(items).toHaveCount(4);
    const home = items.nth(0).getByRole('link', {name: '主页面'});
    await expect(home).toHaveAttribute('href', '/');
    await expect(items.nth(1)).toHaveText('Janus API');
    await expect(items.nth(2)).toHaveText('设备');
    await expect(items.nth(3)).toHaveClass(/breadcrumbs__item--active/);
    const current = await docSidebar(page).locator('a[aria-current="page"]').innerText();
    await expect(items.nth(3)).toHaveText(current);
  });

  test('a top-level doc: home crumb, then the page itself', async ({page}) => {
    await page.goto(pages.neptuneIntro);
    const items = page.getByRole('navigation', {name: '页面路径'}).locator('.breadcrumbs__item');
    await expect(items).toHaveCount(2);
    await expect(items.first().getByRole('link', {name: '主页面'})).toHaveAttribute('href', '/');
    await expect(items.nth(1)).toHaveClass(/breadcrumbs__item--active/);
  });

  test('a page without a sidebar has no breadcrumbs', async ({page}) => {
    await page.goto('/docs/janus/user/activate/preparation');
    await expect(page.locator('article h1')).toBeVisible();
    await expect(page.getByRole('navigation', {name: '页面路径'})).toHaveCount(0);
  });
});

test('footer shows the copyright notice', async ({page}) => {
  await page.goto('/');
  await expect(page.locator('footer .footer__copyright')).toHaveText('Copyright © 2008-2025 星联工业科技有限公司');
  await expect(page.locator('footer a[href="mailto:support@example.com"]')).toHaveText('联系技术支持');
});

test('skip link moves focus to the main content', async ({page}) => {
  await gotoHydrated(page, pages.neptuneIntro);
  await page.evaluate(() => {
    const w = window as unknown as {focused: string[]};
    w.focused = [];
    document.addEventListener('focusin', (e) => w.focused.push((e.target as Element).tagName), true);
  });
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', {name: '跳到主要内容'});
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  // The theme focuses <main> (with a temporary tabindex, which Chromium then drops again).
  expect(await page.evaluate(() => (window as unknown as {focused: string[]}).focused)).toContain('MAIN');
  // Keyboard navigation continues from the content: the next Tab lands on the first focusable
  // element inside <main>, skipping the navbar and the sidebar.
  await page.keyboard.press('Tab');
  const next = await page.evaluate(() => {
    const el = document.activeElement!;
    const main = document.querySelector('main')!;
    const first = main.querySelector('a[href], button, [tabindex="0"]');
    return {inMain: main.contains(el), isFirst: el === first, label: el.getAttribute('aria-label')};
  });
  expect(next).toEqual({inMain: true, isFirst: true, label: '主页面'});
});

// -------------------------------------------------------------------------------------------
// Announcement bar

test.describe('announcement bar', () => {
  const bar = (page: Page) => page.locator('.theme-announcement-bar');
  const storage = (page: Page) =>
    page.evaluate(() => ({
      dismiss: localStorage.getItem('docusaurus.announcement.dismiss'),
      id: localStorage.getItem('docusaurus.announcement.id'),
    }));

  test('shows the Neptune 2.9 release, closes, and stays closed after reload', async ({page}) => {
    await gotoHydrated(page, '/');
    await expect(bar(page)).toBeVisible();
    await expect(bar(page)).toContainText('Neptune 2.9 已于 2025-03-20 正式发布');
    await expect(bar(page).getByRole('link', {name: '查看 2.9 发布说明'})).toHaveAttribute(
      'href',
      '/docs/neptune/version/v2_9',
    );
    expect(await storage(page)).toEqual({dismiss: 'false', id: 'neptune-2-9-release'});

    await bar(page).getByRole('button', {name: '关闭'}).click();
    await expect(bar(page)).toBeHidden();
    expect(await storage(page)).toEqual({dismiss: 'true', id: 'neptune-2-9-release'});

    await page.reload();
    await waitForHydration(page);
    await expect(bar(page)).toBeHidden();
    await page.goto(pages.lowcodeHmi);
    await expect(bar(page)).toBeHidden();
  });

  test('reappears when the dismissed announcement had another id', async ({page}) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
      localStorage.setItem('docusaurus.announcement.id', 'neptune-2-8-release');
    });
    await page.reload();
    await waitForHydration(page);
    await expect(bar(page)).toBeVisible();
    await expect(bar(page)).toContainText('Neptune 2.9');
    expect(await storage(page)).toEqual({dismiss: 'false', id: 'neptune-2-9-release'});
  });
});

// -------------------------------------------------------------------------------------------
// Headings, TOC, images, code

test('every h2 has an id and a direct link that updates the URL hash', async ({page}) => {
  await gotoHydrated(page, pages.neptuneIntro);
  const h2s = page.locator('article .markdown h2');
  const count = await h2s.count();
  expect(count).toBeGreaterThan(2);
  for (let i = 0; i < count; i++) {
    const h2 = h2s.nth(i);
    const id = await h2.getAttribute('id');
    expect(id, `h2 #${i} has an id`).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    const anchor = h2.locator('a.hash-link');
    await expect(anchor).toHaveAttribute('href', `#${id}`);
    const heading = (await h2.evaluate((e) => e.firstChild?.textContent ?? '')).trim();
    await expect(anchor).toHaveAttribute('aria-label', `${heading}的直接链接`);
  }
  const third = h2s.nth(2);
  const id = await third.getAttribute('id');
  await third.hover();
  await third.locator('a.hash-link').click();
  await expect(page).toHaveURL(new RegExp(`${pages.neptuneIntro}#${id}$`));
  await expect(third).toBeInViewport();
});

test.describe('table of contents', () => {
  test('lists exactly the h2 and h3 headings of the page', async ({page}) => {
    await page.goto(pages.neptuneIntro);
    const tocHrefs = await page
      .locator('.theme-doc-toc-desktop a.table-of-contents__link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    const headingHrefs = await page
      .locator('article .markdown')
      .locator('h2[id], h3[id]')
      .evaluateAll((hs) => hs.map((h) => `#${h.id}`));
    expect(headingHrefs.length).toBeGreaterThan(3);
    expect(tocHrefs).toEqual(headingHrefs);
    // Nested (h3) entries exist, so the level range really is 2–3.
    await expect(page.locator('.theme-doc-toc-desktop ul ul a').first()).toBeVisible();
  });

  test('h4 headings are not listed', async ({page}) => {
    // Content has no h4 yet, so add a level-3 and a level-4 entry to the page's TOC data.
    await interceptContentChunk(page, pages.lowcodeHmi, (body) => {
      const out = body.replace(
        /(\{value:"[^"]*",id:"[^"]*",level:2\})/,
        '$1,{value:"三级探针",id:"probe-h3",level:3},{value:"四级探针",id:"probe-h4",level:4}',
      );
      if (out === body) throw new Error('toc array not found');
      return out;
    });
    await page.goto(pages.lowcodeHmi);
    const toc = page.locator('.theme-doc-toc-desktop');
    await expect(toc.locator('a[href="#probe-h3"]')).toHaveText('三级探针');
    await expect(toc.locator('a[href="#probe-h4"]')).toHaveCount(0);
    await expect(toc).not.toContainText('四级探针');
  });
});

test.describe('image zoom', () => {
  const overlay = (page: Page) => page.locator('.medium-zoom-overlay');

  async function openZoom(page: Page) {
    await page.setViewportSize({width: 1280, height: 600});
    await gotoHydrated(page, pages.neptuneIntro);
    const img = page.locator('article .markdown img').first();
    await img.scrollIntoViewIfNeeded();
    // medium-zoom attaches about 1 s after the route update.
    await expect(img).toHaveClass(/medium-zoom-image/, {timeout: 5000});
    await img.click();
    await expect(overlay(page)).toBeVisible();
    await expect(page.locator('body')).toHaveClass(/medium-zoom--opened/);
    await expect(page.locator('.medium-zoom-image--opened')).toHaveCount(1);
    // medium-zoom ignores close requests while its 300 ms opening transition runs.
    await page.waitForTimeout(400);
    return img;
  }

  async function expectClosed(page: Page) {
    await expect(page.locator('body')).not.toHaveClass(/medium-zoom--opened/);
    await expect(overlay(page)).toHaveCount(0);
  }

  test('opens on click with a white background and closes on Escape', async ({page}) => {
    await openZoom(page);
    await expect(overlay(page)).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await page.keyboard.press('Escape');
    await expectClosed(page);
  });

  test('closes on click', async ({page}) => {
    await openZoom(page);
    await page.locator('.medium-zoom-image--opened').click();
    await expectClosed(page);
  });

  test('stays open for scrolls under 40 px and closes past 40 px', async ({page}) => {
    await openZoom(page);
    await page.evaluate(() => window.scrollBy(0, 30));
    await page.waitForTimeout(300);
    await expect(page.locator('body')).toHaveClass(/medium-zoom--opened/);
    await page.evaluate(() => window.scrollBy(0, 30));
    await expectClosed(page);
  });

  test('uses the dark background in dark mode', async ({page}) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await openZoom(page);
    await expect(overlay(page)).toHaveCSS('background-color', 'rgb(50, 50, 50)');
  });
});

test.describe('code highlighting', () => {
  for (const lang of ['bash', 'go', 'ini', 'properties', 'shell-session', 'toml']) {
    test(`${lang} blocks are tokenized`, async ({page}) => {
      const candidates = pagesWithCodeLanguage(lang);
      expect(candidates, `no page has a \`\`\`${lang} block`).not.toHaveLength(0);
      const url = candidates[0];
      await page.goto(url);
      const block = page.locator(`pre.language-${lang}`).first();
      await expect(block, `${lang} block on ${url}`).toBeVisible();
      // prism-react-renderer wraps every line in "token plain" spans, even for unknown
      // languages: a highlighted block has tokens of other types.
      const typed = block.locator('span.token:not(.plain)');
      expect(await typed.count(), `typed tokens in the ${lang} block on ${url}`).toBeGreaterThan(0);
    });
  }

  test('an unhighlighted block (text) has no typed tokens, so the check above is meaningful', async ({page}) => {
    await page.goto(pages.lowcodeHmi);
    const block = page.locator('pre.language-text').first();
    await expect(block).toBeVisible();
    await expect(block.locator('span.token:not(.plain)')).toHaveCount(0);
  });
});

// -------------------------------------------------------------------------------------------
// Routes: .html suffixes, /docs, 404

test.describe('.html and /index.html suffixes', () => {
  for (const suffix of ['.html', '/index.html']) {
    test(`${pages.lowcodeHmi}${suffix} is served as ${pages.lowcodeHmi}`, async ({page}) => {
      await page.goto(pages.lowcodeHmi);
      const title = await page.locator('article h1').innerText();
      await gotoHydrated(page, `${pages.lowcodeHmi}${suffix}`);
      expect(new URL(page.url()).pathname).toBe(pages.lowcodeHmi);
      await expect(page.locator('article h1')).toHaveText(title);
    });

    test(`client-side routing normalises ${suffix} when the host serves it without redirect`, async ({page}) => {
      // Static hosts often serve /x/index.html (or a rewritten /x.html) as is: the client must
      // still route it to the doc, not to the 404 page.
      const res = await page.request.get(pages.lowcodeHmi);
      const html = await res.text();
      await page.route(`**${pages.lowcodeHmi}${suffix}`, (r) =>
        r.fulfill({status: 200, contentType: 'text/html; charset=utf-8', body: html}),
      );
      await gotoHydrated(page, `${pages.lowcodeHmi}${suffix}`);
      await expect(page.locator('article h1')).toBeVisible();
      await expect(page.getByRole('heading', {name: '找不到页面'})).toHaveCount(0);
      await expect(docSidebar(page).locator('a[aria-current="page"]')).toHaveAttribute('href', pages.lowcodeHmi);
      await expect(page.locator('.navbar__link--active')).toHaveText('低代码 HMI 组态软件');
    });
  }
});

test.describe('/docs', () => {
  test('a direct load lands on the Neptune user introduction', async ({page}) => {
    await page.goto('/docs');
    await expect(page).toHaveURL(/\/docs\/neptune\/user\/introduction$/);
    await expect(page.locator('article h1')).toBeVisible();
    await expect(docSidebar(page).locator('a[aria-current="page"]')).toHaveAttribute('href', pages.neptuneIntro);
  });

  test('a client-side navigation to /docs lands there too, without a reload', async ({page}) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() => {
      (window as unknown as {marker: number}).marker = 1;
      window.history.pushState({}, '', '/docs');
      window.dispatchEvent(new PopStateEvent('popstate', {state: {}}));
    });
    await expect(page).toHaveURL(/\/docs\/neptune\/user\/introduction$/);
    await expect(page.locator('article h1')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as {marker?: number}).marker)).toBe(1);
  });
});

test('unknown paths show the Chinese 404 page', async ({page}) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('找不到页面');
  await expect(page.locator('main')).toContainText('请联系把你引导到这个网址的网站的所有者');
  await expect(page.getByRole('link', {name: '返回首页'})).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', {name: 'support@example.com'})).toHaveAttribute(
    'href',
    'mailto:support@example.com',
  );
  await expect(page).toHaveTitle(/^找不到页面/);
});

test('404: the way-out links are part of the main landmark', async ({page}) => {
  await page.goto('/no-such-page');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', {name: '找不到页面'})).toBeVisible();
  await expect(main.getByRole('link', {name: '返回首页'})).toBeVisible();
  await expect(main.locator('a[href="mailto:support@example.com"]')).toBeVisible();
});

// -------------------------------------------------------------------------------------------
// Mobile layout

test('mobile: sidebar behind the navbar toggle, closed again when widened', async ({page}) => {
  await page.setViewportSize({width: 800, height: 900});
  await gotoHydrated(page, pages.janusApiIntro);
  await expect(docSidebar(page)).toBeHidden();
  const toggle = page.getByRole('button', {name: '切换导航栏'});
  await expect(toggle).toBeVisible();
  await toggle.click();
  const menu = page.locator('.navbar-sidebar');
  await expect(menu).toBeVisible();
  await expect(page.locator('nav.navbar')).toHaveClass(/navbar-sidebar--show/);
  // The secondary (doc sidebar) panel is shown first, with a way back to the main menu.
  await expect(menu.getByRole('button', {name: /回到主菜单/})).toBeVisible();
  await expect(menu.locator('.menu__link[href="/docs/janus/user/introduction"]').first()).toBeVisible();
  await expect(menu.locator('a[aria-current="page"]')).toHaveAttribute('href', pages.janusApiIntro);

  await page.setViewportSize({width: 1200, height: 900});
  await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
  await expect(menu).toBeHidden();
  await expect(docSidebar(page)).toBeVisible();
  await expect(toggle).toBeHidden();
});

