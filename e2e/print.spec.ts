import {execFileSync, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test, expect, type Page} from '@playwright/test';
import {gotoHydrated} from './helpers';

// Printing a doc page (src/css/custom.css, @media print): the content only, code wrapped, links
// readable, light colours from dark mode. Checked with print emulation (computed styles) and with
// a real PDF from Chromium, read back with pdftotext (Debian package poppler-utils).

/** A doc page with sidebar, TOC, a table, admonitions and a JSON block with a 251-character line. */
const DOC = '/docs/neptune/user/add-panel';
const SOURCE = path.join(__dirname, '..', 'docs', 'neptune', 'user', 'add-panel.md');

const PDFTOTEXT = 'pdftotext';
const havePdftotext = spawnSync(PDFTOTEXT, ['-v']).status === 0;

/** The longest line inside a fenced code block of the page source. */
function longestCodeLine(): string {
  let inFence = false;
  let longest = '';
  for (const line of fs.readFileSync(SOURCE, 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    else if (inFence && line.length > longest.length) longest = line;
  }
  return longest.trim();
}

async function useDarkMode(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
}

/** Per selector: computed display of each match, and whether it is rendered at all. */
async function boxes(page: Page, selectors: string[]): Promise<Record<string, {display: string; rendered: boolean}[]>> {
  return page.evaluate((sels) => {
    const out: Record<string, {display: string; rendered: boolean}[]> = {};
    for (const s of sels) {
      out[s] = [...document.querySelectorAll(s)].map((e) => ({
        display: getComputedStyle(e).display,
        rendered: e.getClientRects().length > 0,
      }));
    }
    return out;
  }, selectors);
}

/** Page regions that must not be printed (computed display: none); each is on the page on screen. */
const regions = {
  navbar: '.navbar',
  'announcement bar': '.theme-announcement-bar',
  'skip link': 'a[class*="skipToContent"]',
  sidebar: '.theme-doc-sidebar-container',
  'desktop TOC': '.theme-doc-toc-desktop',
  'mobile TOC': '.theme-doc-toc-mobile',
  breadcrumbs: '.theme-doc-breadcrumbs',
  pagination: '.pagination-nav',
  footer: 'footer',
  'back-to-top button': '.theme-back-to-top-button',
};
/** Controls that must not be printed, by themselves or with their region. */
const controls = {
  'search button': '.DocSearch-Button',
  'colour mode toggle': '.navbar button[class*="toggleButton"]',
  'sidebar collapse button': '.theme-doc-sidebar-container button',
  'heading anchors': 'article .hash-link',
  'code block buttons': 'article .theme-code-block button',
};

test.describe('print stylesheet (print media emulation)', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`site chrome hidden, article full width, code and tables wrapped (${mode})`, async ({page}) => {
      if (mode === 'dark') await useDarkMode(page);
      await gotoHydrated(page, DOC);
      const all = {...regions, ...controls};
      const onScreen = await boxes(page, Object.values(all));
      for (const [name, sel] of Object.entries(all)) {
        expect(onScreen[sel].length, `${name} (${sel}) exists on the page`).toBeGreaterThan(0);
      }

      await page.emulateMedia({media: 'print'});
      const printed = await boxes(page, Object.values(all));
      for (const [name, sel] of Object.entries(regions)) {
        expect(printed[sel].map((b) => b.display), `${name} (${sel}): display none in print`).toEqual(
          printed[sel].map(() => 'none'),
        );
      }
      for (const [name, sel] of Object.entries(all)) {
        expect(printed[sel].filter((b) => b.rendered), `${name} (${sel}) is not printed`).toEqual([]);
      }
      // The article column takes the full width (on screen the TOC column has a quarter of it).
      const layout = await page.evaluate(() => ({
        article: document.querySelector('article')!.getBoundingClientRect().width,
        container: document.querySelector('main .container')!.getBoundingClientRect().width,
      }));
      expect(layout.article, 'the article takes the page width').toBeGreaterThan(layout.container * 0.9);

      // Code: wrapped, nothing cut off at the right edge.
      const code = await page.locator('article pre').evaluateAll((pres) =>
        pres.map((pre) => ({
          whiteSpace: getComputedStyle(pre).whiteSpace,
          codeWhiteSpace: getComputedStyle(pre.querySelector('code')!).whiteSpace,
          overflowWrap: getComputedStyle(pre).overflowWrap,
          overflowing: pre.scrollWidth > pre.clientWidth + 1,
        })),
      );
      expect(code.length).toBeGreaterThan(0);
      for (const c of code) {
        expect(c).toEqual({whiteSpace: 'pre-wrap', codeWhiteSpace: 'pre-wrap', overflowWrap: 'anywhere', overflowing: false});
      }
      // Code lines keep the block's padding (not only the first line).
      const indents = await page.locator('article pre').first().evaluate((pre) => {
        const box = pre.getBoundingClientRect().left;
        return [...pre.querySelectorAll('.token-line')].slice(0, 5).map((l) => l.getBoundingClientRect().left - box);
      });
      for (const indent of indents) expect(indent, 'code line inset from the box edge').toBeGreaterThanOrEqual(8);
      // Tables: a table box on paper (it scrolls on screen), fitting the article; inline code in
      // cells (keys, types) never breaks inside an identifier.
      const table = await page.locator('article table').first().evaluate((t) => ({
        display: getComputedStyle(t).display,
        fits: t.getBoundingClientRect().right <= document.querySelector('article')!.getBoundingClientRect().right + 1,
        codeWhiteSpace: getComputedStyle(t.querySelector('code')!).whiteSpace,
        cellWrap: getComputedStyle(t.querySelector('td')!).overflowWrap,
      }));
      expect(table).toEqual({display: 'table', fits: true, codeWhiteSpace: 'nowrap', cellWrap: 'normal'});
    });
  }

  test('links: external ones show their address, internal and anchor links do not; all are underlined', async ({page}) => {
    await gotoHydrated(page, DOC);
    // The docs link only within the site; add an external link to the rendered article.
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.innerHTML = '参见<a id="ext" href="https://www.example.com/manual/v2">设备手册</a>。';
      document.querySelector('article .markdown')!.append(p);
    });
    await page.emulateMedia({media: 'print'});
    const after = (sel: string) =>
      page.locator(sel).first().evaluate((a) => ({
        after: getComputedStyle(a, '::after').content,
        underline: getComputedStyle(a).textDecorationLine,
        colour: getComputedStyle(a).color,
      }));
    expect(await after('#ext')).toMatchObject({after: '" (https://www.example.com/manual/v2)"', underline: 'underline'});
    const internal = await after('article .markdown a[href^="/docs/"]');
    expect(internal).toMatchObject({after: 'none', underline: 'underline'});
    // Link ink on paper: the light primary colour (6.7:1 on white).
    expect(internal.colour).toBe('rgb(11, 92, 173)');
    // A table-of-contents style anchor link within the page.
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.innerHTML = '<a id="anchor" href="#faq">常见问题</a>';
      document.querySelector('article .markdown')!.append(p);
    });
    expect((await after('#anchor')).after).toBe('none');
  });

  test('printing from dark mode uses light page colours (no light text on white paper)', async ({page}) => {
    await useDarkMode(page);
    await gotoHydrated(page, DOC);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const colours = () =>
      page.evaluate(() => {
        const css = (sel: string, prop: 'color' | 'backgroundColor') => getComputedStyle(document.querySelector(sel)!)[prop];
        return {
          page: css('html', 'backgroundColor'),
          text: css('article p', 'color'),
          heading: css('article h1', 'color'),
          codeBackground: css('article pre', 'backgroundColor'),
          link: css('article .markdown a[href^="/docs/"]', 'color'),
          codeText: css('article pre', 'color'),
          codeTokens: [...new Set([...document.querySelectorAll('article pre [style]')].map((e) => getComputedStyle(e).color))],
          admonition: css('article .theme-admonition', 'backgroundColor'),
          tableBorder: getComputedStyle(document.querySelector('article td')!).borderTopColor,
        };
      });
    const screen = await colours();
    expect(screen.page, 'dark on screen').toBe('rgb(27, 27, 29)');

    await page.emulateMedia({media: 'print'});
    // Polled: link colours have a short transition after the media change.
    await expect.poll(colours).toEqual({
      page: 'rgb(255, 255, 255)',
      text: 'rgb(28, 30, 33)',
      heading: 'rgb(28, 30, 33)',
      codeBackground: 'rgb(246, 248, 250)',
      link: 'rgb(11, 92, 173)',
      codeText: 'rgb(31, 35, 40)',
      // Syntax colours stay, in the light palette (src/css/custom.css --xl-code-*).
      codeTokens: expect.arrayContaining(['rgb(31, 35, 40)', 'rgb(5, 80, 174)']),
      admonition: expect.stringMatching(/^rgb\((2[3-5]\d), (2[3-5]\d), (2[3-5]\d)\)$/),
      tableBorder: 'rgb(218, 221, 225)',
    });

    const lightPalette = ['#1f2328', '#57606a', '#b3261e', '#0a3069', '#6639ba', '#0550ae', '#116329', '#953800', '#82071e', '#424a53'].map(
      (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`,
    );
    for (const colour of (await colours()).codeTokens) expect(lightPalette, colour).toContain(colour);

    // Back on screen, dark mode is untouched.
    await page.emulateMedia({media: 'screen'});
    await expect.poll(colours).toEqual(screen);
  });
});

test.describe('print to PDF (Chromium) and read back with pdftotext', () => {
  test.skip(
    !havePdftotext && !process.env.CI,
    'pdftotext is not installed (apt-get install poppler-utils; npm test installs it): the PDF tests are skipped',
  );

  for (const mode of ['light', 'dark'] as const) {
    test(`doc page PDF has the content only, with the long code line complete (${mode})`, async ({page}, testInfo) => {
      if (mode === 'dark') await useDarkMode(page);
      await gotoHydrated(page, DOC);
      const pdfPath = testInfo.outputPath(`add-panel-${mode}.pdf`);
      await page.pdf({path: pdfPath, format: 'A4'});
      await testInfo.attach(`add-panel-${mode}.pdf`, {path: pdfPath, contentType: 'application/pdf'});
      const text = execFileSync(PDFTOTEXT, ['-raw', '-enc', 'UTF-8', pdfPath, '-'], {encoding: 'utf8'});
      fs.writeFileSync(testInfo.outputPath(`add-panel-${mode}.txt`), text);
      const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
      // pdftotext breaks lines where the PDF wraps them: compare without whitespace.
      const flat = text.replace(/\s+/g, '');
      const has = (s: string) => flat.includes(s.replace(/\s+/g, ''));
      const count = (s: string) => flat.split(s.replace(/\s+/g, '')).length - 1;

      // The page starts with the doc title: nothing of the navbar, announcement or breadcrumbs above it.
      expect(lines[0]).toBe('添加面板');
      // Body text, a table, a note and the last section are all there.
      for (const s of [
        '下面用大约 30 分钟搭一个挂在车间大屏上的标准面板“二号车间总览”',
        '观众要回答的问题',
        '哪台设备今天停得最多',
        '分享链接对拿到它的任何人都有效。',
        '面板对所有人显示同一内容、同一个默认时间范围，访客只是看不到「下发」等操作按钮。',
        '装配车间需要同样的面板时，不必从头搭建',
      ]) {
        expect(has(s), `printed: ${s}`).toBe(true);
      }

      // None of the chrome: announcement, navbar, sidebar, TOC, footer, skip link.
      for (const s of [
        'Neptune 2.9 已于 2025-03-20 正式发布', // announcement bar
        '查看 2.9 发布说明',
        '星联文档中心', // navbar title
        '低代码流程图控制软件', // navbar items
        '边缘计算系统软件',
        '工业云平台及服务',
        '简体中文', // locale dropdown
        '产品简介', // sidebar entries
        '注册与团队',
        'Triton 部署',
        '收起侧边栏',
        '本页总览', // mobile TOC title
        '跳到主要内容',
        'Copyright © 2008-2025', // footer
        '联系技术支持',
      ]) {
        expect(has(s), `not printed: ${s}`).toBe(false);
      }
      // Each heading appears once: in the article, not again in a printed TOC.
      for (const h of ['先规划，再动手', '第一行：四个指标卡片', '第三行：状态时间轴与告警']) {
        expect(count(h), `${h} printed once`).toBe(1);
      }

      // The 251-character code line is printed completely, wrapped over several lines (not cut).
      const long = longestCodeLine();
      expect(long.length).toBeGreaterThan(200);
      expect(has(long), `long code line complete in the PDF: ${long}`).toBe(true);
      expect(lines.some((l) => l.includes(long)), 'the long line is wrapped on paper').toBe(false);
    });
  }
});

test.describe('printed tables keep keys and words whole (pdftotext)', () => {
  test.skip(
    !havePdftotext && !process.env.CI,
    'pdftotext is not installed (apt-get install poppler-utils; npm test installs it): the PDF tests are skipped',
  );

  test('configure-triton: every key and type of its parameter tables reads back on one line', async ({page}, testInfo) => {
    const url = '/docs/triton/deploy/configure-triton';
    await gotoHydrated(page, url);
    // The keys and types as the tables show them (inline code in the first two columns).
    const cells = await page.locator('article table').evaluateAll((tables) =>
      tables.flatMap((t) =>
        [...t.querySelectorAll('tbody tr')].flatMap((tr) =>
          [...tr.querySelectorAll('td')].slice(0, 2).map((td) => (td.textContent ?? '').trim()),
        ),
      ),
    );
    const keys = [...new Set(cells.filter((c) => /^[a-z][a-z0-9_.]*$/.test(c)))];
    expect(keys.length).toBeGreaterThan(20);
    // The tables list whole dotted keys (device.name, local.modbus_tcp.timeout_ms), not section-relative names.
    expect(keys).toEqual(expect.arrayContaining(['string', 'bool', 'device.name', 'local.modbus_tcp.timeout_ms']));
    expect(keys.some((k) => k.includes('_')), 'keys with underscores are among them').toBe(true);

    const pdfPath = testInfo.outputPath('configure-triton.pdf');
    await page.pdf({path: pdfPath, format: 'A4'});
    const text = execFileSync(PDFTOTEXT, ['-raw', '-enc', 'UTF-8', pdfPath, '-'], {encoding: 'utf8'});
    fs.writeFileSync(testInfo.outputPath('configure-triton.txt'), text);
    const words = new Set(text.split(/\s+/));
    const broken = keys.filter((k) => !words.has(k));
    expect(broken, 'keys and types printed in pieces').toEqual([]);
  });
});
