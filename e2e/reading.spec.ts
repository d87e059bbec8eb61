import {test, expect, type Browser} from '@playwright/test';
import {gotoHydrated, pages} from './helpers';
import {sitemapPaths} from './nginx-helpers';

/**
 * Reading on a phone, on a desk and in dark mode (issue 23; review of 2026-11-24): every page of
 * the sitemap fits a 360 and a 390 px screen, no table passes the article's edge at 1280 and
 * 1440 px, the announcement bar's close button has ≥ 3:1 contrast, figures can be read on a
 * phone and are not white panels in dark mode, the home search and code buttons suit touch.
 */

const routes = sitemapPaths();
const AXIS = '/docs/automation/motion_parameter/axis-config';

test('the sitemap lists the whole site', () => {
  expect(routes.length).toBeGreaterThan(200);
});

/** Visits every route in one page and returns what `measure` found wrong on each. */
async function sweep(browser: Browser, width: number, measure: () => string[]): Promise<string[]> {
  const context = await browser.newContext({viewport: {width, height: 900}, locale: 'zh-CN', serviceWorkers: 'block'});
  const page = await context.newPage();
  const problems: string[] = [];
  for (const route of routes) {
    // The layout is final once the stylesheet has applied; the scripts change no widths.
    await page.goto(encodeURI(route).replace(/%26/g, '&'), {waitUntil: 'domcontentloaded'});
    for (const p of await page.evaluate(measure)) problems.push(`${route}: ${p}`);
  }
  await context.close();
  return problems;
}

test.describe('every page fits', () => {
  test.describe.configure({mode: 'parallel', timeout: 600_000});

  for (const width of [360, 390]) {
    test(`no page is wider than a ${width} px screen`, async ({browser}) => {
      const problems = await sweep(browser, width, () => {
        const root = document.documentElement;
        if (root.scrollWidth <= root.clientWidth) return [];
        const culprits = [...document.querySelectorAll('main *, article *')]
          .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
          .slice(0, 3)
          .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 30)}`);
        return [`${root.scrollWidth} px wide (${culprits.join(', ')})`];
      });
      expect(problems).toEqual([]);
    });
  }

  for (const width of [1280, 1440]) {
    test(`no table passes the article's edge at ${width} px`, async ({browser}) => {
      const problems = await sweep(browser, width, () => {
        const article = document.querySelector('article')?.getBoundingClientRect();
        if (!article) return [];
        return [...document.querySelectorAll('article table')]
          .map((t) => t.getBoundingClientRect().right - article.right)
          .filter((over) => over > 1)
          .map((over) => `a table passes the article by ${Math.round(over)} px`);
      });
      expect(problems).toEqual([]);
    });
  }
});

test.describe('tables', () => {
  test('a wide table scrolls in its own box, with a shadow at the edge with more to see', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 900});
    await gotoHydrated(page, '/docs/triton/developer/introduction');
    // The return-code table: five columns of macros, Go errors and advice, wider than the article.
    const wide = page.locator('article table').filter({hasText: 'TRITON_ERR_CONFIG'}).first();
    const box = await wide.evaluate((t) => ({
      overflowX: getComputedStyle(t).overflowX,
      scrolls: t.scrollWidth > t.clientWidth,
      background: getComputedStyle(t).backgroundImage,
      codeWhiteSpace: getComputedStyle(t.querySelector('code')!).whiteSpace,
    }));
    expect(box.overflowX).toBe('auto');
    expect(box.scrolls).toBe(true);
    expect(box.background, 'scroll shadows').toMatch(/radial-gradient/);
    expect(box.codeWhiteSpace, 'identifiers never break').toBe('nowrap');
  });

  test.describe('on a phone', () => {
    test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

    test('a parameter table is one card per row, each value under its column header', async ({page}) => {
      // The request parameters of 「通过 Web/HTTP 接入设备」: 参数 | 类型 | 必填 | 说明.
      await gotoHydrated(page, '/docs/neptune/user/device-access-by-web');
      const table = page.locator('article table').filter({has: page.locator('th', {hasText: '必填'})}).first();
      const row = table.locator('tbody tr').first();
      await expect(table.locator('thead')).toHaveCSS('position', 'absolute');
      await expect(row).toHaveCSS('display', 'block');
      const cells = await row.locator('td').evaluateAll((tds) =>
        tds.map((td) => ({label: getComputedStyle(td, '::before').content, display: getComputedStyle(td).display})),
      );
      expect(cells.map((c) => c.label)).toEqual(['"参数：', '"类型：', '"必填：', '"说明：'].map((l) => `${l}"`));
      for (const c of cells) expect(c.display).toBe('block');
      // Every card fits the screen.
      const widest = await table.locator('tbody tr').evaluateAll((trs) => Math.max(...trs.map((tr) => tr.getBoundingClientRect().right)));
      expect(widest).toBeLessThanOrEqual(390);
    });
  });
});

