import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {chromiumExecutable} from '../../scripts/lib/chromium';
import {docsForManuals, type DocsForManuals} from '../../src/manuals/fromDocs';
import type {ManualFiles} from '../../src/manuals/downloadLinks';
import {generateManuals} from './generate';
import {publishManualLinks} from './publish';

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
      const result = await generateManuals({
        outDir,
        siteUrl: siteConfig.url,
        plans: loaded.plans,
        docs: loaded.docs,
        chromiumPath: options.chromiumPath ?? chromiumExecutable,
        date: buildDate(process.env),
      });
      if ('skipped' in result) {
        console.log(`[pdf-manuals] ${result.skipped}`);
        return;
      }
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

/** The build date on the covers: SOURCE_DATE_EPOCH when set (reproducible builds), else now. */
export function buildDate(env: NodeJS.ProcessEnv): Date {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  return Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date();
}
