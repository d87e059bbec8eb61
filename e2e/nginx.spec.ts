import fs from 'node:fs';
import path from 'node:path';
import {test as base, expect, type APIRequestContext, type APIResponse, type Page, type Request} from '@playwright/test';
import {buildCsp, collectSiteHashes} from '../scripts/postbuild-deploy';
import {openModal, searchInput, hits} from './search-helpers';
import {waitForEssentials, waitForServiceWorker} from './offline-helpers';
import {
  NGINX_BIN,
  buildDir,
  chunk,
  cspInclude,
  nginxAvailable,
  sitemapPaths,
  startNginx,
  type RunningNginx,
} from './nginx-helpers';

/**
 * The built site behind Debian's nginx with the production configuration of deploy/nginx/ (project
 * 'nginx'). Each worker starts its own nginx on a free loopback port (worker fixture `nginx`, see
 * e2e/nginx-helpers.ts), so the project's baseURL is not used. A fixture rather than beforeAll:
 * Playwright splits a file's tests that share beforeAll hooks into one fixed chunk per worker, while
 * tests without hooks are handed to whichever worker is free.
 *
 * Requires `npm run build`, whose postbuild step (scripts/postbuild-deploy.ts) writes the .gz files
 * and deploy/nginx/generated/csp.conf. NGINX_E2E_BUILD tests another build directory.
 */

const DOC = '/docs/neptune/user/introduction';
const HMI = '/docs/lowcode/hmi';
/** A doc page with an image in the content (medium-zoom). */
const IMAGE_PAGE = '/docs/automation/process_management/work-flow-develop';
const NOT_FOUND_TITLE = '找不到页面';
/** The sitemap crawl is split into this many tests, which the workers share (one page each, reused). */
const CRAWL_CHUNKS = Number(process.env.NGINX_E2E_CRAWL_CHUNKS ?? 4);

const test = base.extend<{origin: string}, {nginx: RunningNginx}>({
  nginx: [
    async ({}, use) => {
      if (!nginxAvailable()) throw new Error(`${NGINX_BIN} is missing in CI: scripts/test.sh installs nginx-light`);
      const nginx = await startNginx();
      await use(nginx);
      await nginx.stop();
    },
    {scope: 'worker', timeout: 30_000},
  ],
  origin: async ({nginx}, use) => use(nginx.origin),
});

/** A GET that does not follow redirects. */
const get = (request: APIRequestContext, origin: string, p: string, headers: Record<string, string> = {}): Promise<APIResponse> =>
  request.get(origin + p, {maxRedirects: 0, headers});

test.skip(
  !nginxAvailable() && !process.env.CI,
  `${NGINX_BIN} is not installed (apt-get install nginx-light; npm test installs it): the nginx tests are skipped`,
);

/** The generated CSP (the value nginx sends). */
function generatedCsp(): string {
  const m = fs.readFileSync(cspInclude, 'utf8').match(/^add_header Content-Security-Policy "([^"]+)" always;$/m);
  if (!m) throw new Error(`no CSP in ${cspInclude}`);
  return m[1];
}

/** The build uses the embedded search index (not a hosted Algolia one). */
const localSearch = () => fs.readdirSync(buildDir).some((f) => /^search-index\.[0-9a-f]+\.json$/.test(f));

