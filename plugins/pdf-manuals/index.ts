import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {chromiumExecutable} from '../../scripts/lib/chromium';
import {docsForManuals, type DocsForManuals} from '../../src/manuals/fromDocs';
import type {ManualFiles} from '../../src/manuals/downloadLinks';
import type {PrintFonts} from './fonts';

export interface PdfManualsOptions {
  /** The browser that prints (default: the project's Chromium, CHROMIUM_PATH or /usr/bin/chromium). */
  chromiumPath?: string;
}

/** Set PDF_MANUALS=off to build without them (the second, hosted-search build of `npm test`). */
export const manualsDisabled = (env: NodeJS.ProcessEnv): boolean => /^(off|0|false|no)$/i.test(env.PDF_MANUALS ?? '');

/**
 * A PDF manual per product (build/pdf/<product>.pdf), printed from the built pages with Chromium
 * after `docusaurus build` has written them, and the 「下载 PDF 手册」 links on the products'
 * introduction pages and the home page. Not in `docusaurus start`: postBuild only runs in builds.
 * Without Chromium the build still succeeds: one line says the manuals were skipped, and no link
 * is shown.
 */
export default function pdfManuals(context: LoadContext, options: PdfManualsOptions = {}): Plugin {
  let loaded: DocsForManuals | undefined;
  return {
    name: 'pdf-manuals',

    async allContentLoaded({allContent}) {
      if (process.env.NODE_ENV === 'production') loaded = await docsForManuals(allContent, context.siteDir);
    },

    async postBuild({outDir, siteConfig}) {
      if (!loaded) return;
      if (manualsDisabled(process.env)) {
        console.log('[pdf-manuals] PDF_MANUALS=off：本次构建不生成 PDF 手册，页面上不显示「下载 PDF 手册」。');
        return;
      }
      // Loaded only when the manuals are made: the PDF and font libraries would slow every other build's start.
      const [{generateManuals}, {publishManualLinks}] = await Promise.all([import('./generate'), import('./publish')]);
      const result = await generateManuals({
        outDir,
        siteUrl: siteConfig.url,
        plans: loaded.plans,
        docs: loaded.docs,
        chromiumPath: options.chromiumPath ?? chromiumExecutable,
        date: buildDate(process.env),
        fontCacheDir: path.join(context.siteDir, FONT_CACHE),
      });
      if ('skipped' in result) {
        console.log(`[pdf-manuals] ${result.skipped}`);
        return;
      }
      const fontNote = printFontsNote(result.fonts);
      if (fontNote) console.log(`[pdf-manuals] ${fontNote}`);
      const files: ManualFiles = Object.fromEntries(result.manuals.map((m) => [m.key, {bytes: m.bytes, pages: m.pages}]));
      const pages = await publishManualLinks(outDir, files, siteConfig.baseUrl);
      const totalPages = result.manuals.reduce((n, m) => n + m.pages, 0);
      const totalBytes = result.manuals.reduce((n, m) => n + m.bytes, 0);
      console.log(
        `[pdf-manuals] ${result.manuals.length} 本 PDF 手册，共 ${totalPages} 页、${(totalBytes / 1024 / 1024).toFixed(1)} MB，` +
          `用时 ${result.seconds.toFixed(1)} s → ${path.relative(process.cwd(), path.join(outDir, 'pdf'))}/（${result.manuals
            .map((m) => `${m.key} ${m.pages} 页`)
            .join('，')}）；${pages} 个页面已链接`,
      );
    },
  };
}

/** The TrueType copies of the print fonts, kept between builds (ignored by git like all of node_modules). */
const FONT_CACHE = 'node_modules/.cache/pdf-manuals-fonts';

/** What the build says about the manuals' fonts: when they were converted, or why they were not. */
export function printFontsNote(fonts: PrintFonts): string | null {
  if ('unavailable' in fonts) {
    return `${fonts.unavailable}：PDF 手册中的中文改以无名的 Type 3 字形嵌入（文件更大，阅读器显示不出字体名）。需要 Debian 软件包 fonts-noto-cjk 与 python3-fonttools（apt-get install fonts-noto-cjk python3-fonttools），修复后重新运行 npm run build 即可。`;
  }
  if (!fonts.converted) return null;
  const {characters, seconds} = fonts.converted;
  return `打印字体：从 Noto Sans CJK SC 与 Noto Sans Mono CJK SC（常规、粗体）取出手册用到的 ${characters} 个字符，转换为 TrueType 轮廓（用时 ${seconds.toFixed(1)} s），缓存在 ${FONT_CACHE}/。`;
}

/** The build date on the covers: SOURCE_DATE_EPOCH when set (reproducible builds), else now. */
export function buildDate(env: NodeJS.ProcessEnv): Date {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  return Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date();
}
