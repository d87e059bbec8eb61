/**
 * The six PDF manuals of the built site (npm test builds before the unit tests): read back with
 * poppler-utils (pdfinfo, pdftotext, pdffonts) and @cantoo/pdf-lib (outline, links, destinations).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString} from '@cantoo/pdf-lib';
import {namedDestinations} from '../../plugins/pdf-manuals/finish';
import {decodeEntities} from '../../plugins/pdf-manuals/fonts';
import {manualProducts, manualTitle, VENDOR} from '../../src/manuals/products';
import {pagesOf, planManuals, type TocNode} from '../../src/manuals/readingOrder';
import {normalizedSidebars, siteDocs} from './lib/docs-fixture';

const buildDir = path.join(__dirname, '../../build');
const pdfFile = (key: string) => path.join(buildDir, 'pdf', `${key}.pdf`);
const havePoppler = spawnSync('pdfinfo', ['-v']).status === 0;
const built = fs.existsSync(pdfFile('neptune'));
const skip = !built || !havePoppler;
const docs = siteDocs();
const titleOf = new Map(docs.map((d) => [d.id, d.title]));
const docById = new Map(docs.map((d) => [d.id, d]));
const plans = planManuals(normalizedSidebars(), docs);

/** Text without any white space: titles wrap and pdftotext spaces CJK text its own way. */
const squeeze = (s: string) => s.replace(/\s+/g, '');
const pdftotext = (file: string, first?: number, last = first) =>
  execFileSync('pdftotext', [...(first ? ['-f', String(first), '-l', String(last)] : []), '-layout', file, '-'], {encoding: 'utf8', maxBuffer: 64 << 20});
const pdfinfo = (file: string) =>
  Object.fromEntries(
    execFileSync('pdfinfo', [file], {encoding: 'utf8'})
      .split('\n')
      .map((l) => l.match(/^([^:]+):\s*(.*)$/))
      .filter((m): m is RegExpMatchArray => Boolean(m))
      .map((m) => [m[1], m[2]]),
  );

interface FontRow {
  name: string;
  type: string;
  encoding: string;
  emb: boolean;
  sub: boolean;
  uni: boolean;
}

/** The fonts of a PDF as pdffonts lists them (one row per font object). */
function pdffonts(file: string): FontRow[] {
  const lines = execFileSync('pdffonts', [file], {encoding: 'utf8'}).trim().split('\n').slice(2);
  return lines.map((line) => {
    const m = line.match(/^(\S+) +(.+?) +(\S+) +(yes|no) +(yes|no) +(yes|no) +\d+ +\d+$/);
    assert.ok(m, line);
    return {name: m[1], type: m[2], encoding: m[3], emb: m[4] === 'yes', sub: m[5] === 'yes', uni: m[6] === 'yes'};
  });
}

/** UTF-16BE hex of a ToUnicode map as text. */
const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

/** The characters the Type 3 fonts of a PDF draw, from their ToUnicode maps (bfchar and bfrange entries). */
async function type3Characters(file: string): Promise<Set<string>> {
  const doc = await PDFDocument.load(fs.readFileSync(file), {updateMetadata: false});
  const chars = new Set<string>();
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Subtype'))?.toString() !== '/Type3') continue;
    const cmap = Buffer.from(decodePDFRawStream(obj.lookup(PDFName.of('ToUnicode')) as PDFRawStream).decode()).toString('latin1');
    for (const [, body] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const [, dst] of body.matchAll(/<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]+)>/g)) for (const c of utf16(dst)) chars.add(c);
    }
    for (const [, body] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const [, from, to, dst] of body.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
        const first = utf16(dst).codePointAt(0)!;
        for (let i = 0; i <= parseInt(to, 16) - parseInt(from, 16); i++) chars.add(String.fromCodePoint(first + i));
      }
    }
  }
  return chars;
}

