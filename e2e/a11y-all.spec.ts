/**
 * axe on every page of the site (issue 19): every page of build/sitemap.xml, /search with
 * results and the 404 page, each in light and in dark mode (set through the stored `theme`
 * preference before the page loads), with axe-core's default rule set — WCAG A/AA and the
 * best-practice rules. The pages are split into chunks that the two CI workers share; the whole
 * sweep costs about N minutes of worker time (README, 「无障碍与 HTML 检查」).
 */
import AxeBuilder from '@axe-core/playwright';
import {test, expect} from '@playwright/test';
import {sitemapPaths} from './nginx-helpers';

const CHUNKS = 8;
const routes = [...sitemapPaths(), `/search?q=${encodeURIComponent('设备接入')}`, '/no-such-page'];

test.describe.configure({mode: 'parallel'});

test('the sweep covers the whole sitemap', () => {
  expect(routes.length).toBeGreaterThan(200);
});

for (let chunk = 0; chunk < CHUNKS; chunk++) {
  const mine = routes.filter((_, i) => i % CHUNKS === chunk);
  test(`axe ${chunk + 1}/${CHUNKS}: ${mine.length} pages, default rules, light and dark`, async ({browser}) => {
    test.setTimeout(900_000);
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext();
      await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      for (const route of mine) {
        await page.goto(encodeURI(route).replace(/%26/g, '&').replace(/%25/g, '%'), {waitUntil: 'load'});
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
        // Only violations are collected: passes and incomplete results would double the time.
        const {violations} = await new AxeBuilder({page}).options({resultTypes: ['violations']}).analyze();
        for (const v of violations) {
          problems.push(`${route} [${theme}] ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
        }
      }
      await context.close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
