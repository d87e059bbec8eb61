import {execFile, spawn} from 'node:child_process';
import {createHash} from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';

/**
 * The faces the manuals print with (book.css; the figures name the same families), by PostScript
 * name: Noto Sans CJK SC and its monospaced sibling from Debian's fonts-noto-cjk, regular and bold.
 */
export const PRINT_FACES = ['NotoSansCJKsc-Regular', 'NotoSansCJKsc-Bold', 'NotoSansMonoCJKsc-Regular', 'NotoSansMonoCJKsc-Bold'] as const;

const CONVERTER = path.join(__dirname, 'truetype_faces.py');
/** Debian's Python, where python3-fonttools is installed (a python3 earlier on PATH may lack it). */
const PYTHONS = ['/usr/bin/python3', 'python3'];

/**
 * Characters a manual may show that its pages do not contain: punctuation and symbols of the
 * stylesheets' generated content, page numbers in both numberings.
 */
const ALWAYS = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0xff], // Latin-1
  [0x2010, 0x2027], // dashes, quotes, bullets, ellipsis
  [0x2030, 0x203b],
  [0x2190, 0x2199], // arrows
  [0x25a0, 0x25cf], // squares, triangles, circles
  [0x3000, 0x3011], // CJK punctuation and brackets
  [0xff01, 0xff5e], // full-width forms
]
  .flatMap(([from, to]) => Array.from({length: to - from + 1}, (_, i) => String.fromCodePoint(from + i)))
  .join('');

const NAMED_ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0'};