/** WCAG contrast ratio of two sRGB colours. */
function contrast(a: number[], b: number[]): number {
  const lum = (c: number[]) => {
    const [r, g, bl] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
const rgb = (css: string) => css.match(/[\d.]+/g)!.map(Number);

test.describe('announcement bar', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`close button contrast ≥ 3:1 against the bar, and the bar stands out from the page (${theme})`, async ({page}) => {
      await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
      await gotoHydrated(page, pages.neptuneIntro);
      const colours = await page.locator('.theme-announcement-bar').evaluate((bar) => {
        const button = bar.querySelector('button')!;
        const icon = button.querySelector('svg')!;
        return {
          bar: getComputedStyle(bar).backgroundColor,
          text: getComputedStyle(bar).color,
          icon: getComputedStyle(icon).color,
          opacity: Number(getComputedStyle(button).opacity),
          page: getComputedStyle(document.querySelector('.main-wrapper')!).backgroundColor,
          body: getComputedStyle(document.body).backgroundColor,
        };
      });
      const bar = rgb(colours.bar);
      // The icon painted at the button's opacity over the bar.
      const icon = rgb(colours.icon).slice(0, 3).map((c, i) => c * colours.opacity + bar[i] * (1 - colours.opacity));
      expect(contrast(icon, bar), `close button ${colours.icon} × ${colours.opacity} on ${colours.bar}`).toBeGreaterThanOrEqual(3);
      expect(contrast(rgb(colours.text), bar), 'bar text').toBeGreaterThanOrEqual(4.5);
      const pageColour = theme === 'light' ? [255, 255, 255] : [27, 27, 29];
      expect(contrast(bar, pageColour), `bar ${colours.bar} against the page`).toBeGreaterThanOrEqual(theme === 'light' ? 3 : 1.3);
      // Not a second banner landmark: a labelled region.
      await expect(page.locator('.theme-announcement-bar')).toHaveAttribute('role', 'region');
      expect(await page.getByRole('banner').count(), 'at most one banner landmark').toBeLessThanOrEqual(1);
    });
  }
});

