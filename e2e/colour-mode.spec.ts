import {test, expect, type Page} from '@playwright/test';
import {colourToggle, gotoHydrated, htmlTheme, pages} from './helpers';

const stored = (page: Page) => page.evaluate(() => window.localStorage.getItem('theme'));
const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

async function expectMode(
  page: Page,
  want: {theme: 'light' | 'dark'; choice: 'light' | 'dark' | 'system'; stored: string | null; label: string},
) {
  await expect(page.locator('html')).toHaveAttribute('data-theme-choice', want.choice);
  expect(await htmlTheme(page)).toEqual({theme: want.theme, choice: want.choice});
  expect(await stored(page), 'localStorage "theme"').toBe(want.stored);
  const toggle = colourToggle(page);
  await expect(toggle).toHaveAttribute('title', want.label);
  await expect(toggle).toHaveAttribute('aria-label', `切换浅色/暗黑模式（当前为${want.label}）`);
}

test('the toggle cycles system → light → dark → system, stored under "theme" (absent for system)', async ({page}) => {
  await gotoHydrated(page, pages.neptuneIntro);
  // First visit: no stored choice; the OS preference (light here) applies.
  await expectMode(page, {theme: 'light', choice: 'system', stored: null, label: '跟随系统'});
  const lightBackground = await bodyBackground(page);

  await colourToggle(page).click();
  await expectMode(page, {theme: 'light', choice: 'light', stored: 'light', label: '浅色模式'});

  await colourToggle(page).click();
  await expectMode(page, {theme: 'dark', choice: 'dark', stored: 'dark', label: '暗黑模式'});
  expect(await bodyBackground(page), 'dark mode changes the page colours').not.toBe(lightBackground);

  // The choice survives a reload and is applied before hydration (no flash of light mode).
  await page.reload({waitUntil: 'commit'});
  await page.waitForLoadState('domcontentloaded');
  expect(await htmlTheme(page)).toEqual({theme: 'dark', choice: 'dark'});
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
  await expectMode(page, {theme: 'dark', choice: 'dark', stored: 'dark', label: '暗黑模式'});

  await colourToggle(page).click();
  await expectMode(page, {theme: 'light', choice: 'system', stored: null, label: '跟随系统'});

  await colourToggle(page).click();
  await expectMode(page, {theme: 'light', choice: 'light', stored: 'light', label: '浅色模式'});
});

test('system mode follows the OS preference; an explicit choice does not', async ({page}) => {
  await page.emulateMedia({colorScheme: 'dark'});
  await gotoHydrated(page, '/');
  expect(await htmlTheme(page)).toEqual({theme: 'dark', choice: 'system'});
  expect(await stored(page)).toBeNull();

  await page.emulateMedia({colorScheme: 'light'});
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({colorScheme: 'dark'});
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await stored(page), 'OS changes are never stored').toBeNull();

  // system → light: now fixed, whatever the OS says.
  await colourToggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme-choice', 'light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({colorScheme: 'light'});
  await page.emulateMedia({colorScheme: 'dark'});
  await page.waitForTimeout(200);
  expect(await htmlTheme(page)).toEqual({theme: 'light', choice: 'light'});
});

test('two tabs stay in sync', async ({context}) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await gotoHydrated(a, '/');
  await gotoHydrated(b, pages.lowcodeHmi);

  await colourToggle(a).click(); // system → light
  await colourToggle(a).click(); // light → dark
  await expect(a.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(b.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(b.locator('html')).toHaveAttribute('data-theme-choice', 'dark');
  await expect(colourToggle(b)).toHaveAttribute('title', '暗黑模式');

  await colourToggle(b).click(); // dark → system (OS: light)
  await expect(b.locator('html')).toHaveAttribute('data-theme-choice', 'system');
  await expect(a.locator('html')).toHaveAttribute('data-theme-choice', 'system');
  await expect(a.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(colourToggle(a)).toHaveAttribute('title', '跟随系统');
  expect(await stored(a)).toBeNull();
});
