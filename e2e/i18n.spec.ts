import {test, expect, type Page} from '@playwright/test';
import {collectChromeStrings, colourToggle, englishWords, gotoHydrated, pages} from './helpers';

// Every UI string of the site chrome must be Chinese. Product names, protocols and key names
// are allowed (see allowedLatinWords); page content (titles, headings, code) is not scanned.
// The search modal's strings belong to the search tests.

async function leftovers(page: Page, state: string, scanMain = false): Promise<string[]> {
  const found: string[] = [];
  for (const {where, text} of await collectChromeStrings(page, {scanMain})) {
    const words = englishWords(text);
    if (words.length) found.push(`[${state}] ${where}: "${text}" → ${words.join(', ')}`);
  }
  return [...new Set(found)];
}

const targets: [string, string, boolean][] = [
  ['home', '/', false],
  ['doc page', pages.neptuneIntro, false],
  ['search page', '/search?q=MQTT', false],
  ['markdown page', pages.markdownPage, false],
  ['404 page', '/no-such-page', true],
];

for (const [name, url, scanMain] of targets) {
  test(`no English UI text on the ${name} (${url}) in any colour mode`, async ({page}) => {
    await gotoHydrated(page, url);
    const found = await leftovers(page, 'system', scanMain);
    // system → light → dark: the toggle's label changes with the mode.
    for (const mode of ['light', 'dark']) {
      await colourToggle(page).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme-choice', mode);
      found.push(...(await leftovers(page, mode, scanMain)));
    }
    if (url === pages.neptuneIntro) {
      // States that only appear after interaction: copied code, collapsed sidebar, back-to-top.
      await page.locator('article pre').first().hover();
      await page.getByRole('button', {name: '复制代码到剪贴板'}).first().click();
      await page.getByRole('button', {name: '收起侧边栏'}).click();
      await expect(page.getByRole('button', {name: /展开侧边栏/})).toBeVisible();
      await page.mouse.wheel(0, 1500);
      await page.mouse.wheel(0, -300);
      found.push(...(await leftovers(page, 'after interaction')));
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}

test('no English UI text in the mobile menu, mobile TOC and doc chrome', async ({page}) => {
  await page.setViewportSize({width: 800, height: 900});
  await gotoHydrated(page, '/docs/janus/api/device/device-list');
  const found = await leftovers(page, 'mobile');
  const tocToggle = page.locator('.theme-doc-toc-mobile button').first();
  if (await tocToggle.isVisible()) {
    await tocToggle.click();
    found.push(...(await leftovers(page, 'mobile TOC open')));
  }
  await page.getByRole('button', {name: '切换导航栏'}).click();
  await expect(page.locator('.navbar-sidebar')).toBeVisible();
  found.push(...(await leftovers(page, 'mobile menu, doc sidebar')));
  await page.getByRole('button', {name: /回到主菜单/}).click();
  found.push(...(await leftovers(page, 'mobile menu, main')));
  expect(found, found.join('\n')).toEqual([]);
});
