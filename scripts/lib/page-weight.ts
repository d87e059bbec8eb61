/** Page weight of a built site: which JS/CSS files a page needs, and their sizes raw and gzip. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface Weight {
  files: number;
  js: number;
  jsGz: number;
  css: number;
  cssGz: number;
  totalGz: number;
}

/** The scripts and stylesheets a built page's HTML links (runtime, main and the CSS). */
export function entryAssets(outDir: string, route: string): string[] {
  const html = fs.readFileSync(path.join(outDir, route, 'index.html'), 'utf8');
  const pattern = /<(?:script[^>]*\ssrc|link[^>]*\srel=["']?stylesheet["']?[^>]*\shref)=["']?([^"' >]+)/g;
  return [...html.matchAll(pattern)].map((m) => m[1]).filter((href) => /\.(js|css)$/.test(href));
}

/** Raw and gzip (level 9, as the build's .gz files) sizes of build-relative asset paths. */
export function assetWeight(outDir: string, files: Iterable<string>): Weight {
  const weight = {files: 0, js: 0, jsGz: 0, css: 0, cssGz: 0, totalGz: 0};
  for (const file of files) {
    const buf = fs.readFileSync(path.join(outDir, file));
    const gz = zlib.gzipSync(buf, {level: 9}).length;
    weight.files++;
    if (file.endsWith('.js')) {
      weight.js += buf.length;
      weight.jsGz += gz;
    } else {
      weight.css += buf.length;
      weight.cssGz += gz;
    }
    weight.totalGz += gz;
  }
  return weight;
}
