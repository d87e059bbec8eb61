import fs from 'node:fs/promises';
import path from 'node:path';
import type {Browser} from 'playwright-core';

/** The origin the books are printed under: root-relative links and files resolve against it. */
const ORIGIN = 'https://xl-manual.invalid';
const BOOK_CSS = path.join(__dirname, 'book.css');

/**
 * Prints one HTML document to PDF with the site's Chromium (A4, the sizes and margins of
 * book.css). Its files (stylesheets, images) come from the built site; any other request is
 * refused, so printing never reaches the network.
 */
export async function printHtml(browser: Browser, html: string, siteDir: string): Promise<Buffer> {
  const outDir = path.resolve(siteDir); // Docusaurus passes it with a trailing slash
  const context = await browser.newContext({colorScheme: 'light', javaScriptEnabled: false});
  const missing: string[] = [];
  try {
    const page = await context.newPage();
    await page.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== ORIGIN) return route.abort('blockedbyclient');
      if (url.pathname === '/__xl-manual/book.html') return route.fulfill({body: html, contentType: 'text/html; charset=utf-8'});
      if (url.pathname === '/__xl-manual/book.css') return route.fulfill({path: BOOK_CSS, contentType: 'text/css'});
      const file = path.join(outDir, decodeURIComponent(url.pathname));
      if (!file.startsWith(outDir + path.sep) || !(await fs.stat(file).catch(() => null))?.isFile()) {
        missing.push(url.pathname);
        return route.fulfill({status: 404, body: ''});
      }
      return route.fulfill({path: file});
    });
    await page.goto(`${ORIGIN}/__xl-manual/book.html`, {waitUntil: 'load'});
    if (missing.length) throw new Error(`打印 PDF 手册时缺少文件：${missing.join('、')}`);
    return await page.pdf({preferCSSPageSize: true, printBackground: true});
  } finally {
    await context.close();
  }
}
