import {test, expect, type Page} from '@playwright/test';
import {
  clientNavigate,
  colourToggle,
  docSidebar,
  gotoHydrated,
  interceptContentChunk,
  pages,
  pagesWithCodeLanguage,
  readRoutes,
  sampleRoutes,
  sidebarEntry,
  waitForHydration,
} from './helpers';

// Page loads dominate the runtime (about 1 s each on two cores), so tests that only read the
// page walk through several routes with client-side navigation after one full load.

// -------------------------------------------------------------------------------------------
// Navbar

const navItems = [
  {label: '低代码流程图控制软件', href: '/docs/automation/work-flow-intro'},
  {label: '低代码 HMI 组态软件', href: '/docs/lowcode/hmi'},
  {label: '边缘计算系统软件', href: '/docs/janus/user/introduction'},
  {label: '工业云平台及服务', href: '/docs/neptune/user/introduction'},
];

test.describe('navbar', () => {
  test('four left items with Chinese labels and targets; locale dropdown and search on the right', async ({page}) => {
    await gotoHydrated(page, '/');
    const links = page.locator('.navbar__items:not(.navbar__items--right) > a.navbar__link');
    await expect(links).toHaveText(navItems.map((i) => i.label));
    for (const [i, item] of navItems.entries()) {
      await expect(links.nth(i)).toHaveAttribute('href', item.href);
    }
    // No section is active on the home page.
    await expect(page.locator('.navbar .navbar__link--active')).toHaveCount(0);

    const right = page.locator('.navbar__items--right');
    const locale = right.locator('.dropdown > .navbar__link');
    await expect(locale).toHaveText('简体中文');
    await locale.hover();
    const localeItems = right.locator('.dropdown__menu a');
    await expect(localeItems).toHaveText(['简体中文']);
    await expect(localeItems).toHaveAttribute('lang', 'zh-Hans');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');

    const search = right.getByRole('button', {name: /^搜索/});
    await expect(search).toBeVisible();
    await expect(search.locator('.DocSearch-Button-Placeholder')).toHaveText('搜索');
  });

  test('exactly the section’s item is active', async ({page}) => {
    const cases: [string, string][] = [
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
    await gotoHydrated(page, cases[0][0]);
    for (const [url, label] of cases) {
      await clientNavigate(page, url);
      await expect(page.locator('.navbar .navbar__link--active'), `active item on ${url}`).toHaveText([label]);
    }
    // Same outcome on a full load (server-rendered HTML).
    await page.goto('/docs/open-platform/introduction');
    await expect(page.locator('.navbar .navbar__link--active')).toHaveText(['边缘计算系统软件']);
  });

  test('hides when scrolling down and comes back when scrolling up', async ({page}) => {
    await gotoHydrated(page, pages.neptuneIntro);
    const navbar = page.locator('nav.navbar');
    await expect(navbar).toBeInViewport();
    await page.mouse.move(600, 400);
    // Two steps: the first scroll event has no previous position to compare with.
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(100);
    await page.mouse.wheel(0, 400);
    await expect(navbar).not.toBeInViewport();
    await page.mouse.wheel(0, -200);
    await expect(navbar).toBeInViewport();
  });
});

// -------------------------------------------------------------------------------------------
// Sidebars and breadcrumbs

test.describe('sidebar', () => {
  test('a doc page shows its own sidebar; pages outside every sidebar show none', async ({page}) => {
    await gotoHydrated(page, '/docs/janus/api/introduction');
    const sidebar = docSidebar(page);
    await expect(sidebar).toBeVisible();
    await expect(sidebar.locator('a[href="/docs/janus/user/introduction"]')).toBeVisible();
    await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', '/docs/janus/api/introduction');
    await expect(sidebar.locator('a[href="/docs/neptune/user/introduction"]')).toHaveCount(0);

    for (const url of ['/docs/janus/user/activate/preparation', '/docs/triton/deploy/neptune-register']) {
      await page.goto(url);
      await expect(page.locator('article h1'), url).toBeVisible();
      await expect(docSidebar(page), url).toHaveCount(0);
      await expect(page.getByRole('navigation', {name: '文档侧边栏'}), url).toHaveCount(0);
    }
  });

  // A sample spread over the fixture, checked in the browser (one full load per group, then
  // client-side navigation, which exercises the runtime route and sidebar resolution).
  const sample = sampleRoutes(20);
  const groups = [...new Set(sample.map((r) => r.sidebar ?? '-'))];
  for (const group of groups) {
    const rows = sample.filter((r) => (r.sidebar ?? '-') === group);
    test(`routes.tsv sample, sidebar ${group}: ${rows.length} pages`, async ({page}) => {
      await gotoHydrated(page, rows[0].route);
      for (const [i, row] of rows.entries()) {
        if (i > 0) await clientNavigate(page, row.route);
        const h1 = page.locator('article h1');
        await expect(h1, row.id).toHaveCount(1);
        await expect(h1, row.id).not.toBeEmpty();
        if (row.sidebar === null) {
          await expect(docSidebar(page), `${row.id} has no sidebar`).toHaveCount(0);
          continue;
        }
        const sidebar = docSidebar(page);
        await expect(sidebar, `${row.id} has a sidebar`).toBeVisible();
        // The first entry of each sidebar is its product's entry page.
        await expect(sidebar.locator('.menu__link').first(), row.id).toHaveAttribute(
          'href',
          sidebarEntry[row.sidebar],
        );
        await expect(sidebar.locator('a.menu__link--active[aria-current="page"]'), row.id).toHaveAttribute(
          'href',
          row.route,
        );
      }
    });
  }

  // Every route of the fixture, checked on the server-rendered HTML (no browser: cheap).
  test('routes.tsv: every route serves its page with the expected sidebar', async ({request}) => {
    const problems: string[] = [];
    for (const row of readRoutes()) {
      const res = await request.get(encodeURI(row.route).replace(/%26/g, '&'));
      if (res.status() !== 200) {
        problems.push(`${row.route}: HTTP ${res.status()}`);
        continue;
      }
      const html = await res.text();
      if (!html.includes(`docs-doc-id-${row.id}`)) problems.push(`${row.route}: not the doc ${row.id}`);
      if (!/<article>[\s\S]*<h1/.test(html)) problems.push(`${row.route}: no h1`);
      const nav = html.split(/aria-label="?文档侧边栏/)[1];
      if (row.sidebar === null) {
        if (nav !== undefined) problems.push(`${row.route}: has a sidebar, fixture says none`);
        continue;
      }
      if (nav === undefined) {
        problems.push(`${row.route}: no sidebar, fixture says ${row.sidebar}`);
        continue;
      }
      if (!/aria-label="?页面路径/.test(html) || !html.includes('breadcrumbs__item--active')) {
        problems.push(`${row.route}: no breadcrumbs ending in the current page`);
      }
      const first = nav.match(/href="?([^"\s>]+)/)?.[1];
      if (first !== sidebarEntry[row.sidebar]) {
        problems.push(`${row.route}: sidebar starts with ${first}, expected ${row.sidebar} (${sidebarEntry[row.sidebar]})`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

test.describe('breadcrumbs', () => {
  test('home icon link, then category labels, then the current page', async ({page}) => {
    await gotoHydrated(page, '/docs/janus/api/device/device-list');
    const crumbs = () => page.getByRole('navigation', {name: '页面路径'}).locator('.breadcrumbs__item');
    await expect(crumbs()).toHaveCount(4);
    await expect(crumbs().nth(0).getByRole('link', {name: '主页面'})).toHaveAttribute('href', '/');
    await expect(crumbs().nth(1)).toHaveText('Janus API');
    await expect(crumbs().nth(2)).toHaveText('设备');
    await expect(crumbs().nth(3)).toHaveClass(/breadcrumbs__item--active/);
    const current = await docSidebar(page).locator('a[aria-current="page"]').innerText();
    await expect(crumbs().nth(3)).toHaveText(current);

    // A top-level doc: home, then the page.
    await clientNavigate(page, pages.neptuneIntro);
    await expect(crumbs()).toHaveCount(2);
    await expect(crumbs().nth(1)).toHaveClass(/breadcrumbs__item--active/);

    // No sidebar, no breadcrumbs.
    await clientNavigate(page, '/docs/janus/user/activate/preparation');
    await expect(page.locator('article h1')).toBeVisible();
    await expect(page.getByRole('navigation', {name: '页面路径'})).toHaveCount(0);
  });
});

test('footer shows the copyright notice and Chinese links', async ({page}) => {
  await page.goto('/');
  await expect(page.locator('footer .footer__copyright')).toHaveText('Copyright © 2008-2025 星联工业科技有限公司');
  await expect(page.locator('footer .footer__title')).toHaveText(['产品文档', '开发者', '帮助']);
  await expect(page.locator('footer a[href="mailto:support@example.com"]')).toHaveText('联系技术支持');
});

// The skip link is tested from the keyboard, with its focus ring, in e2e/keyboard.spec.ts.

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
    await clientNavigate(page, pages.lowcodeHmi);
    await expect(bar(page)).toBeHidden();
  });

  test('reappears on the first visit after a new announcement replaced a dismissed one', async ({page}) => {
    // The visitor dismissed an earlier announcement (2.8); the site now announces 2.9.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('docusaurus.announcement.dismiss', 'true');
        localStorage.setItem('docusaurus.announcement.id', 'neptune-2-8-release');
      }
    });
    await gotoHydrated(page, '/');
    expect(await storage(page)).toEqual({dismiss: 'false', id: 'neptune-2-9-release'});
    await expect(bar(page), 'announcement bar visible').toBeVisible({timeout: 3000});
    await expect(bar(page)).toContainText('Neptune 2.9');
  });
});

