import {manualPath, manualProducts, manualTitle, type ManualKey} from './products';
import {escapeHtml} from '../search/highlight';

/**
 * The 「下载 PDF 手册」 links. The manuals are printed after the pages are rendered, so their sizes
 * reach the pages afterwards: plugins/pdf-manuals writes them into a <meta> of every built page and
 * fills the links into the static HTML; src/manuals/PdfManualDownloads.tsx renders the same markup
 * from that <meta> when the reader navigates in the app. Without manuals there is no <meta>, so no
 * page links a missing file.
 */
export const MANUALS_META = 'xl-pdf-manuals';

export interface ManualFile {
  bytes: number;
  pages: number;
}

export type ManualFiles = Partial<Record<ManualKey, ManualFile>>;

/** `neptune:5653310:177,janus:…` (the <meta> content). */
export function encodeManualFiles(files: ManualFiles): string {
  return manualProducts
    .filter((m) => files[m.key])
    .map((m) => `${m.key}:${files[m.key]!.bytes}:${files[m.key]!.pages}`)
    .join(',');
}

export function decodeManualFiles(content: string | null | undefined): ManualFiles {
  const files: ManualFiles = {};
  for (const part of (content ?? '').split(',')) {
    const [key, bytes, pages] = part.split(':');
    if (!manualProducts.some((m) => m.key === key)) continue;
    if (!/^\d+$/.test(bytes ?? '') || !/^\d+$/.test(pages ?? '')) continue;
    files[key as ManualKey] = {bytes: Number(bytes), pages: Number(pages)};
  }
  return files;
}

/** File size as readers see it in a download link: 856 KB, 5.4 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** One manual's link and what the reader gets (title, version, pages, size). */
function linkHtml(key: ManualKey, file: ManualFile, baseUrl: string, withName: boolean): string {
  const product = manualProducts.find((m) => m.key === key)!;
  const title = manualTitle(product);
  const name = withName ? `<span class="xl-pdf-manual__name">${escapeHtml(title)}</span>` : '';
  const hidden = withName ? `<span class="sr-only">：${escapeHtml(product.name)}</span>` : '';
  return (
    `<p class="xl-pdf-manual">${name}` +
    `<a class="xl-pdf-manual__link" href="${baseUrl}${manualPath(key)}" type="application/pdf" download="${escapeHtml(title)}.pdf">下载 PDF 手册${hidden}</a>` +
    `<span class="xl-pdf-manual__meta">（${escapeHtml(withName ? product.version : title)}，${file.pages} 页，PDF ${formatFileSize(file.bytes)}）</span></p>`
  );
}

/**
 * The markup for a product's introduction page (one manual) or the home page (all of them, under
 * a heading); empty when none of the manuals exist.
 */
export function manualDownloadsHtml(keys: ManualKey[] | 'all', files: ManualFiles, baseUrl = '/'): string {
  const wanted = keys === 'all' ? manualProducts.map((m) => m.key) : keys;
  const present = wanted.filter((key) => files[key]);
  if (present.length === 0) return '';
  if (keys !== 'all') return present.map((key) => linkHtml(key, files[key]!, baseUrl, false)).join('');
  return (
    `<h2 id="pdf-manuals">PDF 手册</h2>` +
    `<p>每个产品一本，含封面、目录、书签和全部页面，适合带到没有网络的现场、打印后放进控制柜或附在验收文件中。</p>` +
    present.map((key) => linkHtml(key, files[key]!, baseUrl, true)).join('')
  );
}
