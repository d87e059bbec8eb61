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

/** Each record indexes only its own text; hierarchy matches are resolved at query time. */
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

/** For each record, the ids of its page-title record and its section-heading record. */
export interface Parents {
  title: Int32Array;
  section: Int32Array;
}

export function parentsOf(records: SearchRecord[]): Parents {
  const title = new Int32Array(records.length).fill(-1);
  const section = new Int32Array(records.length).fill(-1);
  let currentTitle = -1;
  let currentSection = -1;
  records.forEach((r, i) => {
    if (r.type === 'lvl1') {
      currentTitle = i;
      currentSection = -1;
    } else if (r.type === 'lvl2' || r.type === 'lvl3') {
      currentSection = i;
    }
    title[i] = r.type === 'lvl1' ? -1 : currentTitle;
    section[i] = r.type === 'content' ? currentSection : -1;
  });
  return {title, section};
}

/** Share of the rest of its page's matching score that a record gets (see runQuery). */
const PAGE_BONUS = 0.2;
/** …but at most this share of its own score, so many weak mentions never beat a title match. */
const PAGE_BONUS_CAP = 0.5;

/** A word met through the record's section heading or page title counts, but less. */
const INHERITED = {section: 0.6, title: 0.45};

/**
 * DocSearch semantics without duplicating text in the index: a record answers the query when
 * every query word matches its own text, its section heading or its page title (so "MQTT 连接"
 * finds the paragraph about connecting on the MQTT page). Each word is one MiniSearch query (any
 * of its tokens; Latin words by prefix and, from five letters, with typo tolerance). If no record
 * meets every word, records meeting the most words come back instead, so a long question still
 * lands on the best section.
 */
export function runQuery(
  ms: MiniSearch<IndexedFields>,
  records: SearchRecord[],
  parents: Parents,
  query: string,
  accept: (r: SearchRecord) => boolean,
): {hits: EngineHit[]; words: string[]} {
  const words = queryWords(query);
  if (words.length === 0) return {hits: [], words};
  const lastWord = words[words.length - 1];
  const base = {
    boost: {title: 3, heading: 2, content: 1},
    // Search as you type: Latin words match by prefix; Chinese only in the word being typed.
    prefix: (term: string) => term.length >= 2 && (isLatinTerm(term) || lastWord.endsWith(term)),
  };
  // Typo tolerance only for Latin words of five letters or more, and only when the exact and
  // prefix forms find nothing: fuzzy expansion is the expensive part of a query.
  // One typo from five letters, two from eight (Algolia's defaults are 4 and 8).
  const fuzzy = (term: string) =>
    isLatinTerm(term) && /[a-z]/.test(term) && term.length >= 5 ? (term.length >= 8 ? 2 : 1) : false;
  const perWord = words.map((w) => {
    const query = {combineWith: 'OR' as const, queries: [...new Set(tokenize(w))]};
    let results = ms.search(query, base);
    if (results.length === 0) results = ms.search(query, {...base, fuzzy});
    const found = new Map<number, {score: number; terms: string[]}>();
    for (const r of results) found.set(r.id as number, {score: r.score, terms: r.terms});
    return found;
  });

  // Candidates: records that match at least one word with their own text.
  const candidates = new Set<number>();
  for (const found of perWord) for (const id of found.keys()) candidates.add(id);

  const scored: (EngineHit & {met: number; requiredMet: number})[] = [];
  const isOptional = (w: string) => w.length === 1 && /\p{Script=Han}/u.test(w);
  for (const id of candidates) {
    const record = records[id];
    if (!accept(record)) continue;
    let score = 0;
    let met = 0;
    let requiredMet = 0;
    const terms = new Map<string, string>();
    perWord.forEach((found, w) => {
      const own = found.get(id);
      const viaSection = parents.section[id] >= 0 ? found.get(parents.section[id]) : undefined;
      const viaTitle = parents.title[id] >= 0 ? found.get(parents.title[id]) : undefined;
      const best = Math.max(
        own?.score ?? 0,
        (viaSection?.score ?? 0) * INHERITED.section,
        (viaTitle?.score ?? 0) * INHERITED.title,
      );
      if (best > 0) {
        met++;
        if (!isOptional(words[w])) requiredMet++;
        score += best;
      }
      for (const m of [own, viaSection, viaTitle]) for (const t of m?.terms ?? []) terms.set(t, words[w]);
    });
    scored.push({id, score: score * (TYPE_BOOST[record.type] ?? 1), terms, met, requiredMet});
  }
  // Single Chinese characters (不, 的, 后 …) add score but are not required: ICU glues them to
  // different neighbours on a page than in a query, so requiring them loses good answers.
  const optional = words.map((w) => w.length === 1 && /\p{Script=Han}/u.test(w));
  const required = optional.every(Boolean) ? words.length : optional.filter((o) => !o).length;
  const all = scored.filter((h) => h.requiredMet >= required);
  const mostMet = Math.max(0, ...scored.map((s) => s.requiredMet));
  const chosen = all.length > 0 ? all : scored.filter((h) => h.requiredMet === mostMet);
  // A page that answers the query in several places outranks one passing mention elsewhere
  // (the same boilerplate line on every API page must not beat the page that defines the term).
  const pageOf = (id: number) => (parents.title[id] >= 0 ? parents.title[id] : id);
  const pageTotals = new Map<number, number>();
  for (const h of chosen) pageTotals.set(pageOf(h.id), (pageTotals.get(pageOf(h.id)) ?? 0) + h.score);
  for (const h of chosen) {
    const rest = (pageTotals.get(pageOf(h.id)) ?? 0) - h.score;
    h.score += Math.min(PAGE_BONUS * rest, PAGE_BONUS_CAP * h.score);
  }
  chosen.sort((a, b) => b.met - a.met || b.score - a.score || a.id - b.id);
  for (const hit of chosen) {
    // The typed words themselves are highlighted too (a prefix may have matched a longer term).
    for (const w of words) if (!hit.terms.has(w)) hit.terms.set(w, w);
  }
  return {hits: chosen.map(({id, score, terms}) => ({id, score, terms})), words};
}