// -------------------------------------------------------------------------------------------
// Headings, TOC, images, code

test('every h2 has an id and a direct link that updates the URL hash', async ({page}) => {
  await gotoHydrated(page, pages.neptuneIntro);
  const h2s = page.locator('article .markdown h2');
  const all = await h2s.evaluateAll((hs) =>
    hs.map((h) => ({
      id: h.id,
      text: (h.firstChild?.textContent ?? '').trim(),
      href: h.querySelector('a.hash-link')?.getAttribute('href'),
      label: h.querySelector('a.hash-link')?.getAttribute('aria-label'),
    })),
  );
  expect(all.length).toBeGreaterThan(2);
  for (const h of all) {
    expect(h.id, `h2 「${h.text}」 has an explicit id`).toMatch(/^[a-z0-9][a-z0-9_-]*$/);
    expect(h, `h2 「${h.text}」`).toEqual({...h, href: `#${h.id}`, label: `${h.text}的直接链接`});
  }
  const third = h2s.nth(2);
  await third.hover();
  await third.locator('a.hash-link').click();
  await expect(page).toHaveURL(new RegExp(`${pages.neptuneIntro}#${all[2].id}$`));
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
    // Nested (h3) entries exist, so the range really reaches level 3.
    await expect(page.locator('.theme-doc-toc-desktop ul ul a').first()).toBeVisible();
  });

  test('h4 headings are not listed', async ({page}) => {
    // No page has an h4 yet: add a level-3 and a level-4 entry to one page's TOC data.
    await interceptContentChunk(page, pages.lowcodeHmi, (body) => {
      const out = body.replace(
        /(\{value:"[^"]*",id:"[^"]*",level:2\})/,
        '$1,{value:"三级探针",id:"probe-h3",level:3},{value:"四级探针",id:"probe-h4",level:4}',
      );
      if (out === body) throw new Error('toc data not found in the content chunk');
      return out;
    });
    await page.goto(pages.lowcodeHmi);
    const toc = page.locator('.theme-doc-toc-desktop');
    await expect(toc.locator('a[href="#probe-h3"]')).toHaveText('三级探针');
    await expect(toc.locator('a[href="#probe-h4"]')).toHaveCount(0);
    await expect(toc).not.toContainText('四级探针');
  });
});

