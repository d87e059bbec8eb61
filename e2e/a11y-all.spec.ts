/**
 * axe across the doc pages: all WCAG 2.1 A/AA rules in light mode, and colour contrast (the rules
 * that change with the theme) in dark mode, set through the stored `theme` preference before the
 * page loads. Every page of the route list takes ~7 minutes on two cores, so CI checks one page
 * of every folder (each folder is one page template and one writer); AXE_ALL=1 checks all 228.
 */
import AxeBuilder from '@axe-core/playwright';
import {test, expect} from '@playwright/test';
import {readRoutes} from './helpers';

const CHUNKS = 4;
const all = readRoutes();
const perFolder = new Map<string, number>();
const routes = process.env.AXE_ALL
  ? all
  : all.filter((r) => {
      const folder = r.id.split('/').slice(0, -1).join('/');
      const seen = perFolder.get(folder) ?? 0;
      perFolder.set(folder, seen + 1);
      return seen < 1;
    });
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test.describe.configure({mode: 'parallel'});

for (let chunk = 0; chunk < CHUNKS; chunk++) {
  const mine = routes.filter((_, i) => i % CHUNKS === chunk);
  test(`axe, doc pages ${chunk + 1}/${CHUNKS}: ${mine.length} pages, light and dark`, async ({browser}) => {
    test.setTimeout(600_000);
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext();
      await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      for (const row of mine) {
        await page.goto(encodeURI(row.route).replace(/%26/g, '&'), {waitUntil: 'load'});
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const builder = new AxeBuilder({page}).include('main');
        const {violations} = await (theme === 'light' ? builder.withTags(tags) : builder.withRules(['color-contrast'])).analyze();
        for (const v of violations) {
          problems.push(`${row.route} [${theme}] ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
        }
      }
      await context.close();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
