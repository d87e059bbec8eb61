/**
 * Renders the installable-app icons (static/img/app-icon-*.png, listed in static/manifest.json)
 * from the favicon's design with Debian's Chromium, so they stay in step with static/img/favicon.svg.
 *
 *   node --import tsx scripts/make-app-icons.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {chromiumArgs, chromiumExecutable} from './lib/chromium';

const STAR = 'M16 5l3.2 6.8 7.3.9-5.4 5 1.4 7.3L16 21.4 9.5 25l1.4-7.3-5.4-5 7.3-.9z';

/** `maskable` icons are cropped to a circle by some launchers: full-bleed background, star in the inner 60 %. */
function iconSvg(size: number, maskable: boolean): string {
  const scale = maskable ? 0.6 : 1;
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${maskable ? 0 : 7}" fill="#0b5cad"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})"><path d="${STAR}" fill="#fff"/><circle cx="16" cy="16" r="2.6" fill="#0b5cad"/></g>
</svg>`;
}

const icons = [
  {file: 'app-icon-192.png', size: 192, maskable: false},
  {file: 'app-icon-512.png', size: 512, maskable: false},
  {file: 'app-icon-maskable-512.png', size: 512, maskable: true},
  {file: 'apple-touch-icon.png', size: 180, maskable: true},
];

async function main(): Promise<void> {
const browser = await chromium.launch({executablePath: chromiumExecutable, args: chromiumArgs});
for (const {file, size, maskable} of icons) {
  const page = await browser.newPage({viewport: {width: size, height: size}});
  await page.setContent(`<body style="margin:0">${iconSvg(size, maskable)}</body>`);
  await page.locator('svg').screenshot({path: path.join('static/img', file), omitBackground: true});
  await page.close();
  console.log(`已生成 static/img/${file}（${fs.statSync(path.join('static/img', file)).size} 字节）`);
}
await browser.close();
}

void main();