/** The characters of the figures (static/img/*.svg) of these pages whose text has a stroked halo. */
function haloCharacters(pages: string[]): Set<string> {
  const chars = new Set<string>();
  for (const id of pages) {
    for (const [, src] of docById.get(id)!.markdown.matchAll(/!\[[^\]]*\]\((\/img\/[^)\s]+\.svg)\)/g)) {
      const svg = fs.readFileSync(path.join(__dirname, '../../static', src), 'utf8');
      if (/paint-order:\s*stroke/.test(svg)) for (const c of decodeEntities(svg)) chars.add(c);
    }
  }
  return chars;
}

const decode = (o: unknown) => (o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : o instanceof PDFName ? o.decodeText() : '');

/** Outline items (title, destination name, children) from the document catalog. */
function outline(doc: PDFDocument): {title: string; dest: string; children: unknown[]}[] {
  const read = (first: unknown): {title: string; dest: string; children: unknown[]}[] => {
    const items = [];
    for (let item = first instanceof PDFDict ? first : undefined; item; ) {
      items.push({
        title: decode(item.lookup(PDFName.of('Title'))),
        dest: decode(item.lookup(PDFName.of('Dest'))),
        children: read(item.lookup(PDFName.of('First'))),
      });
      const next = item.lookup(PDFName.of('Next'));
      item = next instanceof PDFDict ? next : undefined;
    }
    return items;
  };
  return read(doc.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict)?.lookup(PDFName.of('First')));
}

/** Internal links of a page: where each goes (destination name). */
function internalLinks(doc: PDFDocument, pageIndex: number): string[] {
  const annots = doc.getPage(pageIndex).node.Annots();
  const dests: string[] = [];
  for (let i = 0; annots && i < annots.size(); i++) {
    const annot = annots.lookup(i, PDFDict);
    const dest = annot.lookup(PDFName.of('Dest'));
    if (dest) dests.push(decode(dest));
  }
  return dests;
}

/** The page number printed in the footer of a PDF page (body pages are numbered from 1). */
const footerNumber = (file: string, page: number) => Number(pdftotext(file, page).trim().split('\n').at(-1)!.trim());

test('the build wrote the six PDF manuals', {skip: !built && 'run npm run build (with Chromium) first'}, () => {
  for (const m of manualProducts) assert.ok(fs.statSync(pdfFile(m.key)).size > 100_000, m.key);
});

