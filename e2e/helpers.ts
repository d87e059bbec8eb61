import fs from 'node:fs';
import path from 'node:path';
import {expect, type Locator, type Page, type Route} from '@playwright/test';

/** Landing pages used across the shell tests (written by the lead, not drafts). */
export const pages = {
  neptuneIntro: '/docs/neptune/user/introduction',
  janusIntro: '/docs/janus/user/introduction',
  janusApiIntro: '/docs/janus/api/introduction',
  lowcodeHmi: '/docs/lowcode/hmi',
  automationIntro: '/docs/automation/work-flow-intro',
  markdownPage: '/markdown-page',
} as const;

/** The entry page of each sidebar (spec §2: "Sidebar entry links"). */
export const sidebarEntry: Record<string, string> = {
  neptune: '/docs/neptune/user/introduction',
  janus: '/docs/janus/user/introduction',
  lowcode: '/docs/lowcode/hmi',
  automation: '/docs/automation/work-flow-intro',
};

export const docSidebar = (page: Page): Locator => page.locator('.theme-doc-sidebar-container');
export const colourToggle = (page: Page): Locator =>
  page.getByRole('button', {name: /^切换浅色\/暗黑模式/});

/** Docusaurus sets data-has-hydrated on <html> once React has hydrated the page. */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
}

/**
 * Client-side navigation through React Router (the app listens to popstate), as a click on an
 * internal link would do, but to any path. Waits until the target doc or page is rendered.
 */
export async function clientNavigate(page: Page, url: string): Promise<void> {
  await page.evaluate((u) => {
    window.history.pushState({}, '', u);
    window.dispatchEvent(new PopStateEvent('popstate', {state: {}}));
  }, url);
  const docId = url.match(/^\/docs\/(.+)$/)?.[1];
  if (docId) {
    const escaped = docId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(page.locator('html')).toHaveClass(new RegExp(`docs-doc-id-${escaped}(\\s|$)`));
  } else {
    await expect(page).toHaveURL((u) => u.pathname === url);
  }
}

export async function htmlTheme(page: Page): Promise<{theme: string | null; choice: string | null}> {
  return page.evaluate(() => ({
    theme: document.documentElement.getAttribute('data-theme'),
    choice: document.documentElement.getAttribute('data-theme-choice'),
  }));
}

// ---------------------------------------------------------------------------------------------
// Route fixture (copy of ../shared/routes.tsv)

export type RouteRow = {id: string; route: string; sidebar: string | null};

export function readRoutes(): RouteRow[] {
  const file = path.join(__dirname, 'fixtures', 'routes.tsv');
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [id, sidebar] = l.split('\t').map((s) => s.trim());
      return {id, route: `/docs/${id}`, sidebar: sidebar === '-' ? null : sidebar};
    });
}

/**
 * A deterministic sample of about `n` routes spread across the file (which is sorted by id, so
 * the spread covers every product area), plus every page with no sidebar up to `extraNoSidebar`
 * and any id with characters that need care in URLs (`&`, capitals).
 */
export function sampleRoutes(n = 20, extraNoSidebar = 3): RouteRow[] {
  const rows = readRoutes();
  const step = Math.max(1, Math.floor(rows.length / n));
  const picked = new Map<string, RouteRow>();
  for (let i = 0; i < rows.length && picked.size < n; i += step) picked.set(rows[i].id, rows[i]);
  for (const r of rows.filter((r) => r.sidebar === null).slice(0, extraNoSidebar)) picked.set(r.id, r);
  const special = rows.find((r) => r.id.includes('&'));
  if (special) picked.set(special.id, special);
  return [...picked.values()];
}

// ---------------------------------------------------------------------------------------------
// Chunk interception: find the content chunk of a doc by its permalink and rewrite it.

/** True for the MDX content chunk of the doc at `permalink` (it embeds the doc metadata). */
export function isContentChunkOf(body: string, permalink: string): boolean {
  return body.includes(`"permalink":"${permalink}"`) && body.includes('contentTitle');
}

export type ChunkRewrite = (body: string) => string | 'abort';

/**
 * Intercept every JS chunk; the content chunk of `permalink` is passed to `rewrite`, which
 * returns the new body or 'abort' to make the request fail (as a dropped connection would).
 */
export async function interceptContentChunk(
  page: Page,
  permalink: string,
  rewrite: ChunkRewrite,
): Promise<void> {
  await page.route('**/assets/js/*.js', async (route: Route) => {
    let body: string;
    let response;
    try {
      response = await route.fetch();
      body = await response.text();
    } catch {
      // The page dropped the request (e.g. a cancelled prefetch) while it was being fetched.
      await route.abort().catch(() => {});
      return;
    }
    if (!isContentChunkOf(body, permalink)) {
      await route.fulfill({response, body}).catch(() => {});
      return;
    }
    const out = rewrite(body);
    if (out === 'abort') await route.abort('connectionreset').catch(() => {});
    else await route.fulfill({response, body: out}).catch(() => {});
  });
}

/**
 * Makes the MDX content component throw during render: MDX compiles every page to a component
 * whose first statement merges `props.components`; a throw is inserted right after it.
 */
export function injectRenderThrow(body: string, statement: string): string {
  const re = /(\.\.\.[\w$]+\.components\};)/g;
  if (!re.test(body)) throw new Error('MDX content component not found in chunk');
  return body.replace(re, `$1${statement}`);
}

