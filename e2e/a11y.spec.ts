import AxeBuilder from '@axe-core/playwright';
import {test, expect, type Page} from '@playwright/test';
import {colourToggle, gotoHydrated, pages} from './helpers';

async function axeViolations(page: Page, label: string): Promise<string[]> {
  // axe-core's default rule set: WCAG A/AA and the best-practice rules.
  const {violations} = await new AxeBuilder({page}).analyze();
  return violations.map(
    (v) =>
      `[${label}] ${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 8)
        .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`)
        .join('\n') +
      (v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : ''),
  );
}

/** Switches the page to dark mode with the navbar toggle (system → light → dark). */
async function toDark(page: Page) {
  for (let i = 0; i < 3 && (await page.locator('html').getAttribute('data-theme-choice')) !== 'dark'; i++) {
    await colourToggle(page).click();
  }
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Let colour transitions finish before measuring contrast.
  await page.waitForTimeout(300);
}

// Two full axe runs per test take several seconds each on a busy two-core machine.
test.describe.configure({timeout: 90_000});

const targets: [string, string][] = [
  ['home', '/'],
  ['doc page with code blocks and tables', pages.neptuneIntro],
  ['search page', '/search?q=MQTT'],
  ['markdown page', pages.markdownPage],
  ['404 page', '/no-such-page'],
];

for (const [name, url] of targets) {
  test(`axe: ${name} (${url}) has no violations (default rules, best practices included) in light and dark mode`, async ({page}) => {
    await gotoHydrated(page, url);
    if (url === pages.neptuneIntro) {
      await expect(page.locator('article table').first()).toBeVisible();
      await expect(page.locator('article pre').first()).toBeVisible();
    }
    const found = await axeViolations(page, 'light');
    await toDark(page);
    found.push(...(await axeViolations(page, 'dark')));
    expect(found, found.join('\n\n')).toEqual([]);
  });
}