/** Markup with its character references decoded (those cheerio writes and XML's own). */
export function decodeEntities(markup: string): string {
  return markup.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (entity, dec?: string, hex?: string, name?: string) => {
    if (name) return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const code = dec ? Number(dec) : parseInt(hex!, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/**
 * The SVG figures a printed HTML document shows as images: files of the built site, or data URLs
 * (the bundler inlines small images). Their text is drawn with the same fonts.
 */
export async function svgFiguresOf(html: string, siteDir: string): Promise<Map<string, string>> {
  const figures = new Map<string, string>();
  // Quoted as cheerio writes them, or unquoted as in the site's minified pages.
  for (const [, double, single, bare] of html.matchAll(/<img\b[^>]*?\ssrc=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    const src = decodeEntities(double ?? single ?? bare);
    if (figures.has(src)) continue;
    const data = src.match(/^data:image\/svg\+xml(;base64)?,(.*)$/s);
    if (data) {
      figures.set(src, data[1] ? Buffer.from(data[2], 'base64').toString('utf8') : decodeURIComponent(data[2]));
    } else if (src.startsWith('/') && !src.startsWith('//')) {
      const pathname = decodeURIComponent(new URL(src, 'https://site.invalid').pathname);
      if (pathname.endsWith('.svg')) figures.set(src, await fs.readFile(path.join(siteDir, pathname), 'utf8'));
    }
  }
  return figures;
}

/**
 * Every character the printed documents and their SVG figures may show, sorted and unique: the
 * characters of their markup, so a few of attributes too (a superset costs a few glyphs, a
 * missing character a fallback font), found by scanning rather than parsing the large books.
 */
export async function charactersOf(htmls: string[], siteDir: string): Promise<string> {
  const chars = new Set(ALWAYS);
  const add = (markup: string) => {
    for (const c of decodeEntities(markup).replace(/[\x00-\x9f]+/g, '')) chars.add(c);
  };
  for (const html of htmls) {
    add(html);
    for (const svg of (await svgFiguresOf(html, siteDir)).values()) add(svg);
  }
  return [...chars].sort().join('');
}

export interface FaceSource {
  postscriptName: string;
  file: string;
  /** Index of the face in its collection (.ttc). */
  index: number;
}

/** Where fontconfig finds each face: `fc-list` lines of PostScript name, file and index. */
export function parseFcList(output: string, wanted: readonly string[]): FaceSource[] {
  const found = new Map<string, FaceSource>();
  for (const line of output.split('\n')) {
    const [postscriptName, file, index] = line.split('\t');
    if (wanted.includes(postscriptName) && !found.has(postscriptName)) found.set(postscriptName, {postscriptName, file, index: Number(index)});
  }
  return wanted.flatMap((name) => found.get(name) ?? []);
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A fontconfig configuration: the system's, with the converted faces added and the collections
 * they come from rejected, so the families keep their names but resolve to TrueType outlines.
 */
export function fontconfigXml(fontDir: string, rejected: string[], systemConfig = '/etc/fonts/fonts.conf'): string {
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<!-- Written by plugins/pdf-manuals/fonts.ts for printing the PDF manuals. -->
<fontconfig>
  <cachedir>${escapeXml(path.join(fontDir, 'fontconfig'))}</cachedir>
  <include ignore_missing="yes">${escapeXml(systemConfig)}</include>
  <dir>${escapeXml(fontDir)}</dir>
  <selectfont>
    <rejectfont>
${rejected.map((file) => `      <glob>${escapeXml(file)}</glob>`).join('\n')}
    </rejectfont>
  </selectfont>
</fontconfig>
`;
}

/** The cache folder of one set of faces: it changes with the sources, the converter and the characters. */
export async function cacheKey(sources: FaceSource[], characters: string): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await fs.readFile(CONVERTER));
  for (const s of sources) {
    const stat = await fs.stat(s.file);
    hash.update(JSON.stringify([s.postscriptName, s.file, s.index, stat.size, stat.mtimeMs]));
  }
  hash.update(characters);
  return hash.digest('hex').slice(0, 16);
}

async function findPython(): Promise<string | null> {
  for (const python of PYTHONS) {
    const ok = await promisify(execFile)(python, ['-c', 'import fontTools.subset, fontTools.pens.cu2quPen']).then(
      () => true,
      () => false,
    );
    if (ok) return python;
  }
  return null;
}

function runConverter(python: string, job: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, [CONVERTER], {stdio: ['pipe', 'ignore', 'pipe']});
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(stderr.trim().split('\n').at(-1) || `exit ${code}`))));
    child.stdin.end(JSON.stringify(job));
  });
}

export type PrintFonts =
  | {fontconfigFile: string; converted: {characters: number; seconds: number} | null}
  | {unavailable: string};

/**
 * TrueType copies of the print faces, limited to the characters the manuals show, and the
 * fontconfig file that makes Chromium use them. Made once per set of characters and kept in
 * cacheDir; only the newest set is kept. The faces are found with fc-list unless given.
 */
export async function printFonts(characters: string, cacheDir: string, listed?: FaceSource[]): Promise<PrintFonts> {
  const fcList = listed
    ? null
    : await promisify(execFile)('fc-list', ['-f', '%{postscriptname}\t%{file}\t%{index}\n'], {maxBuffer: 64 << 20}).then(
        (r) => r.stdout,
        () => null,
      );
  if (!listed && fcList === null) return {unavailable: '未找到 fc-list（fontconfig）'};
  const sources = listed ?? parseFcList(fcList!, PRINT_FACES);
  if (sources.length < PRINT_FACES.length) {
    const missing = PRINT_FACES.filter((name) => !sources.some((s) => s.postscriptName === name));
    return {unavailable: `fontconfig 中没有 ${missing.join('、')}（Debian 软件包 fonts-noto-cjk）`};
  }
  const fontDir = path.join(cacheDir, await cacheKey(sources, characters));
  const fontconfigFile = path.join(fontDir, 'fonts.conf');
  if (await fs.stat(fontconfigFile).catch(() => null)) return {fontconfigFile, converted: null};

  const python = await findPython();
  if (!python) return {unavailable: '未找到 fontTools（Debian 软件包 python3-fonttools）'};
  const started = performance.now();
  await fs.rm(cacheDir, {recursive: true, force: true});
  await fs.mkdir(fontDir, {recursive: true});
  const faces = sources.map((s) => ({source: s.file, index: s.index, output: path.join(fontDir, `${s.postscriptName}.ttf`)}));
  // Two converters at a time (a face takes a few seconds and about 110 MB).
  const halves = [faces.filter((_, i) => i % 2 === 0), faces.filter((_, i) => i % 2 === 1)];
  const failed = await Promise.all(halves.map((part) => runConverter(python, {text: characters, faces: part}))).then(
    () => null,
    (error: Error) => error.message,
  );
  if (failed) {
    await fs.rm(cacheDir, {recursive: true, force: true});
    return {unavailable: `用 fontTools 转换字体失败（${failed}）`};
  }
  // Written last: its presence says the folder is complete.
  await fs.writeFile(fontconfigFile, fontconfigXml(fontDir, [...new Set(sources.map((s) => s.file))]));
  return {fontconfigFile, converted: {characters: [...characters].length, seconds: (performance.now() - started) / 1000}};
}
