/**
 * The embedded search engine's query side: the reader's words, looked up in an inverted index
 * (src/search/invertedIndex.ts) and combined into ranked records with DocSearch's semantics.
 * The same code answers in the browser, in the evaluation script and in the tests.
 */
import {isLatinTerm, segmentWords, tokenize} from './tokenize';
import {SCORE_SCALE, type Postings, type TermSource} from './invertedIndex';
import {pageOf, type Parents} from './recordTree';
import type {RecordType} from './types';

/** What the engine needs to know of every record besides its terms. */
export interface IndexMeta {
  types: RecordType[];
  parents: Parents;
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
  /** matched query token → the query word it answers */
  terms: Map<string, string>;
}

/** Heading hits outrank body text: the page title most, then h2, then h3. */
const TYPE_BOOST: Record<string, number> = {lvl1: 2.2, lvl2: 1.6, lvl3: 1.3, content: 1};

/** Share of the rest of its page's matching score that a record gets (see runQuery). */
const PAGE_BONUS = 0.2;
/** …but at most this share of its own score, so many weak mentions never beat a title match. */
const PAGE_BONUS_CAP = 0.5;

/** A word met through the record's section heading or page title counts, but less. */
const INHERITED = {section: 0.6, title: 0.45};

/** A longer term found by a prefix, or a similar one found by typo tolerance, counts for less (MiniSearch's weights). */
const PREFIX_WEIGHT = 0.375;
const TYPO_WEIGHT = 0.45;

interface Found {
  score: number;
  /** The query tokens that matched. */
  tokens: string[];
  /** The index terms they matched (prefix and typo expansions included), for highlighting. */
  terms: string[];
}

/**
 * One word's matches: every record with any of its tokens (OR, scores added); Latin tokens and
 * the Chinese word being typed also by prefix; if nothing matches, Latin tokens of five letters
 * or more with typo tolerance (one typo from five letters, two from eight; Algolia's defaults are
 * 4 and 8). Typos are tried last because they are the expensive part of a query.
 */
function matchWord(source: TermSource, tokens: string[], prefix: (t: string) => boolean): Map<number, Found> {
  const found = new Map<number, Found>();
  const add = (postings: Postings | undefined, weight: number, token: string, term: string) => {
    if (!postings) return;
    for (let i = 0; i < postings.length; i += 2) {
      const id = postings[i];
      const score = (postings[i + 1] / SCORE_SCALE) * weight;
      const entry = found.get(id);
      if (!entry) found.set(id, {score, tokens: [token], terms: [term]});
      else {
        entry.score += score;
        if (!entry.tokens.includes(token)) entry.tokens.push(token);
        if (!entry.terms.includes(term)) entry.terms.push(term);
      }
    }
  };
  for (const token of tokens) {
    add(source.postings(token), 1, token, token);
    if (!prefix(token)) continue;
    for (const term of source.withPrefix(token)) {
      const distance = term.length - token.length;
      if (distance > 0) add(source.postings(term), (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance), token, term);
    }
  }
  if (found.size > 0) return finish(found);
  for (const token of tokens) {
    const maxTypos = isLatinTerm(token) && /[a-z]/.test(token) && token.length >= 5 ? (token.length >= 8 ? 2 : 1) : 0;
    if (maxTypos === 0) continue;
    const prefixed = new Set(prefix(token) ? source.withPrefix(token) : []);
    for (const [term, distance] of source.similar(token, maxTypos)) {
      if (distance === 0 || prefixed.has(term)) continue;
      add(source.postings(term), (TYPO_WEIGHT * term.length) / (term.length + distance), token, term);
    }
  }
  return finish(found);
}

/** A record matching more of the word's tokens counts more: the sum times the number of tokens met. */
function finish(found: Map<number, Found>): Map<number, Found> {
  for (const entry of found.values()) entry.score *= entry.tokens.length;
  return found;
}

/**
 * DocSearch semantics without duplicating text in the index: a record answers the query when
 * every query word matches its own text, its section heading or its page title (so "MQTT 连接"
 * finds the paragraph about connecting on the MQTT page). If no record meets every word, records
 * meeting the most words come back instead, so a long question still lands on the best section.
 */
export function runQuery(
  source: TermSource,
  meta: IndexMeta,
  query: string,
  accept: (id: number) => boolean,
): {hits: EngineHit[]; words: string[]} {
  const words = queryWords(query);
  if (words.length === 0) return {hits: [], words};
  const lastWord = words[words.length - 1];
  // Search as you type: Latin words match by prefix; Chinese only in the word being typed.
  const prefix = (term: string) => term.length >= 2 && (isLatinTerm(term) || lastWord.endsWith(term));
  const perWord = words.map((w) => matchWord(source, [...new Set(tokenize(w))].flatMap((t) => tokenize(t)), prefix));
  const {parents, types} = meta;

  // Candidates: records that match at least one word with their own text.
  const candidates = new Set<number>();
  for (const found of perWord) for (const id of found.keys()) candidates.add(id);

  const scored: (EngineHit & {met: number; requiredMet: number})[] = [];
  const isOptional = (w: string) => w.length === 1 && /\p{Script=Han}/u.test(w);
  for (const id of candidates) {
    if (!accept(id)) continue;
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
    scored.push({id, score: score * (TYPE_BOOST[types[id]] ?? 1), terms, met, requiredMet});
  }
  // Single Chinese characters (不, 的, 后 …) add score but are not required: ICU glues them to
  // different neighbours on a page than in a query, so requiring them loses good answers.
  const optional = words.map(isOptional);
  const required = optional.every(Boolean) ? words.length : optional.filter((o) => !o).length;
  const all = scored.filter((h) => h.requiredMet >= required);
  const mostMet = Math.max(0, ...scored.map((s) => s.requiredMet));
  const chosen = all.length > 0 ? all : scored.filter((h) => h.requiredMet === mostMet);
  // A page that answers the query in several places outranks one passing mention elsewhere
  // (the same boilerplate line on every API page must not beat the page that defines the term).
  const pageTotals = new Map<number, number>();
  for (const h of chosen) pageTotals.set(pageOf(parents, h.id), (pageTotals.get(pageOf(parents, h.id)) ?? 0) + h.score);
  for (const h of chosen) {
    const rest = (pageTotals.get(pageOf(parents, h.id)) ?? 0) - h.score;
    h.score += Math.min(PAGE_BONUS * rest, PAGE_BONUS_CAP * h.score);
  }
  chosen.sort((a, b) => b.met - a.met || b.score - a.score || a.id - b.id);
  for (const hit of chosen) {
    // The typed words themselves are highlighted too (a prefix may have matched a longer term).
    for (const w of words) if (!hit.terms.has(w)) hit.terms.set(w, w);
  }
  return {hits: chosen.map(({id, score, terms}) => ({id, score, terms})), words};
}
