/**
 * 「下载 PDF 手册」 (plugins/pdf-manuals, src/manuals/PdfManualDownloads.tsx): each product's
 * introduction page and the home page link the manuals the build made, with their size; nothing
 * links a manual that is not there (build-hosted is built with PDF_MANUALS=off); the offline-reading
 * worker never keeps the manuals or the Markdown copies.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test, expect, type Page} from '@playwright/test';
import {gotoHydrated, waitForHydration} from './helpers';
import {waitForServiceWorker} from './offline-helpers';
import {formatFileSize} from '../src/manuals/downloadLinks';
import {manualProducts, manualTitle} from '../src/manuals/products';

const buildDir = path.join(__dirname, '..', 'build');
const hostedOrigin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`;

/** What the link must say about a manual: from the file itself. */
function facts(key: string): {bytes: number; pages: number; size: string} {
  const file = path.join(buildDir, 'pdf', `${key}.pdf`);
  const bytes = fs.statSync(file).size;
  const pages = Number(execFileSync('pdfinfo', [file], {encoding: 'utf8'}).match(/^Pages:\s+(\d+)$/m)![1]);
  return {bytes, pages, size: formatFileSize(bytes)};
}

/**
 * Console errors and uncaught exceptions while the page loads and hydrates (e.g. a hydration
 * mismatch). Not the service worker's registration, which this project blocks (playwright.config.ts).
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('registerSW failed') && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.describe('PDF 手册下载链接', () => {
  for (const product of manualProducts) {
    test(`${product.name}的简介页链接它的手册，写明页数与文件大小`, async ({page, request}) => {
      const errors = collectErrors(page);
      await gotoHydrated(page, `/docs/${product.introduction}`);
      const {bytes, pages, size} = facts(product.key);
      const box = page.locator('article .xl-pdf-manuals');
      await expect(box).toHaveText(`下载 PDF 手册（${manualTitle(product)}，${pages} 页，PDF ${size}）`);
      const link = box.getByRole('link', {name: '下载 PDF 手册'});
      await expect(link).toHaveAttribute('href', `/pdf/${product.key}.pdf`);
      await expect(link).toHaveAttribute('download', `${manualTitle(product)}.pdf`);
      const res = await request.get(`/pdf/${product.key}.pdf`);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/pdf');
      expect((await res.body()).length).toBe(bytes);
      // The link is there without a hydration mismatch: React leaves the filled-in markup alone.
      expect(errors).toEqual([]);
    });
  }

  test('首页列出六本手册；其他文档页没有下载链接', async ({page}) => {
    const errors = collectErrors(page);
    await gotoHydrated(page, '/');
    const section = page.locator('.xl-pdf-manuals');
    await expect(section.getByRole('heading', {level: 2, name: 'PDF 手册'})).toBeVisible();
    const links = section.getByRole('link', {name: /^下载 PDF 手册\s?：/});
    await expect(links).toHaveCount(6);
    for (const [i, product] of manualProducts.entries()) {
      await expect(links.nth(i)).toHaveAccessibleName(new RegExp(`^下载 PDF 手册\\s?：${product.name}$`));
      await expect(links.nth(i)).toHaveAttribute('href', `/pdf/${product.key}.pdf`);
      const {pages, size} = facts(product.key);
      await expect(section.locator('.xl-pdf-manual').nth(i)).toContainText(`${manualTitle(product)}下载 PDF 手册：${product.name}（${product.version}，${pages} 页，PDF ${size}）`);
    }
    expect(errors).toEqual([]);
    await gotoHydrated(page, '/docs/neptune/user/quick-start');
    await expect(page.getByRole('link', {name: /下载 PDF 手册/})).toHaveCount(0);
  });

  test('在站内跳转到简介页时链接同样出现', async ({page}) => {
    await gotoHydrated(page, '/');
    await page.getByRole('link', {name: /Janus\s*边缘计算系统软件/}).first().click();
    await expect(page).toHaveURL('/docs/janus/user/introduction');
    const {pages, size} = facts('janus');
    await expect(page.locator('article .xl-pdf-manuals')).toHaveText(`下载 PDF 手册（Janus 边缘计算系统软件用户手册，${pages} 页，PDF ${size}）`);
  });

  test('没有生成手册的构建（build-hosted，PDF_MANUALS=off）不链接任何 PDF', async ({page}) => {
    expect(fs.existsSync(path.join(__dirname, '..', 'build-hosted', 'pdf'))).toBe(false);
    for (const p of ['/', '/docs/neptune/user/introduction', '/docs/lowcode/hmi']) {
      await page.goto(hostedOrigin + p);
      await waitForHydration(page);
      await expect(page.locator('a[href$=".pdf"]')).toHaveCount(0);
      await expect(page.getByText('下载 PDF 手册')).toHaveCount(0);
    }
    // The home page keeps no empty section for them.
    await expect(page.locator('.xl-pdf-manuals')).toBeEmpty();
    await expect(page.locator('.xl-pdf-manuals')).toBeHidden();
  });
});

test.describe('离线阅读与手册', () => {
  test.use({serviceWorkers: 'allow'});

  test('Service Worker 不保存 PDF 手册和 Markdown 副本', async ({page}) => {
    await gotoHydrated(page, '/docs/automation/work-flow-intro');
    await waitForServiceWorker(page);
    const fetched = await page.evaluate(async () => {
      const sizes = [];
      for (const p of ['/pdf/automation.pdf', '/docs/automation/work-flow-intro.md', '/llms.txt']) sizes.push((await (await fetch(p)).arrayBuffer()).byteLength);
      // Let the worker finish anything it would store.
      await new Promise((r) => setTimeout(r, 1500));
      const kept = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) kept.push(new URL(req.url).pathname);
      }
      return {sizes, kept};
    });
    expect(fetched.sizes[0]).toBe(fs.statSync(path.join(buildDir, 'pdf/automation.pdf')).size);
    expect(fetched.sizes[1]).toBeGreaterThan(1000);
    expect(fetched.kept.length).toBeGreaterThan(0);
    expect(fetched.kept.filter((p) => /\.(pdf|md)$|llms/.test(p))).toEqual([]);
  });
});
