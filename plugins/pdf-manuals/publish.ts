import fs from 'node:fs/promises';
import path from 'node:path';
import {MANUALS_META, encodeManualFiles, manualDownloadsHtml, type ManualFiles} from '../../src/manuals/downloadLinks';
import type {ManualKey} from '../../src/manuals/products';

/** The empty element src/manuals/PdfManualDownloads.tsx renders on the server (minified or not). */
const PLACEHOLDER = /(<div\b[^>]*?\sdata-pdf-manuals=(["']?)([a-z\- ]+)\2[^>]*>)(<\/div>)/g;

/** One built page with the manuals' <meta> in its head and its download links filled in. */
export function withManualLinks(html: string, files: ManualFiles, baseUrl: string): string {
  const meta = `<meta name="${MANUALS_META}" content="${encodeManualFiles(files)}">`;
  const filled = html.replace(PLACEHOLDER, (_, open: string, _q: string, keys: string, close: string) => {
    const wanted = keys === 'all' ? 'all' : (keys.split(' ') as ManualKey[]);
    return `${open}${manualDownloadsHtml(wanted, files, baseUrl)}${close}`;
  });
  return filled.replace('</head>', `${meta}</head>`);
}

/**
 * Tells every built page which manuals exist (see src/manuals/downloadLinks.ts). Files are
 * replaced atomically: other postBuild steps (the search index, the service worker's precache
 * list) read the same pages at the same time.
 */
export async function publishManualLinks(outDir: string, files: ManualFiles, baseUrl: string): Promise<number> {
  const entries = (await fs.readdir(outDir, {recursive: true})) as string[];
  let pages = 0;
  for (const entry of entries.filter((e) => e.endsWith('.html'))) {
    const file = path.join(outDir, entry);
    const html = await fs.readFile(file, 'utf8');
    if (!html.includes('</head>') || html.includes(`name="${MANUALS_META}"`)) continue;
    const temp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temp, withManualLinks(html, files, baseUrl));
    await fs.rename(temp, file);
    pages++;
  }
  return pages;
}
