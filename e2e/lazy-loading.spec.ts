/**
 * Code most pages never run stays out of their first load (plugins/lean-bundle,
 * plugins/offline-reading/registerWhenIdle.ts): medium-zoom is fetched only on pages with an
 * image, and the service worker registers after the page is interactive.
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
