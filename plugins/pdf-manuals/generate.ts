import {execFile} from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {PDFDocument} from '@cantoo/pdf-lib';
import type {Browser} from 'playwright-core';
import {chromiumArgs} from '../../scripts/lib/chromium';
import {manualPath, manualTitle, VENDOR, type ManualKey} from '../../src/manuals/products';
import type {ManualPlan} from '../../src/manuals/readingOrder';
import {bookEntries, buildBook, builtHtmlFile, frontMatterHtml, type BookDoc} from './book';
import {finishManual, namedDestinations} from './finish';
import {charactersOf, printFonts, type PrintFonts} from './fonts';
import {printHtml} from './print';

export interface BuiltManual {
  key: ManualKey;
  /** Site-relative path (pdf/neptune.pdf). */
  file: string;
  bytes: number;
  pages: number;
}

export interface GenerateOptions {
  outDir: string;
  siteUrl: string;
  plans: ManualPlan[];
  docs: Map<string, BookDoc>;
  chromiumPath: string;
  /** The date on the covers and in the PDF information. */
  date: Date;
  /** How many manuals are printed at the same time (Chromium renders each in its own process). */
  concurrency?: number;
  /** Where the TrueType copies of the print fonts are kept between builds (see ./fonts.ts). */
  fontCacheDir: string;
}

export type GenerateResult = {skipped: string} | {manuals: BuiltManual[]; seconds: number; fonts: PrintFonts};

/** YYYY-MM-DD of a date in China Standard Time (the vendor's and the readers' calendar). */
export function formatDate(date: Date): string {
  return new Intl.DateTimeFormat('sv-SE', {timeZone: 'Asia/Shanghai'}).format(date);
}

const cannotStart = (chromiumPath: string, detail: string) =>
  `Chromium（${chromiumPath}）无法启动，已跳过 PDF 手册（${detail}）；修复后重新运行 npm run build 即在 build/pdf/ 生成 6 本手册。`;

/**
 * Why the manuals cannot be made here, as the one line the build prints; null when they can.
 * Asked before the print fonts are prepared (./fonts.ts), which Chromium needs when it starts.
 */
export async function unavailableReason(chromiumPath: string): Promise<string | null> {
  const executable = await fs.access(chromiumPath, fs.constants.X_OK).then(() => true, () => false);
  if (executable) {
    const runs = await promisify(execFile)(chromiumPath, ['--version'], {timeout: 60_000}).then(
      () => null,
      (error: Error) => error.message.split('\n')[0],
    );
    return runs && cannotStart(chromiumPath, runs);
  }
  return `未找到 Chromium（${chromiumPath}），已跳过 PDF 手册：站点照常生成，页面上不显示「下载 PDF 手册」。安装 Chromium 与中文字体（Debian：apt-get install chromium fonts-noto-cjk python3-fonttools，或用 CHROMIUM_PATH 指定浏览器）后重新运行 npm run build，即在 build/pdf/ 生成 6 本手册。`;
}

/**
 * Every character the manuals show, for their print fonts: their pages as built (the site's
 * navigation included, a few characters too many do no harm), the figures, covers and 目录.
 * Read before Chromium starts, so the books are made while it prints.
 */
async function manualCharacters({plans, docs, outDir, siteUrl, date}: GenerateOptions): Promise<string> {
  const pages = [...new Set(plans.flatMap((plan) => plan.pages))];
  const htmls = await Promise.all(pages.map((id) => fs.readFile(builtHtmlFile(outDir, docs.get(id)!.permalink), 'utf8')));
  const fronts = plans.map((plan) =>
    frontMatterHtml({plan, entries: bookEntries(plan), pageOf: () => 0, siteUrl, buildDate: formatDate(date), stylesheets: []}),
  );
  return charactersOf([...htmls, ...fronts], outDir);
}

async function makeManual(browser: Browser, plan: ManualPlan, options: GenerateOptions): Promise<BuiltManual> {
  const {outDir, siteUrl, docs, date} = options;
  const book = await buildBook({plan, docs, outDir, siteUrl});
  const body = await PDFDocument.load(await printHtml(browser, book.bodyHtml, outDir), {updateMetadata: false});
  const destinations = namedDestinations(body);
  const pageOf = (anchor: string) => {
    const index = destinations.get(anchor);
    if (index === undefined) throw new Error(`${plan.product.key}.pdf：找不到「${anchor}」所在的页`);
    return index + 1;
  };
  const front = await printHtml(
    browser,
    frontMatterHtml({plan, entries: book.entries, pageOf, siteUrl, buildDate: formatDate(date), stylesheets: book.stylesheets}),
    outDir,
  );
  const {product} = plan;
  const {pdf, pages} = await finishManual({
    body,
    front,
    entries: book.entries,
    title: manualTitle(product),
    subject: `${product.name}（${product.version}）：${product.contents}`,
    keywords: [product.name, product.version, VENDOR, '用户手册'],
    author: VENDOR,
    date,
  });
  const file = manualPath(product.key);
  await fs.mkdir(path.join(outDir, path.dirname(file)), {recursive: true});
  await fs.writeFile(path.join(outDir, file), pdf);
  return {key: product.key, file, bytes: pdf.length, pages};
}

/** The six PDF manuals in build/pdf/, or why they were skipped. */
export async function generateManuals(options: GenerateOptions): Promise<GenerateResult> {
  const reason = await unavailableReason(options.chromiumPath);
  if (reason) return {skipped: reason};
  const started = performance.now();
  const fonts = await printFonts(await manualCharacters(options), options.fontCacheDir);
  const env = 'fontconfigFile' in fonts ? {...process.env, FONTCONFIG_FILE: fonts.fontconfigFile} : process.env;
  const {chromium} = await import('playwright-core');
  let browser: Browser;
  try {
    browser = await chromium.launch({executablePath: options.chromiumPath, args: chromiumArgs, env});
  } catch (error) {
    return {skipped: cannotStart(options.chromiumPath, String((error as Error).message).split('\n')[0])};
  }
  try {
    const queue = [...options.plans];
    const manuals: BuiltManual[] = [];
    const worker = async () => {
      for (let plan = queue.shift(); plan; plan = queue.shift()) manuals.push(await makeManual(browser, plan, options));
    };
    await Promise.all(Array.from({length: options.concurrency ?? 2}, worker));
    const order = options.plans.map((p) => p.product.key);
    manuals.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
    return {manuals, seconds: (performance.now() - started) / 1000, fonts};
  } finally {
    await browser.close();
  }
}