for (const plan of plans) {
  const {product} = plan;
  const file = pdfFile(product.key);

  test(`${product.key}.pdf: A4, its title and vendor, a cover, a 目录, every page title`, {skip}, () => {
    const info = pdfinfo(file);
    assert.equal(info.Title, manualTitle(product));
    assert.equal(info.Author, VENDOR);
    assert.match(info['Page size'], /^59[45]\.\d+ x 841\.\d+ pts \(A4\)$/);
    assert.ok(Number(info.Pages) >= plan.pages.length, `${info.Pages} pages`);
    const cover = squeeze(pdftotext(file, 1));
    for (const text of [product.name, '用户手册', VENDOR, `适用版本${product.version}`]) assert.ok(cover.includes(squeeze(text)), text);
    assert.match(cover, /构建日期\d{4}-\d{2}-\d{2}/);
    assert.ok(squeeze(pdftotext(file, 2)).startsWith('目录'));
    const text = squeeze(pdftotext(file));
    const missing = plan.pages.filter((id) => !text.includes(squeeze(titleOf.get(id)!)));
    assert.deepEqual(missing, []);
    // The text comes back as Chinese (the fonts have ToUnicode maps).
    assert.ok(/[\u4e00-\u9fff]{20}/.test(text));
  });

  test(`${product.key}.pdf: Noto Sans CJK SC embedded as named subset fonts (body, bold, code), no text drawn as Type 3 glyphs`, {skip}, async () => {
    const fonts = pdffonts(file);
    for (const face of ['NotoSansCJKsc-Regular', 'NotoSansCJKsc-Bold', 'NotoSansMonoCJKsc-Regular']) {
      const embedded = fonts.filter((f) => f.name.replace(/^[A-Z]{6}\+/, '') === face);
      const listed = new Map<string, number>();
      for (const f of fonts) listed.set(`${f.name} (${f.type})`, (listed.get(`${f.name} (${f.type})`) ?? 0) + 1);
      assert.ok(embedded.length > 0, `${face} missing; fonts: ${[...listed].map(([k, n]) => `${n}× ${k}`).join('，')}`);
      for (const {name, ...rest} of embedded) {
        assert.match(name, /^[A-Z]{6}\+/, 'a subset tag');
        assert.deepEqual(rest, {type: 'CID TrueType', encoding: 'Identity-H', emb: true, sub: true, uni: true}, name);
      }
    }
    // Fallback fonts for the few symbols Noto Sans CJK lacks (☐, ▾, box drawing) are named subsets too.
    for (const f of fonts.filter((f) => f.type !== 'Type 3')) {
      assert.match(f.name, /^[A-Z]{6}\+\S+$/);
      assert.ok(f.emb && f.sub && f.uni, JSON.stringify(f));
    }
    // Skia still draws stroked text as Type 3 outlines: only the white halo (paint-order: stroke)
    // of figure labels may be there, never a character the figures do not stroke.
    const halo = haloCharacters(plan.pages);
    const type3 = await type3Characters(file);
    assert.deepEqual([...type3].filter((c) => c.trim() && c !== '\0' && !halo.has(c)), []);
    if (!halo.size) assert.equal(fonts.filter((f) => f.type === 'Type 3').length, 0);
  });

  test(`${product.key}.pdf: at most 26 KB a page`, {skip}, () => {
    // With named subset fonts the manuals weigh 16–24 KB a page (2026-11-24; most of it is the page
    // content: Skia places each glyph on its own), with every glyph as a Type 3 procedure they
    // weighed 27–40 KB. 26 KB leaves room for pages with more figures and fails if the CJK text
    // goes back to Type 3.
    const bytes = fs.statSync(file).size;
    const pages = Number(pdfinfo(file).Pages);
    assert.ok(bytes / pages <= 26 * 1024, `${(bytes / pages / 1024).toFixed(1)} KB a page (${bytes} bytes, ${pages} pages)`);
  });

  test(`${product.key}.pdf: the figures stay vectors (the pages' SVG images are drawn, not rasterized)`, {skip}, () => {
    const svgImages = plan.pages.reduce((n, id) => n + (docById.get(id)!.markdown.match(/!\[[^\]]*\]\([^)]+\.svg\)/g)?.length ?? 0), 0);
    const rasterInSource = plan.pages.some((id) => /!\[[^\]]*\]\([^)]+\.(png|jpe?g|gif|webp)\)/i.test(docById.get(id)!.markdown));
    const rasters = execFileSync('pdfimages', ['-list', file], {encoding: 'utf8'}).trim().split('\n').slice(2);
    if (!rasterInSource) assert.deepEqual(rasters, [], `${svgImages} SVG figures, no bitmap expected`);
  });

  test(`${product.key}.pdf: the outline has one entry per chapter, and each page under its chapter`, {skip}, async () => {
    const doc = await PDFDocument.load(fs.readFileSync(file), {updateMetadata: false});
    const items = outline(doc);
    assert.deepEqual(items.map((i) => i.title), plan.chapters.map((c, n) => `第 ${n + 1} 章　${c.title}`));
    const flatten = (list: typeof items): string[] => list.flatMap((i) => [i.title, ...flatten(i.children as typeof items)]);
    const titles = flatten(items);
    const expected = (nodes: TocNode[]): string[] => nodes.flatMap((n) => [n.title, ...expected(n.children)]);
    assert.deepEqual(titles, plan.chapters.flatMap((c, n) => [`第 ${n + 1} 章　${c.title}`, ...expected(c.children)]));
    assert.equal(pagesOf(plan.chapters).length, plan.pages.length);
    // Every outline entry goes to a page of the document, the chapters in increasing order.
    const dests = namedDestinations(doc);
    const chapterPages = items.map((i) => dests.get(i.dest));
    assert.ok(chapterPages.every((p) => p !== undefined));
    assert.deepEqual([...chapterPages].sort((a, b) => a! - b!), chapterPages);
  });

  test(`${product.key}.pdf: the 目录's page numbers are the printed ones, and its entries are links to those pages`, {skip}, async () => {
    const doc = await PDFDocument.load(fs.readFileSync(file), {updateMetadata: false});
    const dests = namedDestinations(doc);
    const chapterOne = dests.get('c1')!;
    assert.ok(chapterOne >= 2, 'cover and 目录 come first');
    const tocLinks = Array.from({length: chapterOne}, (_, i) => internalLinks(doc, i)).flat();
    // One link per chapter, section and page.
    const entries = (nodes: TocNode[]): number => nodes.reduce((n, c) => n + 1 + entries(c.children), 0);
    assert.equal(tocLinks.length, entries(plan.chapters));
    // Chapter n: its 目录 line ends with the number printed in the footer of the page the link goes to.
    const toc = pdftotext(file, 2, chapterOne);
    plan.chapters.forEach((chapter, n) => {
      const page = dests.get(`c${n + 1}`)! + 1;
      const printed = footerNumber(file, page);
      assert.equal(printed, page - chapterOne, `chapter ${n + 1} starts on body page ${page - chapterOne}`);
      const line = toc.split('\n').find((l) => squeeze(l).startsWith(squeeze(`第 ${n + 1} 章`)));
      assert.ok(line, `目录 line of chapter ${n + 1}`);
      assert.equal(Number(line.trim().split(/\s+/).at(-1)), printed, line);
      assert.ok(squeeze(pdftotext(file, page)).includes(squeeze(chapter.title)), `${chapter.title} on page ${page}`);
    });
    // Page labels match the footers: i, ii, … for the front matter, then 1, 2, …
    const labels = doc.catalog.lookup(PDFName.of('PageLabels'), PDFDict).lookup(PDFName.of('Nums'), PDFArray);
    assert.equal(String(labels.lookup(2)), String(chapterOne));
  });
}

