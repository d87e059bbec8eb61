/**
 * The /search result list, grouped as a reader scans it: one entry per page, best page first, and
 * under it the matching sections in rank order — one entry per section URL, however many of the
 * section's records matched (a heading and two of its paragraphs used to make three identical
 * entries), each with its highlighted heading path and its snippets.
 */

type Level = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
const SECTION_LEVELS: Level[] = ['lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

export interface SearchHit {
  objectID: string;
  url: string;
  type?: string;
  hierarchy: Partial<Record<Level, string | null>>;
  content?: string | null;
  _highlightResult?: {hierarchy?: Partial<Record<Level, {value: string}>>; content?: {value: string}};
  _snippetResult?: {content?: {value: string; matchLevel?: string}};
}

export interface ResultSection {
  url: string;
  /** Highlighted headings from the page title down (HTML), empty for text above the first heading. */
  headings: string[];
  /** Highlighted snippets (HTML), distinct. */
  snippets: string[];
}

export interface ResultPage {
  url: string;
  /** Product area (plain text). */
  area: string;
  /** Highlighted page title (HTML). */
  title: string;
  sections: ResultSection[];
  /** How many of the hits shown are on this page. */
  hitCount: number;
}

/** At most this many snippets under one section. */
const SNIPPETS_PER_SECTION = 2;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c]!);

function highlighted(hit: SearchHit, level: Level): string | null {
  const value = hit._highlightResult?.hierarchy?.[level]?.value;
  if (value) return value;
  const plain = hit.hierarchy[level];
  return plain ? escapeHtml(plain) : null;
}

export function groupHits(hits: SearchHit[]): ResultPage[] {
  const pages = new Map<string, ResultPage>();
  for (const hit of hits) {
    const pageUrl = hit.url.split('#')[0];
    let page = pages.get(pageUrl);
    if (!page) {
      page = {url: pageUrl, area: hit.hierarchy.lvl0 ?? '', title: highlighted(hit, 'lvl1') ?? escapeHtml(pageUrl), sections: [], hitCount: 0};
      pages.set(pageUrl, page);
    }
    page.hitCount++;
    const snippet = hit._snippetResult?.content?.value;
    const headings = SECTION_LEVELS.map((l) => highlighted(hit, l)).filter((h): h is string => Boolean(h));
    // The page title itself matched, with no text of its own: the page entry says it all.
    if (headings.length === 0 && !snippet) continue;
    let section = page.sections.find((s) => s.url === hit.url);
    if (!section) {
      section = {url: hit.url, headings, snippets: []};
      page.sections.push(section);
    }
    if (snippet && section.snippets.length < SNIPPETS_PER_SECTION && !section.snippets.includes(snippet)) {
      section.snippets.push(snippet);
    }
  }
  return [...pages.values()];
}
