/**
 * axe across the site: all WCAG 2.1 A/AA rules on the whole page, in light and in dark mode (set
 * through the stored `theme` preference before the page loads). AXE_ALL=1 (run by `npm run bench`)
 * checks every page of build/sitemap.xml plus /search, about 235 pages; without it, CI checks the
 * home page, /search, /markdown-page and one page of every doc folder (each folder is one page
 * template and one writer), since every page takes ~15 minutes on two cores.
 */
import AxeBuilder from '@axe-core/playwright';
import {test, expect} from '@playwright/test';
import {readRoutes} from './helpers';
import {sitemapPaths} from './nginx-helpers';

const CHUNKS = 4;
const perFolder = new Map<string, number>();
const sample = readRoutes()
  .filter((r) => {
    const folder = r.id.split('/').slice(0, -1).join('/');
    const seen = perFolder.get(folder) ?? 0;
    perFolder.set(folder, seen + 1);
    return seen < 1;
  })
  .map((r) => r.route);
const routes = [...new Set([...(process.env.AXE_ALL ? sitemapPaths() : ['/', '/markdown-page', ...sample]), '/search'])];
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test.describe.configure({mode: 'parallel'});

for (let chunk = 0; chunk < CHUNKS; chunk++) {
  const mine = routes.filter((_, i) => i % CHUNKS === chunk);
  test(`axe ${chunk + 1}/${CHUNKS}: ${mine.length} pages, whole page, light and dark`, async ({browser}) => {
    test.setTimeout(process.env.AXE_ALL ? 1_800_000 : 600_000);
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext();
      await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      for (const route of mine) {
        await page.goto(encodeURI(route).replace(/%26/g, '&'), {waitUntil: 'load'});
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const {violations} = await new AxeBuilder({page}).withTags(tags).analyze();
        for (const v of violations) {
          problems.push(`${route} [${theme}] ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
        }
      }
      await context.close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