test('a link between pages of a manual goes to the page of its target', {skip}, async () => {
  const file = pdfFile('triton');
  const doc = await PDFDocument.load(fs.readFileSync(file), {updateMetadata: false});
  const dests = namedDestinations(doc);
  const plan = plans.find((p) => p.product.key === 'triton')!;
  // triton/deploy/configure-triton links to its Go and WinCE companions (pages in no sidebar).
  const anchorOf = (id: string) => `p${plan.pages.indexOf(id) + 1}`;
  const from = dests.get(anchorOf('triton/deploy/configure-triton'))!;
  const goPage = anchorOf('triton/deploy/configure-triton-go');
  const links = internalLinks(doc, from);
  assert.ok(links.includes(goPage), `configure-triton (page ${from + 1}) links to ${goPage}: ${links.join(' ')}`);
  const target = dests.get(goPage)! + 1;
  assert.ok(squeeze(pdftotext(file, target)).includes(squeeze(titleOf.get('triton/deploy/configure-triton-go')!)));
  // A link to another product's page is the site's absolute address.
  const text = pdftotext(file);
  assert.match(text, /https:\/\/docs\.example\.com\/docs\/neptune\/user\/[a-z-]+/);
  assert.doesNotMatch(text, /xl-manual/);
});

test('the offline service worker precaches no PDF manual, llms.txt or Markdown copy', {skip: !fs.existsSync(path.join(buildDir, 'sw.js'))}, () => {
  const sw = fs.readFileSync(path.join(buildDir, 'sw.js'), 'utf8');
  const precached = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]);
  assert.ok(precached.includes('docs/neptune/user/introduction/index.html'), 'the precache list is where this test looks');
  assert.deepEqual(precached.filter((url) => /\.(pdf|md)$|llms/.test(url)), []);
});
