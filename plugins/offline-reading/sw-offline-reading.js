/**
 * Offline reading, added to the service worker that @docusaurus/plugin-pwa compiles into
 * build/sw.js (option swCustom; that compile only handles JavaScript, hence a .js file).
 *
 * Docusaurus' own offline mode (app installed, standalone window, ?offlineMode=true) precaches the
 * whole build and serves it; this file only adds the search index to that mode (its parts are
 * too many for the precache list). For every other reader it keeps:
 * - the pages they open: network first, the cached copy when the network is gone;
 * - the site's JS and CSS and the search index (its entry file, and every shard and fragment,
 *   downloaded as one bundle and unpacked here), fetched in the background once per build, so that
 *   in-app navigation and any search keep working offline. A navigation to a page never opened
 *   gives a Chinese offline page that lists the pages that can be read.
 */

/** Replaced after the build by plugins/offline-reading with {version, urls} as a JSON string. */
const ESSENTIALS = '__XL_OFFLINE_ESSENTIALS__';

const PAGES_CACHE = 'xl-pages';
const STATIC_CACHE = 'xl-static';
const ASSETS_CACHE_PREFIX = 'xl-assets-';
const VERSION_KEY = '/__xl-offline/version';
const MAX_PAGES = 400;
const NAVIGATION_TIMEOUT_MS = 8000;
/** The first page and what the reader does right away (a search, say) get the network first. */
const ESSENTIALS_DELAY_MS = 5000;

