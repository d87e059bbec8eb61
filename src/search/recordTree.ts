/**
 * How records hang together: each page's records follow its title record (lvl1) in page order,
 * and a content record belongs to the nearest heading record (lvl2/lvl3) before it. Both are
 * derived from the sequence of record types alone, so the browser needs nothing else to let a
 * paragraph answer for words in its section heading or page title.
 */
import type {RecordType, SearchRecord} from './types';

/** The deepest heading of a record, i.e. the section it belongs to. */
export function sectionHeading(r: SearchRecord): string {
  const h = r.hierarchy;
  return h.lvl6 ?? h.lvl5 ?? h.lvl4 ?? h.lvl3 ?? h.lvl2 ?? '';
}

/** For each record, the ids of its page-title record and its section-heading record (-1: none). */
export interface Parents {
  title: Int32Array;
  section: Int32Array;
}

export function parentsOf(types: ArrayLike<RecordType>): Parents {
  const title = new Int32Array(types.length).fill(-1);
  const section = new Int32Array(types.length).fill(-1);
  let currentTitle = -1;
  let currentSection = -1;
  for (let i = 0; i < types.length; i++) {
    const type = types[i];
    if (type === 'lvl1') {
      currentTitle = i;
      currentSection = -1;
    } else if (type === 'lvl2' || type === 'lvl3') {
      currentSection = i;
    }
    title[i] = type === 'lvl1' ? -1 : currentTitle;
    section[i] = type === 'content' ? currentSection : -1;
  }
  return {title, section};
}

/** The page a record belongs to, as the id of the page's title record. */
export const pageOf = (parents: Parents, id: number): number => (parents.title[id] >= 0 ? parents.title[id] : id);