test('image zoom opens on click and closes on Escape, click, and scroll past 40 px', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 600});
  await gotoHydrated(page, pages.neptuneIntro);
  const img = page.locator('article .markdown img').first();
  const body = page.locator('body');
  const overlay = page.locator('.medium-zoom-overlay');

  async function open() {
    await img.scrollIntoViewIfNeeded();
    // medium-zoom attaches about 1 s after the route update.
    await expect(img).toHaveClass(/medium-zoom-image/, {timeout: 5000});
    await img.click();
    await expect(overlay).toBeVisible();
    await expect(body).toHaveClass(/medium-zoom--opened/);
    await expect(page.locator('.medium-zoom-image--opened')).toHaveCount(1);
    // medium-zoom ignores close requests while its 300 ms opening transition runs.
    await page.waitForTimeout(400);
  }
  async function expectClosed(how: string) {
    await expect(body, `closed by ${how}`).not.toHaveClass(/medium-zoom--opened/);
    await expect(overlay, `closed by ${how}`).toHaveCount(0);
  }

  await open();
  await expect(overlay).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await page.keyboard.press('Escape');
  await expectClosed('Escape');

  await open();
  await page.locator('.medium-zoom-image--opened').click();
  await expectClosed('click');

  await open();
  await page.evaluate(() => window.scrollBy(0, 30));
  await page.waitForTimeout(300); // longer than the 150 ms close delay
  await expect(body, 'still open after 30 px').toHaveClass(/medium-zoom--opened/);
  await page.evaluate(() => window.scrollBy(0, 30));
  await expectClosed('scrolling 60 px');

  // Dark mode: rgb(50, 50, 50) background.
  await colourToggle(page).click(); // system → light
  await colourToggle(page).click(); // light → dark
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await open();
  await expect(overlay).toHaveCSS('background-color', 'rgb(50, 50, 50)');
});