test.describe('figures', () => {
  test.describe('on a phone', () => {
    test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

    test('a tap opens the figure with labels at body-text size, to pan; 关闭 and Escape close it', async ({page}) => {
      await gotoHydrated(page, AXIS);
      const figure = page.locator('article .markdown img').first();
      await figure.scrollIntoViewIfNeeded();
      const bodyPx = await page.locator('article .markdown p').first().evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
      // The zoom is attached a second after the route renders (docusaurus-plugin-image-zoom).
      await page.waitForTimeout(1_200);
      await figure.tap();
      const dialog = page.getByRole('dialog', {name: /放大查看/});
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', {name: '关闭'})).toBeFocused();
      const shown = await dialog.locator('img').evaluate(async (img) => {
        const source = (img as HTMLImageElement).src;
        const svg = source.startsWith('data:') ? new TextDecoder().decode(Uint8Array.from(atob(source.split(',')[1]), (c) => c.charCodeAt(0))) : await (await fetch(source)).text();
        const viewBox = Number(/viewBox="[\d.]+ [\d.]+ ([\d.]+)/.exec(svg)![1]);
        const smallest = Math.min(...[...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1])));
        const pane = img.parentElement!;
        return {width: img.getBoundingClientRect().width, viewBox, smallest, pans: pane.scrollWidth > pane.clientWidth};
      });
      const labelPx = (shown.smallest * shown.width) / shown.viewBox;
      expect(labelPx, `smallest label at ${labelPx.toFixed(1)} px, body text ${bodyPx} px`).toBeGreaterThanOrEqual(bodyPx - 0.5);
      expect(shown.pans, 'wider than the screen: the reader pans').toBe(true);
      await dialog.getByRole('button', {name: '关闭'}).click();
      await expect(dialog).toHaveCount(0);
      await figure.tap();
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      // The page scrolls again.
      expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    });
  });

  test('on a desk (desktop layout), medium-zoom opens the figure as before', async ({page}) => {
    await page.setViewportSize({width: 1280, height: 800});
    await gotoHydrated(page, AXIS);
    const figure = page.locator('article .markdown img').first();
    await figure.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1_200);
    await figure.click();
    await expect(page.locator('.medium-zoom-image--opened')).toBeVisible();
    await expect(page.getByRole('dialog', {name: /放大查看/})).toHaveCount(0);
  });

  test('dark mode: figures are dark panels on screen, the original on paper', async ({page}) => {
    await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    await gotoHydrated(page, AXIS);
    const filter = () => page.locator('article .markdown img').first().evaluate((img) => getComputedStyle(img).filter);
    expect(await filter()).toMatch(/invert\(0\.88\).*hue-rotate\(180deg\)/);
    await page.emulateMedia({media: 'print'});
    await expect.poll(filter).toBe('none');
    // Light mode (a page without the dark preference): the figure as drawn.
    const light = await page.context().newPage();
    await light.addInitScript(() => window.localStorage.setItem('theme', 'light'));
    await gotoHydrated(light, AXIS);
    expect(await light.locator('article .markdown img').first().evaluate((img) => getComputedStyle(img).filter)).toBe('none');
  });
});

test.describe('touch screens', () => {
  test.use({viewport: {width: 360, height: 780}, isMobile: true, hasTouch: true});

  test('home: the search box fits, no keyboard-shortcut hint', async ({page}) => {
    await gotoHydrated(page, '/');
    const form = await page.locator('form[role="search"]').evaluate((f) => f.getBoundingClientRect().right);
    expect(form).toBeLessThanOrEqual(360);
    await expect(page.locator('#home-search')).toBeVisible();
    await expect(page.locator('form[role="search"] button')).toBeInViewport();
    await expect(page.getByText('也可以在任意页面按')).toBeHidden();
  });

  test('code block buttons sit under the code, not over a one-line command', async ({page}) => {
    await gotoHydrated(page, '/docs/triton/deploy/configure-triton-service');
    const block = page.locator('article .theme-code-block').filter({has: page.locator('button')}).first();
    await block.scrollIntoViewIfNeeded();
    const layout = await block.evaluate((b) => ({
      pre: b.querySelector('pre')!.getBoundingClientRect().bottom,
      buttons: b.querySelector('button')!.getBoundingClientRect().top,
    }));
    expect(layout.buttons).toBeGreaterThanOrEqual(layout.pre - 1);
  });
});

test('an unknown path under /docs has the 404 title', async ({page}) => {
  await gotoHydrated(page, pages.neptuneIntro);
  await page.evaluate(() => {
    window.history.pushState({}, '', '/docs/no-such-page');
    window.dispatchEvent(new PopStateEvent('popstate', {state: {}}));
  });
  await expect(page.getByRole('heading', {name: '找不到页面'})).toBeVisible();
  await expect(page).toHaveTitle('找不到页面 | 星联文档中心');
  await expect(page.locator('main')).toContainText('我们找不到你要找的页面。');
});

