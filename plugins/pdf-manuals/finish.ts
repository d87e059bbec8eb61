import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFString,
  type PDFContext,
} from '@cantoo/pdf-lib';
import {TOC_LINK_PREFIX, type BookEntry} from './book';

/**
 * Named destinations of a PDF (the catalog's /Dests dictionary, or the /Names /Dests tree) as
 * name → page index. Chromium writes one for each element a link of the document points to.
 */
export function namedDestinations(doc: PDFDocument): Map<string, number> {
  const pageIndex = new Map(doc.getPages().map((p, i) => [p.ref.toString(), i]));
  const result = new Map<string, number>();
  const add = (name: string, dest: unknown) => {
    const array = dest instanceof PDFDict ? dest.lookup(PDFName.of('D')) : dest;
    if (!(array instanceof PDFArray)) return;
    const page = array.get(0);
    const index = page instanceof PDFRef ? pageIndex.get(page.toString()) : undefined;
    if (index !== undefined) result.set(name, index);
  };
  const {catalog, context} = doc;
  const dests = catalog.lookupMaybe(PDFName.of('Dests'), PDFDict);
  for (const [key, value] of dests?.entries() ?? []) add(key.decodeText(), context.lookup(value));
  const walk = (node: PDFDict | undefined) => {
    if (!node) return;
    const names = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    for (let i = 0; names && i + 1 < names.size(); i += 2) {
      const key = names.lookup(i);
      if (key instanceof PDFString || key instanceof PDFHexString) add(key.decodeText(), names.lookup(i + 1));
    }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let i = 0; kids && i < kids.size(); i++) walk(kids.lookup(i, PDFDict));
  };
  walk(catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.lookupMaybe(PDFName.of('Dests'), PDFDict));
  return result;
}

/** The outline (bookmarks): one top-level item per chapter, its sections and pages below. */
function addOutline(doc: PDFDocument, entries: BookEntry[]): void {
  const {context} = doc;
  const build = (list: BookEntry[], parent: PDFRef): {first: PDFRef; last: PDFRef; count: number} => {
    const refs = list.map(() => context.nextRef());
    let count = 0;
    list.forEach((entry, i) => {
      const item = context.obj({}) as PDFDict;
      item.set(PDFName.of('Title'), PDFHexString.fromText(entry.title));
      item.set(PDFName.of('Parent'), parent);
      item.set(PDFName.of('Dest'), PDFName.of(entry.anchor));
      if (i > 0) item.set(PDFName.of('Prev'), refs[i - 1]);
      if (i < list.length - 1) item.set(PDFName.of('Next'), refs[i + 1]);
      if (entry.children.length) {
        const kids = build(entry.children, refs[i]);
        item.set(PDFName.of('First'), kids.first);
        item.set(PDFName.of('Last'), kids.last);
        // Negative: sections and pages start collapsed under their chapter.
        item.set(PDFName.of('Count'), PDFNumber.of(-kids.count));
      }
      context.assign(refs[i], item);
      count++;
    });
    return {first: refs[0], last: refs[refs.length - 1], count};
  };
  const rootRef = context.nextRef();
  const top = build(entries, rootRef);
  context.assign(rootRef, context.obj({Type: 'Outlines', First: top.first, Last: top.last, Count: top.count}));
  doc.catalog.set(PDFName.of('Outlines'), rootRef);
  doc.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

/** Page labels as printed: i, ii, … on the cover and 目录, 1, 2, … from the first chapter on. */
function setPageLabels(context: PDFContext, catalog: PDFDict, frontPages: number): void {
  const labels = context.obj({Nums: [0, {S: 'r'}, frontPages, {S: 'D'}]});
  catalog.set(PDFName.of('PageLabels'), context.register(labels));
}

/** Links of the 目录 (site-external placeholders in the printed front matter) become internal. */
function linkTableOfContents(doc: PDFDocument, frontPages: number, known: Set<string>): number {
  let linked = 0;
  for (const page of doc.getPages().slice(0, frontPages)) {
    const annots = page.node.Annots();
    for (let i = 0; annots && i < annots.size(); i++) {
      const annot = annots.lookup(i, PDFDict);
      const uri = annot.lookupMaybe(PDFName.of('A'), PDFDict)?.lookup(PDFName.of('URI'));
      const text = uri instanceof PDFString || uri instanceof PDFHexString ? uri.decodeText() : '';
      if (!text.startsWith(TOC_LINK_PREFIX)) continue;
      const anchor = text.slice(TOC_LINK_PREFIX.length);
      if (!known.has(anchor)) throw new Error(`目录链接指向不存在的位置：${anchor}`);
      annot.delete(PDFName.of('A'));
      annot.set(PDFName.of('Dest'), PDFName.of(anchor));
      linked++;
    }
  }
  return linked;
}

export interface FinishOptions {
  /** The printed body, loaded (its named destinations gave the 目录 its page numbers). */
  body: PDFDocument;
  front: Uint8Array;
  entries: BookEntry[];
  title: string;
  subject: string;
  keywords: string[];
  author: string;
  date: Date;
}

/**
 * The finished manual: the front matter (cover, 目录) put before the body, the 目录's entries
 * linked to their pages, the outline, page labels and document information added.
 */
export async function finishManual(options: FinishOptions): Promise<{pdf: Uint8Array; pages: number; tocLinks: number}> {
  const doc = options.body;
  const front = await PDFDocument.load(options.front, {updateMetadata: false});
  const copied = await doc.copyPages(front, front.getPageIndices());
  copied.forEach((page, i) => doc.insertPage(i, page));
  const known = new Set(namedDestinations(doc).keys());
  const tocLinks = linkTableOfContents(doc, copied.length, known);
  addOutline(doc, options.entries);
  setPageLabels(doc.context, doc.catalog, copied.length);
  doc.setTitle(options.title, {showInWindowTitleBar: true});
  doc.setAuthor(options.author);
  doc.setSubject(options.subject);
  doc.setKeywords(options.keywords);
  doc.setCreator('星联文档中心');
  doc.setProducer('Chromium（Skia/PDF）与 pdf-lib');
  doc.setCreationDate(options.date);
  doc.setModificationDate(options.date);
  doc.setLanguage('zh-Hans');
  const pdf = await doc.save();
  return {pdf, pages: doc.getPageCount(), tocLinks};
}
