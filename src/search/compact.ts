/**
 * Display fragments store records compactly: a page's URL path and titles once, a section's
 * anchor and headings once, each record as a short tuple. What every record shares lives in the
 * entry file instead: the site's origin, each record's type, each page's language and version tag.
 */
import type {RecordType, SearchRecord} from './types';

type PageRow = [path: string, lvl0: string, lvl1: string];
type SectionRow = [anchor: string | null, lvl2: string | null, lvl3: string | null];
type RecordRow = [page: number, section: number, content: string | null];

export interface PackedRecords {
  pages: PageRow[];
  sections: SectionRow[];
  records: RecordRow[];
}

/** DocSearch's weight.level: lvl0 = 100, lvl1 = 90 … lvl6 = 40, content = 0. */
export const recordLevel = (type: RecordType): number => (type === 'content' ? 0 : 100 - 10 * Number(type.slice(3)));

/** The origin all records' URLs start with (fragments store the paths after it). */
export function siteOrigin(records: SearchRecord[]): string {
  const origin = records.length ? new URL(records[0].url_without_anchor).origin : '';
  return records.every((r) => r.url_without_anchor.startsWith(origin)) ? origin : '';
}

export function pack(records: SearchRecord[], origin: string): PackedRecords {
  const pages: PageRow[] = [];
  const sections: SectionRow[] = [];
  const pageIds = new Map<string, number>();
  const sectionIds = new Map<string, number>();
  const rows: RecordRow[] = records.map((r) => {
    let page = pageIds.get(r.url_without_anchor);
    if (page === undefined) {
      page = pages.push([r.url_without_anchor.slice(origin.length), r.hierarchy.lvl0 ?? '', r.hierarchy.lvl1 ?? '']) - 1;
      pageIds.set(r.url_without_anchor, page);
    }
    const key = JSON.stringify([page, r.anchor, r.hierarchy.lvl2, r.hierarchy.lvl3]);
    let section = sectionIds.get(key);
    if (section === undefined) {
      section = sections.push([r.anchor, r.hierarchy.lvl2, r.hierarchy.lvl3]) - 1;
      sectionIds.set(key, section);
    }
    return [page, section, r.content];
  });
  return {pages, sections, records: rows};
}