/** Hashed file names that the home page references, and the search index's entry and parts. */
function hashedAssets(): {js: string; css: string; searchIndex: string; searchParts: string[]} {
  const html = fs.readFileSync(path.join(buildDir, 'index.html'), 'utf8');
  const js = html.match(/src=["']?(\/assets\/js\/main\.[0-9a-f]+\.js)/)?.[1];
  const css = html.match(/href=["']?(\/assets\/css\/styles\.[0-9a-f]+\.css)/)?.[1];
  const searchIndex = fs.readdirSync(buildDir).find((f) => /^search-index\.[0-9a-f]+\.json$/.test(f));
  if (!js || !css || !searchIndex) throw new Error('main.js, styles.css or search-index.*.json not found in the build');
  const entry = JSON.parse(fs.readFileSync(path.join(buildDir, searchIndex), 'utf8')) as {dir: string; bundle: string};
  // A shard, a fragment and the offline bundle of every part (large: precompressed).
  const searchParts = ['s0.json', 'f0.json', entry.bundle].map((name) => `/${entry.dir}${name}`);
  return {js, css, searchIndex: `/${searchIndex}`, searchParts};
}

test.describe('HTTP', () => {
  test('the CSP in deploy/nginx/generated/csp.conf matches the build', () => {
    const hosted = !localSearch();
    expect(generatedCsp(), 'stale: run node --import tsx scripts/postbuild-deploy.ts after the build').toBe(
      buildCsp(collectSiteHashes(buildDir, hosted)),
    );
    if (!hosted) expect(generatedCsp()).not.toMatch(/algolia/);
  });

  test('pages answer 200 and are revalidated with ETag and Last-Modified', async ({request, origin}) => {
    for (const p of ['/', DOC, HMI, '/markdown-page', '/search', '/docs/neptune/api/overview']) {
      const res = await get(request, origin, p);
      expect(res.status(), p).toBe(200);
      expect(res.headers()['content-type'], p).toBe('text/html; charset=utf-8');
      expect(res.headers()['cache-control'], p).toBe('no-cache');
      const etag = res.headers()['etag'];
      expect(etag, p).toBeTruthy();
      expect(res.headers()['last-modified'], p).toBeTruthy();
      expect(await res.text(), p).toContain('<html lang=zh-Hans');
      const again = await get(request, origin, p, {'if-none-match': etag});
      expect(again.status(), `${p} with If-None-Match`).toBe(304);
      expect(again.headers()['cache-control']).toBe('no-cache');
    }
  });

  test('unknown paths answer 404 with the Chinese 404 page', async ({request, origin}) => {
    for (const p of ['/no-such-page', '/docs/neptune/no-such-page', '/docs/no/such/page.html', '/404.html', '/assets/js/no-such.js', '/.git/config']) {
      const res = await get(request, origin, p);
      expect(res.status(), p).toBe(404);
      expect(res.headers()['content-type'], p).toBe('text/html; charset=utf-8');
      // An error page must not be cached as an immutable asset.
      expect(res.headers()['cache-control'], p).toBe('no-cache');
      const body = await res.text();
      expect(body, p).toContain(`<h1 class=hero__title>${NOT_FOUND_TITLE}</h1>`);
      expect(body, p).toContain('<title data-rh=true>找不到页面 | 星联文档中心</title>');
    }
  });

  test('hashed assets are cached for a year, everything else is revalidated', async ({request, origin}) => {
    const {js, css, searchIndex, searchParts} = hashedAssets();
    const images = fs.readdirSync(path.join(buildDir, 'assets/images')).filter((f) => !f.endsWith('.gz'));
    for (const p of [js, css, searchIndex, ...searchParts, ...images.slice(0, 1).map((f) => `/assets/images/${f}`)]) {
      const res = await get(request, origin, p);
      expect(res.status(), p).toBe(200);
      expect(res.headers()['cache-control'], p).toBe('public, max-age=31536000, immutable');
    }
    // sw.js must be revalidated, or readers keep an old service worker (and its old asset list).
    for (const p of [DOC, '/', '/img/logo.svg', '/sitemap.xml', '/opensearch.xml', '/openapi/neptune.yaml', '/sw.js', '/manifest.json']) {
      const res = await get(request, origin, p);
      expect(res.status(), p).toBe(200);
      expect(res.headers()['cache-control'], p).toBe('no-cache');
    }
  });

  test('precompressed gzip is served to clients that accept it', async ({request, origin}) => {
    const {js, css, searchParts} = hashedAssets();
    for (const p of [js, css, DOC, searchParts[2]]) {
      const file = path.join(buildDir, p === DOC ? `${p}/index.html` : p);
      expect(fs.existsSync(`${file}.gz`), `${file}.gz (written by scripts/postbuild-deploy.ts)`).toBe(true);
      const gz = await get(request, origin, p, {'accept-encoding': 'gzip'});
      expect(gz.headers()['content-encoding'], p).toBe('gzip');
      expect(gz.headers()['vary'], p).toBe('Accept-Encoding');
      expect(Number(gz.headers()['content-length']), p).toBe(fs.statSync(`${file}.gz`).size);
      // Playwright inflates the body: the same bytes as the uncompressed file.
      expect((await gz.body()).equals(fs.readFileSync(file)), p).toBe(true);
      const plain = await get(request, origin, p, {'accept-encoding': 'identity'});
      expect(plain.headers()['content-encoding'], p).toBeUndefined();
      expect(Number(plain.headers()['content-length']), p).toBe(fs.statSync(file).size);
    }
    const jsRes = await get(request, origin, js, {'accept-encoding': 'gzip'});
    expect(jsRes.headers()['content-type']).toBe('application/javascript; charset=utf-8');
  });

  test('/docs and .html, /index.html and trailing-slash variants redirect (301) to the canonical path', async ({request, origin}) => {
    const redirects: [string, string][] = [
      ['/docs', DOC],
      ['/docs/', DOC],
      ['/docs/index.html', DOC],
      ['/docs/lowcode/hmi/index.html', HMI],
      ['/docs/lowcode/hmi.html', HMI],
      ['/docs/lowcode/hmi/', HMI],
      ['/docs/lowcode/hmi.html?from=old', `${HMI}?from=old`],
      [`${DOC}/index.html`, DOC],
      ['/index.html', '/'],
      ['/markdown-page.html', '/markdown-page'],
    ];
    for (const [from, to] of redirects) {
      const res = await get(request, origin, from);
      expect(res.status(), from).toBe(301);
      expect(res.headers()['location'], from).toBe(to);
    }
    const followed = await request.get(`${origin}/docs`);
    expect(followed.status()).toBe(200);
    expect(followed.url()).toBe(`${origin}${DOC}`);
    // Only existing pages are redirected: no Location can leave the site (/\host is //host to a browser).
    for (const p of ['/%5Cexample.com/index.html', '/%5Cexample.com.html', '/%5Cexample.com/', '/docs/no-such/']) {
      const res = await get(request, origin, p);
      expect(res.status(), p).toBe(404);
      expect(res.headers()['location'], p).toBeUndefined();
    }
  });

  test('security headers are on every response: page, asset, redirect, 404, 304', async ({request, origin}) => {
    const {js} = hashedAssets();
    const csp = generatedCsp();
    const page = await get(request, origin, DOC);
    const responses: [string, APIResponse][] = [
      ['page', page],
      ['asset', await get(request, origin, js)],
      ['image', await get(request, origin, '/img/logo.svg')],
      ['redirect', await get(request, origin, '/docs')],
      ['404', await get(request, origin, '/no-such-page')],
      ['304', await get(request, origin, DOC, {'if-none-match': page.headers()['etag']})],
    ];
    for (const [kind, res] of responses) {
      const h = res.headers();
      expect(h['content-security-policy'], kind).toBe(csp);
      expect(h['x-content-type-options'], kind).toBe('nosniff');
      expect(h['x-frame-options'], kind).toBe('DENY');
      expect(h['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
      expect(h['permissions-policy'], kind).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
      expect(h['server'], kind).toBe('nginx'); // server_tokens off: no version
    }
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    if (localSearch()) expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')![0]).toBe("'self'");
    expect(directives.get('script-src')!.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s))).toBe(true);
    expect(csp).not.toContain('unsafe-eval');
  });

  test('downloads linked from the docs are served as UTF-8 text', async ({request, origin}) => {
    for (const p of ['/open-platform/janus.d.ts', '/openapi/neptune.yaml', '/openapi/janus.yaml']) {
      const res = await get(request, origin, p);
      expect(res.status(), p).toBe(200);
      expect(res.headers()['content-type'], p).toBe('text/plain; charset=utf-8');
    }
    expect((await get(request, origin, '/sitemap.xml')).headers()['content-type']).toBe('text/xml; charset=utf-8');
  });
});

test.describe('take-away copies', () => {
  test('PDF manuals are application/pdf, revalidated, with the security headers', async ({request, origin}) => {
    for (const p of ['/pdf/neptune.pdf', '/pdf/open-platform.pdf']) {
      const res = await get(request, origin, p);
      expect(res.status(), p).toBe(200);
      expect(res.headers()['content-type'], p).toBe('application/pdf');
      expect(res.headers()['cache-control'], p).toBe('no-cache');
      expect(res.headers()['x-content-type-options'], p).toBe('nosniff');
      expect(res.headers()['content-encoding'], p).toBeUndefined();
      const body = await res.body();
      expect(body.length, p).toBe(fs.statSync(path.join(buildDir, p)).size);
      expect(body.subarray(0, 5).toString('latin1'), p).toBe('%PDF-');
      const again = await get(request, origin, p, {'if-none-match': res.headers()['etag']});
      expect(again.status(), `${p} with If-None-Match`).toBe(304);
    }
  });

  test('Markdown copies are text/markdown in UTF-8 (gzip when accepted), llms.txt and llms-full.txt UTF-8 text', async ({request, origin}) => {
    for (const p of ['/docs/neptune/user/quick-start.md', '/docs/lowcode/dev-HMI-app/dev-page-layout/alignment-&-index.md']) {
      const res = await get(request, origin, p, {'accept-encoding': 'gzip'});
      expect(res.status(), p).toBe(200);
      expect(res.headers()['content-type'], p).toBe('text/markdown; charset=utf-8');
      expect(res.headers()['cache-control'], p).toBe('no-cache');
      expect(res.headers()['content-encoding'], p).toBe('gzip');
      const text = await res.text();
      expect(text, p).toBe(fs.readFileSync(path.join(buildDir, decodeURIComponent(p)), 'utf8'));
      expect(text, p).toMatch(/^# \S/);
    }
    for (const p of ['/llms.txt', '/llms-full.txt']) {
      const res = await get(request, origin, p);
      expect(res.status(), p).toBe(200);
      expect(res.headers()['content-type'], p).toBe('text/plain; charset=utf-8');
      expect(await res.text(), p).toMatch(/^# 星联文档中心\n\n> /);
    }
    expect((await get(request, origin, '/docs/neptune/no-such-page.md')).status()).toBe(404);
  });
});

/**
 * The one violation the site is expected to cause: zod 4 (inside DocSearch 4.7's modal chunk) probes
 * once whether it may compile validators with `Function("")` and, refused by the CSP (no
 * 'unsafe-eval'), validates without compiling. Recognised by the probe's code in the reporting file.
 */
function isZodEvalProbe(v: Record<string, string>, origin: string): boolean {
  if (v.directive !== 'script-src' || v.blocked !== 'eval') return false;
  const source = v.source.replace(/:\d+$/, '');
  if (!source.startsWith(`${origin}/assets/js/`)) return false;
  const file = path.join(buildDir, new URL(source).pathname);
  return fs.existsSync(file) && /includes\("Cloudflare"\)\)return!1;try\{return Function\(""\),!0\}catch/.test(fs.readFileSync(file, 'utf8'));
}

/**
 * Watches a page for anything a reader's browser would complain about: CSP violations (event and
 * console), console errors, uncaught exceptions, failed requests, HTTP errors and requests to any
 * other host. `visit` navigates and waits for React to hydrate.
 */
async function watch(page: Page, origin: string) {
  const problems: string[] = [];
  let current = '(start)';
  // Counts documents committed in the main frame: a request belongs to the document that was
  // current when it started (requests of the previous page may start after goto() was called).
  let generation = 0;
  const requestGeneration = new WeakMap<Request, number>();
  const expectedErrors = new Set<string>();

  await page.exposeFunction('__nginxE2eCspViolation', (v: Record<string, string>) => {
    if (isZodEvalProbe(v, origin)) return;
    problems.push(`${current}: CSP violation of ${v.directive}: blocked ${v.blocked || '(inline)'} ${v.sample} at ${v.source}`);
  });
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        (window as unknown as {__nginxE2eCspViolation: (v: Record<string, string>) => void}).__nginxE2eCspViolation({
          directive: e.effectiveDirective,
          blocked: e.blockedURI,
          sample: e.sample,
          source: `${e.sourceFile}:${e.lineNumber}`,
        });
      },
      true,
    );
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) generation++;
  });
  page.on('console', (msg) => {
    const text = msg.text();
    // Chromium logs the expected 404 of the document itself.
    if (/^Failed to load resource: .*status of 404/.test(text) && expectedErrors.has(msg.location().url)) return;
    if (msg.type() === 'error' || /Content[- ]Security[- ]Policy|Permissions[- ]Policy/i.test(text)) {
      problems.push(`${current}: console ${msg.type()}: ${text}`);
    }
  });
  page.on('pageerror', (err) => problems.push(`${current}: uncaught ${err.message}`));
  page.on('request', (req) => {
    requestGeneration.set(req, generation);
    const u = new URL(req.url());
    if (u.protocol === 'data:' || u.protocol === 'blob:') return;
    if (u.origin !== origin) problems.push(`${current}: request to another host: ${req.url()}`);
  });
  // A page's prefetches still running when the crawl moves on are cancelled by the browser, and the
  // failure may be reported before the next document's commit. So aborted requests are judged at the
  // next checkpoint: by then, those of a replaced document are ignored; those of the current,
  // loaded and hydrated document are failures.
  let aborted: {req: Request; generation: number; page: string}[] = [];
  const checkpoint = () => {
    for (const a of aborted) {
      if (a.generation >= generation) problems.push(`${a.page}: request aborted: ${a.req.url()}`);
    }
    aborted = [];
  };
  page.on('requestfailed', (req) => {
    const error = req.failure()?.errorText ?? '';
    if (/ERR_ABORTED/.test(error) && !req.isNavigationRequest()) {
      aborted.push({req, generation: requestGeneration.get(req) ?? generation, page: current});
      return;
    }
    problems.push(`${current}: request failed (${error}): ${req.url()}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && !expectedErrors.has(res.url())) problems.push(`${current}: HTTP ${res.status()} for ${res.url()}`);
  });

  return {
    problems,
    async visit(p: string, expectedStatus = 200): Promise<void> {
      current = p;
      if (expectedStatus >= 400) expectedErrors.add(origin + p);
      const res = await page.goto(origin + p, {waitUntil: 'load'});
      if (res?.status() !== expectedStatus) problems.push(`${p}: status ${res?.status()} (expected ${expectedStatus})`);
      if (!res?.headers()['content-security-policy']) problems.push(`${p}: no Content-Security-Policy header`);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true', null, {timeout: 15_000});
      checkpoint();
    },
    /** Leaves the last page, so that its late messages are still attributed and its prefetches ignored. */
    async finish(): Promise<void> {
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
      checkpoint();
      current = '(after the last page)';
      await page.goto('about:blank');
      aborted = [];
    },
  };
}

test.describe('browser', () => {
  const paths = sitemapPaths();

  test('the sitemap lists every page', () => {
    expect(paths.length).toBeGreaterThanOrEqual(228);
    expect(paths).toContain('/');
    expect(paths).toContain(DOC);
  });

  chunk(paths, CRAWL_CHUNKS).forEach((part, i) => {
    test(`crawl ${i + 1}/${CRAWL_CHUNKS}: ${part.length} sitemap pages without CSP violations, errors or other hosts`, async ({page, origin, nginx}) => {
      test.setTimeout(240_000);
      const w = await watch(page, origin);
      for (const p of part) await w.visit(p);
      // Pages outside the sitemap: the search page and the 404 page.
      if (i === 0) await w.visit('/search?q=MQTT');
      if (i === 1) {
        await w.visit('/no-such-page', 404);
        await expect(page.getByRole('heading', {level: 1})).toHaveText(NOT_FOUND_TITLE);
      }
      await w.finish();
      expect(w.problems, nginx.errorLog()).toEqual([]);
    });
  });

  test('search and image zoom work under the CSP', async ({page, origin}) => {
    const w = await watch(page, origin);
    await w.visit(IMAGE_PAGE);
    // medium-zoom: its injected <style> must be allowed for the overlay to show.
    const image = page.locator('.markdown img').first();
    // docusaurus-plugin-image-zoom attaches medium-zoom a second after each route update.
    await expect(image).toHaveClass(/medium-zoom-image/);
    await image.click();
    await expect(page.locator('.medium-zoom-overlay')).toHaveCSS('opacity', '1');
    await page.keyboard.press('Escape');
    // The search modal and the embedded index (fetched from this origin).
    await openModal(page);
    await searchInput(page).fill('MQTT');
    await expect(hits(page).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await w.visit('/search?q=MQTT');
    await expect(page.locator('.main-wrapper article, .main-wrapper .container').getByText(/MQTT/).first()).toBeVisible();
    await w.finish();
    expect(w.problems).toEqual([]);
  });

  test.describe('offline reading', () => {
    test.use({serviceWorkers: 'allow'});
    // As in offline.spec.ts: the background download of some 2,800 files takes longer than the
    // default 30 s on a loaded 2-core runner (waitForEssentials itself allows 90 s).
    test.describe.configure({timeout: 150_000});

    test('the service worker installs under the CSP and serves a visited page offline', async ({page, context, origin}) => {
      const w = await watch(page, origin);
      await w.visit(DOC);
      await waitForServiceWorker(page);
      const manifest = await page.evaluate(async () => (await fetch(document.querySelector<HTMLLinkElement>('link[rel=manifest]')!.href)).json());
      expect(manifest.name).toBe('星联文档中心');
      // The background download of the build's JS, CSS and search index has completed.
      await waitForEssentials(page, buildDir);
      // The logo and favicon loaded before the worker took control are fetched again and kept.
      await expect
        .poll(() => page.evaluate(async () => Boolean((await caches.match('/img/logo.svg')) && (await caches.match('/img/favicon.svg')))), {timeout: 30_000})
        .toBe(true);
      await context.setOffline(true);
      await page.reload();
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true', null, {timeout: 15_000});
      await expect(page.locator('article h1')).toContainText('Neptune');
      await context.setOffline(false);
      await w.finish();
      expect(w.problems).toEqual([]);
    });
  });
});