// ---------------------------------------------------------------------------------------------
// Doc discovery for code-highlighting tests.

/** Routes of docs (and /markdown-page) whose source has a fenced code block in `lang`. */
export function pagesWithCodeLanguage(lang: string): string[] {
  const root = path.join(__dirname, '..');
  const fence = new RegExp('^\\s*(```|~~~)' + lang.replace(/[-]/g, '\\-') + '(\\s|$)', 'm');
  const found: string[] = [];
  const mdPage = path.join(root, 'src', 'pages', 'markdown-page.md');
  if (fs.existsSync(mdPage) && fence.test(fs.readFileSync(mdPage, 'utf8'))) found.push('/markdown-page');
  const docsDir = path.join(root, 'docs');
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.mdx?$/.test(e.name)) {
        const src = fs.readFileSync(p, 'utf8');
        if (!fence.test(src) || /^slug:/m.test(src)) continue;
        found.push('/docs/' + path.relative(docsDir, p).replace(/\\/g, '/').replace(/\.mdx?$/, ''));
      }
    }
  };
  if (fs.existsSync(docsDir)) walk(docsDir);
  return found;
}

// ---------------------------------------------------------------------------------------------
// English-leftover detection.

/** Product names, protocols and key names that are legitimately Latin-script in the UI. */
export const allowedLatinWords = new Set(
  [
    'Neptune', 'Janus', 'Triton', 'Lowcode', 'Automation', 'HMI', 'API', 'MQTT', 'Open', 'Go', 'Linux',
    'Windows', 'WinCE', 'CPAC', 'eVC', 'Copyright', 'Ctrl', 'CtrlK', 'Control', 'Algolia', 'Esc', 'Enter', 'Tab',
    'Shift', 'Alt', 'Cmd', 'IO', 'PLC', 'REST', 'JSON', 'TOML', 'SDK', 'Web', 'HTTP', 'Modbus', 'TCP',
    'RTU', 'STOMP', 'SockJS', 'WebSocket', 'MES', 'ERP', 'BI', 'OpenAPI', 'Next', 'SVG', 'ID',
    'support', 'example', 'com', 'mailto',
  ].map((w) => w.toLowerCase()),
);

export function englishWords(text: string): string[] {
  return (text.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? []).filter(
    (w) => !allowedLatinWords.has(w.toLowerCase()),
  );
}

/**
 * UI strings of the site chrome: visible text of navbar, footer, announcement bar, breadcrumbs
 * (minus the current doc's own label), pagination sub-labels, sidebar category labels and
 * buttons, every button, and aria-label/title/placeholder attributes outside the Markdown body;
 * with scanMain, all text of <main> too (pages that are entirely UI, such as the 404 page).
 * Doc titles and headings (content) are left out; heading anchors are checked by template.
 */
export async function collectChromeStrings(
  page: Page,
  {scanMain = false}: {scanMain?: boolean} = {},
): Promise<{where: string; text: string}[]> {
  return page.evaluate((scanMainText) => {
    const out: {where: string; text: string}[] = [];
    const visible = (el: Element) => {
      const r = (el as HTMLElement).getBoundingClientRect();
      const s = getComputedStyle(el as HTMLElement);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
    };
    const push = (where: string, text: string | null | undefined) => {
      const t = (text ?? '').replace(/\s+/g, ' ').trim();
      if (t) out.push({where, text: t});
    };
    const textOf = (sel: string, where: string) =>
      document.querySelectorAll(sel).forEach((el) => visible(el) && push(where, (el as HTMLElement).innerText));

    textOf('.navbar', 'navbar');
    textOf('.navbar-sidebar', 'mobile menu');
    textOf('footer', 'footer');
    textOf('.theme-announcement-bar', 'announcement bar');
    textOf('.breadcrumbs__item:not(.breadcrumbs__item--active)', 'breadcrumbs');
    textOf('.pagination-nav__sublabel', 'pagination');
    textOf('.theme-doc-sidebar-item-category > .menu__list-item-collapsible > .menu__link', 'sidebar category');
    textOf('.theme-doc-toc-mobile > button, .theme-doc-toc-mobile summary', 'mobile TOC');
    textOf('button', 'button');
    textOf('.theme-admonition .admonitionHeading, [class*="admonitionHeading"]', 'admonition heading');
    // The 404 and error pages are all UI text.
    if (scanMainText) textOf('main', 'main');

    document.querySelectorAll('[aria-label], [title], [placeholder]').forEach((el) => {
      for (const attr of ['aria-label', 'title', 'placeholder']) {
        const v = el.getAttribute(attr);
        if (!v) continue;
        if (el.classList.contains('hash-link')) {
          // "{heading}的直接链接": the heading itself is content; check the template only.
          push(`hash-link ${attr}`, v.endsWith('的直接链接') ? '' : v);
          continue;
        }
        if (el.tagName === 'LINK' || el.tagName === 'META') continue;
        if (el.closest('.markdown') && !el.closest('button, .hash-link')) continue;
        // Sidebar toggles repeat the category label ("展开侧边栏分类 '{label}'"): drop the label.
        const label = el.closest('.menu__list-item-collapsible')?.querySelector('.menu__link')?.textContent;
        push(`${el.tagName.toLowerCase()}[${attr}]`, label ? v.split(label).join('') : v);
      }
    });
    return out;
  }, scanMain);
}
