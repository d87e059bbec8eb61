/** Shared by the offline-reading tests (e2e/offline.spec.ts, the nginx project, lazy loading). */
import fs from 'node:fs';
import path from 'node:path';
import {expect, type Page} from '@playwright/test';

/** Entries in the first Cache Storage cache whose name starts with `prefix` (0 without one). */
export function cacheEntries(page: Page, prefix: string): Promise<number> {
  return page.evaluate(async (p) => {
    const name = (await caches.keys()).find((n) => n.startsWith(p));
    return name ? (await (await caches.open(name)).keys()).length : 0;
  }, prefix);
}

/** The search index's parts (shards, fragments, typo list, offline bundle) in `buildDir`, by URL path. */
export function searchParts(buildDir: string): string[] {
  const entry = fs.readdirSync(buildDir).find((f) => /^search-index\.[0-9a-f]+\.json$/.test(f));
  if (!entry) return [];
  const {dir} = JSON.parse(fs.readFileSync(path.join(buildDir, entry), 'utf8')) as {dir: string};
  return fs.readdirSync(path.join(buildDir, dir)).filter((f) => f.endsWith('.json')).map((f) => `/${dir}${f}`);
}

/**
 * What the worker keeps once per build: every JS and CSS file of `buildDir`, the search index's
 * entry file and every part of it (unpacked from the bundle, which stays listed too).
 */
export function essentialCount(buildDir: string): number {
  const assets = fs.readdirSync(path.join(buildDir, 'assets'), {recursive: true}) as string[];
  const entry = fs.readdirSync(buildDir).filter((f) => /^search-index\.[0-9a-f]+\.json$/.test(f));
  return assets.filter((f) => /\.(js|css)$/.test(f)).length + entry.length + searchParts(buildDir).length;
}

export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {timeout: 20_000});
}

/** Resolves once the background download of the build's JS, CSS and index is complete. */
export async function waitForEssentials(page: Page, buildDir: string): Promise<void> {
  const expected = essentialCount(buildDir);
  await expect.poll(() => cacheEntries(page, 'xl-assets-'), {timeout: 90_000, intervals: [500, 1000, 2000]}).toBe(expected);
}
