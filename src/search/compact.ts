/**
 * The index file stores records compactly: page and section fields (URL, hierarchy, facets) once,
 * each record as a short tuple. `unpack` restores the full DocSearch records in the browser.
 */
import type {RecordType, SearchRecord} from './types';

type PageRow = [url: string, lvl0: string, lvl1: string, tag: string, language: string];
type SectionRow = [anchor: string | null, lvl2: string | null, lvl3: string | null];
type RecordRow = [page: number, section: number, type: number, content: string | null];

export interface PackedRecords {
  pages: PageRow[];
  sections: SectionRow[];
  records: RecordRow[];
}

/** DocSearch's weight.level: lvl0 = 100, lvl1 = 90 … lvl6 = 40, content = 0. */
export const recordLevel = (type: RecordType): number => (type === 'content' ? 0 : 100 - 10 * Number(type.slice(3)));

const TYPES: RecordType[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6', 'content'];

export function pack(records: SearchRecord[]): PackedRecords {
  const pages: PageRow[] = [];
  const sections: SectionRow[] = [];
  const pageIds = new Map<string, number>();
  const sectionIds = new Map<string, number>();
  const rows: RecordRow[] = records.map((r) => {
    let page = pageIds.get(r.url_without_anchor);
    if (page === undefined) {
      page = pages.push([r.url_without_anchor, r.hierarchy.lvl0 ?? '', r.hierarchy.lvl1 ?? '', r.docusaurus_tag, r.language]) - 1;
      pageIds.set(r.url_without_anchor, page);
    }
    const key = JSON.stringify([page, r.anchor, r.hierarchy.lvl2, r.hierarchy.lvl3]);
    let section = sectionIds.get(key);
    if (section === undefined) {
      section = sections.push([r.anchor, r.hierarchy.lvl2, r.hierarchy.lvl3]) - 1;
      sectionIds.set(key, section);
    }
    return [page, section, TYPES.indexOf(r.type), r.content];
  });
  return {pages, sections, records: rows};
}

export function unpack({pages, sections, records}: PackedRecords): SearchRecord[] {
  const positions = new Map<number, number>();
  return records.map(([page, section, type, content]) => {
    const [url, lvl0, lvl1, tag, language] = pages[page];
    const [anchor, lvl2, lvl3] = sections[section];
    const position = positions.get(page) ?? 0;
    positions.set(page, position + 1);
    const recordType = TYPES[type];
    return {
      objectID: `${page.toString(36)}-${position}`,
      url: anchor ? `${url}#${anchor}` : url,
      url_without_anchor: url,
      anchor,
      type: recordType,
      hierarchy: {lvl0, lvl1, lvl2, lvl3, lvl4: null, lvl5: null, lvl6: null},
      content,
      language,
      docusaurus_tag: tag,
      weight: {pageRank: 0, level: recordLevel(recordType), position},
    };
  });
}