/** @param {{offlineMode: boolean, debug?: boolean}} params */
export default function offlineReading(params) {
  /** @type {ServiceWorkerGlobalScope} */
  const sw = /** @type {any} */ (self);
  /** @type {{version: string, urls: string[]}} */
  const essentials = JSON.parse(ESSENTIALS);
  const assetsCache = `${ASSETS_CACHE_PREFIX}${essentials.version}`;
  const base = new URL(sw.registration.scope);
  const immutable = new RegExp(`^${base.pathname}(assets/|search/|search-index\\.[0-9a-f]+\\.json$)`);
  const log = (/** @type {unknown[]} */ ...args) => params.debug && console.log('[offline-reading]', ...args);
  const takeAway = new RegExp(`^${base.pathname}(pdf/.*|llms(-full)?\\.txt|docs/.*\\.md)$`);
  const isSearchFile = (/** @type {string} */ path) => /\/(search-index\.[0-9a-f]+\.json|search\/[0-9a-f]+\/all\.json)$/.test(path);
  const isSearchBundle = (/** @type {string} */ path) => /\/search\/[0-9a-f]+\/all\.json$/.test(path);
  const searchPart = new RegExp(`^${base.pathname}(search/|search-index\\.[0-9a-f]+\\.json$)`);

  sw.addEventListener('activate', (event) => {
    // Take over pages opened before this worker existed, so their next requests are kept too.
    event.waitUntil(sw.clients.claim());
  });

  sw.addEventListener('message', (event) => {
    const data = event.data;
    if (data?.type !== 'XL_PAGE_VISITED' || typeof data.url !== 'string') return;
    if (params.offlineMode) {
      event.waitUntil(keepEssentials(isSearchFile).catch((error) => log(error)));
      return;
    }
    const resources = Array.isArray(data.resources) ? data.resources.filter((r) => typeof r === 'string').slice(0, 100) : [];
    event.waitUntil(Promise.all([rememberPage(data.url), rememberResources(resources), keepEssentials()]).catch((error) => log(error)));
  });

  sw.addEventListener('fetch', (event) => {
    const {request} = event;
    if (request.method !== 'GET' || request.headers.has('range')) return;
    const url = new URL(request.url);
    if (url.origin !== base.origin || url.pathname === `${base.pathname}sw.js`) return;
    // Take-away copies (PDF manuals of several MB, Markdown for assistants): straight to the network, never kept.
    if (takeAway.test(url.pathname)) return;
    if (params.offlineMode) {
      // Docusaurus' precache answers, except for the search index (kept by keepEssentials).
      if (searchPart.test(url.pathname)) event.respondWith(cacheFirst(event));
      return;
    }
    if (request.mode === 'navigate') event.respondWith(page(event));
    else if (immutable.test(url.pathname)) event.respondWith(cacheFirst(event));
    else event.respondWith(networkFirst(request));
  });

  /** One cache key per page: /x, /x/ and /x/index.html are the same page; query and hash dropped. */
  function pageKey(/** @type {string} */ href) {
    const url = new URL(href, base);
    let path = url.pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
    if (path.length > 1) path = path.replace(/\/+$/, '');
    return new URL(path, base).href;
  }

  /** @param {FetchEvent} event */
  async function page(event) {
    const key = pageKey(event.request.url);
    try {
      // A hanging network (the shop-floor Wi-Fi) counts as gone after a while.
      const response = await Promise.race([
        fetch(event.request),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), NAVIGATION_TIMEOUT_MS)),
      ]);
      if (isPage(response)) event.waitUntil(storePage(key, response.clone()));
      return response;
    } catch {
      const cached = await caches.match(key, {cacheName: PAGES_CACHE});
      return cached ?? offlinePage(key);
    }
  }

  /** @param {Response} response */
  function isPage(response) {
    return response.ok && response.type === 'basic' && (response.headers.get('content-type') ?? '').includes('text/html');
  }

  /** @param {string} key @param {Response} response */
  async function storePage(key, response) {
    const cache = await caches.open(PAGES_CACHE);
    await cache.put(key, response);
    const keys = (await cache.keys()).filter((r) => !r.url.endsWith(VERSION_KEY));
    // Oldest first: the least recently stored pages go when the cache is full.
    await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PAGES)).map((r) => cache.delete(r)));
  }

  /** A page reached by in-app navigation never passed through `page()`: fetch it once. */
  async function rememberPage(/** @type {string} */ href) {
    const key = pageKey(href);
    if (await caches.match(key, {cacheName: PAGES_CACHE})) return;
    const response = await fetch(key, {credentials: 'same-origin'});
    if (isPage(response)) await storePage(key, response);
  }

  /** Images and icons the page loaded before this worker controlled it (a first visit). */
  async function rememberResources(/** @type {string[]} */ paths) {
    const cache = await caches.open(STATIC_CACHE);
    await Promise.all(
      paths.map(async (p) => {
        const url = new URL(p, base);
        if (url.origin !== base.origin || (await cache.match(url.href))) return;
        const response = await fetch(url.href, {credentials: 'same-origin'});
        if (response.ok && response.type === 'basic') await cache.put(url.href, response);
      }),
    );
  }

  /** @type {Map<string, Promise<Response>>} */
  const inflight = new Map();
  /**
   * One download per URL at a time: the page asking for the search index while the background
   * download is fetching it shares that download. The body is read in full before anyone gets
   * it (the page needs all of a script or the index anyway), so a request arriving at any point
   * of the download shares it; every caller gets its own copy.
   */
  function fetchShared(/** @type {string} */ href) {
    let pending = inflight.get(href);
    if (!pending) {
      pending = fetch(href, {credentials: 'same-origin'}).then(async (response) => {
        const body = await response.blob();
        return new Response(body, {status: response.status, statusText: response.statusText, headers: response.headers});
      });
      inflight.set(href, pending);
      const forget = () => inflight.delete(href);
      pending.then(forget, forget);
    }
    return pending.then((response) => response.clone());
  }

  /** Hashed files never change: the cached copy, else the network, kept in the background. */
  async function cacheFirst(/** @type {FetchEvent} */ event) {
    const {request} = event;
    const cached = await caches.match(request, {ignoreSearch: true});
    if (cached) return cached;
    const url = new URL(request.url);
    const response = await fetchShared(url.origin + url.pathname);
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(assetsCache).then((cache) => cache.put(url.pathname, copy)));
    }
    return response;
  }

  /** @param {Request} request */
  async function networkFirst(request) {
    try {
      const response = await fetch(request);
      if (response.ok && response.type === 'basic') {
        const cache = await caches.open(STATIC_CACHE);
        await cache.put(request, response.clone());
      }
      return response;
    } catch (error) {
      const cached = await caches.match(request, {ignoreSearch: true});
      if (cached) return cached;
      throw error;
    }
  }

  /**
   * The search index's parts arrive as one bundle ({part name: content}): each part goes into the
   * cache under its own URL, as if it had been fetched, and the bundle's URL keeps the list of
   * parts (so the next build can reuse them if the index has not changed).
   * @param {Cache} cache @param {string} url @param {Record<string, unknown>} bundle
   */
  async function unpackBundle(cache, url, bundle) {
    const dir = url.slice(0, url.lastIndexOf('/') + 1);
    const json = {'content-type': 'application/json'};
    const names = Object.keys(bundle);
    await Promise.all(names.map((name) => cache.put(`${dir}${name}`, new Response(JSON.stringify(bundle[name]), {headers: json}))));
    await cache.put(url, new Response(JSON.stringify(names), {headers: {...json, 'x-xl-unpacked': 'true'}}));
  }

  /** An unchanged index (same content-hashed directory) comes from the previous build's cache. @param {Cache} cache @param {string} url */
  async function reuseBundle(cache, url) {
    const previous = await caches.match(url, {ignoreSearch: true});
    if (!previous?.headers.get('x-xl-unpacked')) return false;
    const names = /** @type {string[]} */ (await previous.clone().json());
    const dir = url.slice(0, url.lastIndexOf('/') + 1);
    const parts = await Promise.all(names.map((name) => caches.match(`${dir}${name}`, {ignoreSearch: true})));
    if (parts.some((part) => !part)) return false;
    await Promise.all(parts.map((part, i) => cache.put(`${dir}${names[i]}`, /** @type {Response} */ (part))));
    await cache.put(url, previous);
    return true;
  }

  /** @type {Promise<void> | undefined} */
  let keeping;
  /**
   * The build's JS, CSS and search index (or, for the installed app, the search index only: its
   * precache holds the rest) in this build's cache; then retire older builds.
   */
  function keepEssentials(/** @type {(url: string) => boolean} */ wanted = () => true) {
    keeping ??= (async () => {
      const cache = await caches.open(assetsCache);
      const have = new Set((await cache.keys()).map((r) => new URL(r.url).pathname));
      // The search index first: it is what a reader offline misses most.
      const missing = essentials.urls
        .filter((url) => wanted(url) && !have.has(url))
        .sort((a, b) => Number(isSearchFile(b)) - Number(isSearchFile(a)));
      if (missing.length > 0) await new Promise((resolve) => setTimeout(resolve, ESSENTIALS_DELAY_MS));
      let failed = 0;
      // A few at a time: shop-floor PCs share a thin uplink. Unchanged files come from the
      // previous build's cache rather than the network (content-hashed names).
      for (let i = 0; i < missing.length; i += 6) {
        await Promise.all(
          missing.slice(i, i + 6).map(async (url) => {
            try {
              if (isSearchBundle(url)) {
                if (await reuseBundle(cache, url)) return;
                const response = await fetchShared(new URL(url, base).href);
                if (!response.ok) throw new Error(`${response.status} ${url}`);
                await unpackBundle(cache, url, await response.json());
                return;
              }
              const previous = await caches.match(url, {ignoreSearch: true});
              if (previous) {
                await cache.put(url, previous);
                return;
              }
              const response = await fetchShared(new URL(url, base).href);
              if (!response.ok) throw new Error(`${response.status} ${url}`);
              await cache.put(url, response);
            } catch {
              failed++;
            }
          }),
        );
      }
      log(`essentials: ${missing.length - failed}/${missing.length} cached`);
      if (failed === 0) await retireOlderBuilds();
    })().finally(() => {
      keeping = undefined;
    });
    return keeping;
  }

  /** Pages kept under an older build point at that build's assets: fetch them again, then drop the old assets. */
  async function retireOlderBuilds() {
    const pages = await caches.open(PAGES_CACHE);
    const marker = await pages.match(VERSION_KEY);
    if (marker && (await marker.text()) === essentials.version) return;
    let refreshed = true;
    for (const request of await pages.keys()) {
      if (request.url.endsWith(VERSION_KEY)) continue;
      try {
        const response = await fetch(request.url, {credentials: 'same-origin'});
        if (isPage(response)) await pages.put(request, response);
        else if (response.status === 404) await pages.delete(request);
      } catch {
        refreshed = false;
      }
    }
    if (!refreshed) return;
    await pages.put(VERSION_KEY, new Response(essentials.version));
    for (const name of await caches.keys()) {
      if (name.startsWith(ASSETS_CACHE_PREFIX) && name !== assetsCache) await caches.delete(name);
    }
  }

  /** The answer to a page that was never opened while online. */
  async function offlinePage(/** @type {string} */ key) {
    const pages = await caches.open(PAGES_CACHE);
    const links = [];
    for (const request of (await pages.keys()).reverse().slice(0, 60)) {
      if (request.url.endsWith(VERSION_KEY)) continue;
      const html = await (await pages.match(request))?.text();
      const title = html?.match(/<title[^>]*>([^<]*)<\/title>/)?.[1] ?? new URL(request.url).pathname;
      links.push(`<li><a href="${escapeHtml(new URL(request.url).pathname)}">${title}</a></li>`);
    }
    const body = `<!doctype html>
<html lang="zh-Hans"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>网络不可用 | 星联文档中心</title>
<style>body{font:16px/1.7 system-ui,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;margin:0;color:#1c1e21;background:#fff}main{max-width:42rem;margin:3rem auto;padding:0 1.25rem}a{color:#1a5fb4}h1{font-size:1.6rem}code{background:#f2f3f5;padding:0 .25rem}@media (prefers-color-scheme:dark){body{background:#1b1b1d;color:#e3e3e3}a{color:#8fbcf0}code{background:#2b2b2f}}</style>
</head><body><main>
<h1>网络不可用，此页面尚未保存到本机</h1>
<p>您请求的 <code>${escapeHtml(new URL(key).pathname)}</code> 在联网时没有打开过，离线时无法显示。网络恢复后刷新本页即可。</p>
${links.length ? `<h2>可以离线阅读的页面</h2><ul>${links.join('')}</ul>` : ''}
<p><a href="${escapeHtml(base.pathname)}">返回首页</a></p>
</main></body></html>`;
    return new Response(body, {status: 503, statusText: 'Offline', headers: {'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store'}});
  }
}

function escapeHtml(/** @type {string} */ text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