test('code blocks in bash, go, ini, properties, shell-session and toml are highlighted', async ({page}) => {
  await gotoHydrated(page, pages.markdownPage);
  for (const lang of ['bash', 'go', 'ini', 'properties', 'shell-session', 'toml']) {
    const candidates = pagesWithCodeLanguage(lang);
    expect.soft(candidates, `no page has a \`\`\`${lang} block`).not.toHaveLength(0);
    if (!candidates.length) continue;
    const url = candidates[0];
    if (new URL(page.url()).pathname !== url) await clientNavigate(page, url);
    const block = page.locator(`pre.language-${lang}`).first();
    await expect.soft(block, `${lang} block on ${url}`).toBeVisible();
    // prism-react-renderer wraps every line in "token plain" spans even for unknown languages:
    // a highlighted block has tokens of other types.
    const typed = await block.locator('span.token:not(.plain)').count();
    expect.soft(typed, `typed tokens in the ${lang} block on ${url}`).toBeGreaterThan(0);
  }
  // Control: a `text` block has only plain tokens, so the check above discriminates. The flow
  // outline on the Automation intro is full of `=`, `>=`, numbers and parentheses a grammar would mark.
  await clientNavigate(page, pages.automationIntro);
  const text = page.locator('pre.language-text').first();
  await expect(text).toContainText('doneCount >= targetCount');
  await expect(text).toBeVisible();
  await expect(text.locator('span.token:not(.plain)')).toHaveCount(0);
});

test('code blocks keep their server-rendered markup and take the palette of the colour mode', async ({page}) => {
  // Dark mode before the first load: the server's markup is the same for both modes.
  await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
  // Mark the server-rendered blocks: a block rendered again after hydration loses the mark.
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      for (const pre of document.querySelectorAll('article pre')) (pre as HTMLElement & {fromServer?: boolean}).fromServer = true;
    }),
  );
  await gotoHydrated(page, '/docs/neptune/api/device_management/device_list');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const blocks = page.locator('article pre');
  expect(await blocks.count()).toBeGreaterThan(1);
  // Long enough for the effects after hydration (the stock theme re-renders code blocks there).
  await page.waitForTimeout(500);
  expect(await blocks.evaluateAll((pres) => pres.map((pre) => (pre as HTMLElement & {fromServer?: boolean}).fromServer === true))).not.toContain(false);

  // A JSON key in the dark palette (--xl-code-property), then in the light one after the toggle.
  const key = page.locator('article pre.language-json .token.property').first();
  await expect(key).toHaveCSS('color', 'rgb(121, 192, 255)');
  await expect(page.locator('article pre.language-json').first()).toHaveCSS('background-color', 'rgb(22, 27, 34)');
  await colourToggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(key).toHaveCSS('color', 'rgb(5, 80, 174)');
  await expect(page.locator('article pre.language-json').first()).toHaveCSS('background-color', 'rgb(246, 248, 250)');
});

// -------------------------------------------------------------------------------------------
// Routes: .html suffixes, /docs, 404

