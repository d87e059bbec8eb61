/**
 * Code most pages never run stays out of their first load (plugins/lean-bundle,
 * plugins/offline-reading/registerWhenIdle.ts): medium-zoom is fetched only on pages with an
 * image, and the service worker registers after the page is interactive. Links in view are
 * prefetched in idle time, each chunk once (src/prefetch).
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect, type Page} from '@playwright/test';
import {waitForHydration} from './helpers';
import {waitForServiceWorker} from './offline-helpers';

const jsDir = path.join(__dirname, '..', 'build', 'assets', 'js');
/** The built chunk whose code contains `marker`. */
function chunkWith(marker: string): string {
  const found = fs.readdirSync(jsDir).filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(jsDir, f), 'utf8').includes(marker));
  expect(found, marker).toHaveLength(1);
  expect(found[0]).not.toMatch(/^main\./);
  return `/assets/js/${found[0]}`;
}

function recordScripts(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.endsWith('.js')) requested.push(u.pathname);
  });
  return requested;
}

test('medium-zoom is loaded only on a page with an image, and zooms there', async ({page}) => {
  const zoomChunk = chunkWith('medium-zoom-overlay');
  const requested = recordScripts(page);
  await page.goto('/docs/neptune/api/device_management/device_list');
  await waitForHydration(page);
  await expect(page.locator('.markdown img')).toHaveCount(0);
  // The plugin attaches a second after the route update: give it two.
  await page.waitForTimeout(2000);
  expect(requested).not.toContain(zoomChunk);

  await page.goto('/docs/automation/process_management/work-flow-develop');
  await waitForHydration(page);
  const image = page.locator('.markdown img').first();
  await expect(image).toHaveClass(/medium-zoom-image/);
  expect(requested).toContain(zoomChunk);
  await image.click();
  await expect(page.locator('.medium-zoom-overlay')).toHaveCSS('opacity', '1');
});

/** The content chunk of a doc: the chunk whose metadata starts with the doc's own permalink. */
function docContentChunk(permalink: string): string {
  const found = fs.readdirSync(jsDir).filter((f) => {
    const first = fs.readFileSync(path.join(jsDir, f), 'utf8').match(/"permalink":"([^"]+)"/);
    return first?.[1] === permalink;
  });
  expect(found, permalink).toHaveLength(1);
  return `/assets/js/${found[0]}`;
}

test('links in view are prefetched after load, each chunk once, none the page already has', async ({page}) => {
  await page.goto('/docs/neptune/api/device_management/device_list');
  await waitForHydration(page);
  const next = await page.locator('a.pagination-nav__link--next').getAttribute('href');
  expect(next).toBe('/docs/neptune/api/device_management/device_details');
  const nextChunk = docContentChunk(next!);
  const prefetched = () => page.$$eval('link[rel="prefetch"]', (links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  await expect.poll(prefetched, {timeout: 15_000}).toContain(nextChunk);

  const hrefs = await prefetched();
  expect(new Set(hrefs).size, hrefs.join('\n')).toBe(hrefs.length);
  // Docusaurus' own prefetch added about 300 links here, the shared layout chunks once per link.
  expect(hrefs.length).toBeLessThan(40);
  const pageScripts = await page.$$eval('script[src]', (scripts) => scripts.map((s) => new URL((s as HTMLScriptElement).src).pathname));
  expect(pageScripts.length).toBeGreaterThan(1);
  for (const script of pageScripts) expect(hrefs).not.toContain(script);

  // The prefetched page opens from the client-side router.
  await page.locator('a.pagination-nav__link--next').click();
  await expect(page).toHaveURL(next!);
  await expect(page.locator('article h1')).toHaveText('获取设备详情');
});

test.describe('service worker registration', () => {
  test.use({serviceWorkers: 'allow'});

  test('workbox-window is fetched after the page is interactive, then the worker registers', async ({page}) => {
    const workboxChunk = chunkWith('workbox:window');
    // When Docusaurus marks the page hydrated, on the page's own clock.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset.hasHydrated !== 'true') return;
        (window as unknown as {hydratedAt: number}).hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-has-hydrated']});
    });
    await page.goto('/docs/neptune/user/quick-start');
    await waitForHydration(page);
    await waitForServiceWorker(page);
    const {hydratedAt, workboxStart} = await page.evaluate((chunk) => {
      const entry = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === chunk);
      return {hydratedAt: (window as unknown as {hydratedAt: number}).hydratedAt, workboxStart: entry?.startTime ?? -1};
    }, workboxChunk);
    expect(workboxStart, 'workbox-window was fetched').toBeGreaterThan(0);
    expect(workboxStart).toBeGreaterThanOrEqual(hydratedAt);
  });
});
