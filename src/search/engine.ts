/**
 * The embedded search engine: MiniSearch with our Chinese-aware tokenizer. The same options
 * build the index at build time (Node) and load it in the browser.
 */
import MiniSearch, {type Options, type SearchResult} from 'minisearch';
import {tokenize, segmentWords, isLatinTerm} from './tokenize';
import type {SearchRecord} from './types';

export interface IndexedFields {
  id: number;
  title: string;
  heading: string;
  content: string;
}

/** Heading hits outrank body text: the page title most, then h2, then h3. */
const TYPE_BOOST: Record<string, number> = {lvl1: 2.2, lvl2: 1.6, lvl3: 1.3, content: 1};

export const miniSearchOptions: Options<IndexedFields> = {
  fields: ['title', 'heading', 'content'],
  idField: 'id',
  tokenize: (text) => tokenize(text),
  // Terms are already lower-cased and cut by tokenize().
  processTerm: (term) => term,
};

/** The deepest heading of a record, i.e. the section it belongs to. */
export function sectionHeading(r: SearchRecord): string {
  const h = r.hierarchy;
  return h.lvl6 ?? h.lvl5 ?? h.lvl4 ?? h.lvl3 ?? h.lvl2 ?? '';
}

export function toIndexedFields(r: SearchRecord, id: number): IndexedFields {
  return {
    id,
    title: r.type === 'lvl1' ? (r.hierarchy.lvl1 ?? '') : '',
    heading: r.type === 'lvl2' || r.type === 'lvl3' ? sectionHeading(r) : '',
    content: r.type === 'content' ? (r.content ?? '') : '',
  };
}

export function buildIndex(records: SearchRecord[]): MiniSearch<IndexedFields> {
  const ms = new MiniSearch<IndexedFields>(miniSearchOptions);
  ms.addAll(records.map(toIndexedFields));
  return ms;
}

export function loadIndex(json: unknown): MiniSearch<IndexedFields> {
  return MiniSearch.loadJS(json as Parameters<typeof MiniSearch.loadJS>[0], miniSearchOptions);
}

/** The reader's words, as the highlighter needs them: segmented, lower-cased, de-duplicated. */
export function queryWords(query: string): string[] {
  const compounds = [...query.matchAll(/[A-Za-z0-9]+(?:[._\-/:][A-Za-z0-9]+)+/g)].map((m) => m[0].toLowerCase());
  const words = segmentWords(query).filter((w) => !compounds.some((c) => c.includes(w)));
  return [...new Set([...compounds, ...words])];
}

export interface EngineHit {
  id: number;
  score: number;
  /** matched index term → the query word it answers */
  terms: Map<string, string>;
}

/**
 * Every query word must match (any of its tokens, the last one as a prefix, Latin words with
 * typo tolerance); if nothing satisfies all words, fall back to any word so a long question
 * still finds the best section.
 */
export function runQuery(
  ms: MiniSearch<IndexedFields>,
  records: SearchRecord[],
  query: string,
  accept: (r: SearchRecord) => boolean,
): {hits: EngineHit[]; words: string[]} {
  const words = queryWords(query);
  if (words.length === 0) return {hits: [], words};
  const lastWord = words[words.length - 1];
  const options = {
    boost: {title: 4, heading: 2.5, content: 1},
    prefix: (term: string) => term.length >= 2 && (isLatinTerm(term) ? true : lastWord.endsWith(term)),
    fuzzy: (term: string) => (isLatinTerm(term) && /[a-z]/.test(term) && term.length >= 5 ? 0.2 : false),
    filter: (result: SearchResult) => accept(records[result.id as number]),
    boostDocument: (id: unknown) => TYPE_BOOST[records[id as number].type] ?? 1,
  };
  const perWord = words.map((w) => ({combineWith: 'OR' as const, queries: [...new Set(tokenize(w))]}));
  let results = ms.search({combineWith: 'AND', queries: perWord}, options);
  if (results.length === 0 && words.length > 1) {
    results = ms.search({combineWith: 'OR', queries: perWord}, options);
  }
  const hits = results.map((r) => {
    const terms = new Map<string, string>();
    for (const term of r.terms) {
      const word =
        words.find((w) => tokenize(w).includes(term)) ??
        words.find((w) => term.startsWith(w) || w.startsWith(term)) ??
        words.find((w) => tokenize(w).some((t) => term.startsWith(t) || t.startsWith(term))) ??
        words[0];
      terms.set(term, word);
    }
    // The typed words themselves are highlighted too (a prefix may have matched a longer term).
    for (const w of words) if (!terms.has(w) && r.terms.some((t) => t.startsWith(w))) terms.set(w, w);
    return {id: r.id as number, score: r.score, terms};
  });
  return {hits, words};
}