test.describe('.html and /index.html suffixes', () => {
  test('the server redirects both to the clean path', async ({page}) => {
    await page.goto(pages.lowcodeHmi);
    const title = await page.locator('article h1').innerText();
    for (const suffix of ['.html', '/index.html']) {
      await gotoHydrated(page, `${pages.lowcodeHmi}${suffix}`);
      expect(new URL(page.url()).pathname, suffix).toBe(pages.lowcodeHmi);
      await expect(page.locator('article h1'), suffix).toHaveText(title);
    }
  });

  test('client-side routing normalises both when a host serves them without redirect', async ({page}) => {
    // Static hosts often serve /x/index.html (or a rewritten /x.html) as is: the app must still
    // render the doc, not its 404 page.
    const html = await (await page.request.get(pages.lowcodeHmi)).text();
    for (const suffix of ['.html', '/index.html']) {
      await page.route(`**${pages.lowcodeHmi}${suffix}`, (r) =>
        r.fulfill({status: 200, contentType: 'text/html; charset=utf-8', body: html}),
      );
      await gotoHydrated(page, `${pages.lowcodeHmi}${suffix}`);
      await expect(page.locator('article h1'), suffix).toBeVisible();
      await expect(page.getByRole('heading', {name: '找不到页面'}), suffix).toHaveCount(0);
      await expect(docSidebar(page).locator('a[aria-current="page"]'), suffix).toHaveAttribute(
        'href',
        pages.lowcodeHmi,
      );
      await expect(page.locator('.navbar__link--active'), suffix).toHaveText('低代码 HMI 组态软件');
    }
  });
});

test.describe('/docs', () => {
  test('a direct load lands on the Neptune user introduction', async ({page}) => {
    await page.goto('/docs');
    await expect(page).toHaveURL(/\/docs\/neptune\/user\/introduction$/);
    await expect(page.locator('article h1')).toBeVisible();
    await expect(docSidebar(page).locator('a[aria-current="page"]')).toHaveAttribute('href', pages.neptuneIntro);
  });

  test('a client-side navigation to /docs lands there too, without reloading the page', async ({page}) => {
    await gotoHydrated(page, '/');
    const documentRequests: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documentRequests.push(r.url()));
    await page.evaluate(() => ((window as unknown as {marker: number}).marker = 1));
    await clientNavigate(page, '/docs');
    await expect(page).toHaveURL(/\/docs\/neptune\/user\/introduction$/);
    await expect(page.locator('article h1')).toBeVisible();
    await page.waitForTimeout(500);
    expect(documentRequests, 'full page loads during the client-side navigation').toEqual([]);
    expect(await page.evaluate(() => (window as unknown as {marker?: number}).marker)).toBe(1);
  });
});

test.describe('404', () => {
  test('unknown paths show the Chinese not-found page', async ({page}) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('找不到页面');
    await expect(page.locator('body')).toContainText('请联系把你引导到这个网址的网站的所有者，告诉他们链接已失效。');
    await expect(page.getByRole('link', {name: '返回首页'})).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', {name: 'support@example.com'})).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    await expect(page).toHaveTitle(/^找不到页面/);
  });

  test('the way-out links are inside the main landmark', async ({page}) => {
    await page.goto('/no-such-page');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', {name: '找不到页面'})).toBeVisible();
    await expect(main.getByRole('link', {name: '返回首页'})).toBeVisible({timeout: 2000});
    await expect(main.locator('a[href="mailto:support@example.com"]')).toBeVisible({timeout: 2000});
  });
});

// -------------------------------------------------------------------------------------------
// Mobile layout

test('mobile (< 996 px): sidebar behind the navbar toggle, closed again when widened', async ({page}) => {
  await page.setViewportSize({width: 800, height: 900});
  await gotoHydrated(page, pages.janusApiIntro);
  await expect(docSidebar(page)).toBeHidden();
  const toggle = page.getByRole('button', {name: '切换导航栏'});
  await expect(toggle).toBeVisible();
  await toggle.click();
  const navbar = page.locator('nav.navbar');
  const menu = page.locator('.navbar-sidebar');
  await expect(navbar).toHaveClass(/navbar-sidebar--show/);
  await expect(menu).toBeVisible();
  // The doc sidebar panel is shown first, with a way back to the main menu.
  await expect(menu.getByRole('button', {name: /回到主菜单/})).toBeVisible();
  await expect(menu.locator('a[aria-current="page"]').last()).toHaveAttribute('href', pages.janusApiIntro);
  await expect(menu.locator('.menu__link[href="/docs/janus/user/introduction"]').last()).toBeVisible();

  await page.setViewportSize({width: 1200, height: 900});
  await expect(navbar).not.toHaveClass(/navbar-sidebar--show/);
  await expect(menu).toBeHidden();
  await expect(docSidebar(page)).toBeVisible();
  await expect(toggle).toBeHidden();
});
