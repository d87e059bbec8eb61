/**
 * The embedded search engine's query side: the reader's words, looked up in an inverted index
 * (src/search/invertedIndex.ts) and combined into ranked records with DocSearch's semantics.
 * The same code answers in the browser, in the evaluation script and in the tests.
 */
import {compoundParts, isLatinTerm, segmentWords, tokenize} from './tokenize';
import {SCORE_SCALE, type Postings, type TermSource} from './invertedIndex';
import {parseQuery, type QueryWord} from './query';
import {pageOf, type Parents} from './recordTree';
import type {RecordType} from './types';

/** What the engine needs to know of every record besides its terms. */
export interface IndexMeta {
  types: RecordType[];
  parents: Parents;
}

/** The reader's words, as the highlighter needs them: segmented, lower-cased, de-duplicated. */
export const queryWords = (query: string): string[] => parseQuery(query).map((w) => w.text);

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

const isIdentifier = (form: string) => /^[a-z0-9]+(?:[._\-/:][a-z0-9]+)+$/.test(form);

/** A synonym counts a little less than the word the reader typed. */
const SYNONYM_WEIGHT = 0.9;

type Matches = Map<number, Found>;

function collector(found: Matches) {
  return (postings: Postings | undefined, weight: number, token: string, term: string) => {
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
}

/** Segmenting is the slow part of reading a query: each form is cut once per page load. */
function memoize<T>(compute: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      if (cache.size > 5000) cache.clear();
      value = compute(key);
      cache.set(key, value);
    }
    return value;
  };
}

/** Lookup tokens of a form: its tokens, each tokenized again (an identifier's parts count twice, as they always have). */
const lookupTokens = memoize((form) => [...new Set(tokenize(form))].flatMap((t) => tokenize(t)));
const formSegments = memoize((form) => (isIdentifier(form) ? [form] : segmentWords(form)));
const formCompoundParts = memoize((form) => compoundParts(form));

/** Every record with any of the word's tokens (OR, scores added); by prefix where `prefix` allows. */
function matchSegment(source: TermSource, segment: string, prefix: (t: string) => boolean): Matches {
  const found: Matches = new Map();
  const add = collector(found);
  for (const token of lookupTokens(segment)) {
    add(source.postings(token), 1, token, token);
    if (!prefix(token)) continue;
    for (const term of source.withPrefix(token)) {
      const distance = term.length - token.length;
      if (distance > 0) add(source.postings(term), (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance), token, term);
    }
  }
  return finish(found);
}

/**
 * Records matching a form. A phrase the segmenter cuts into several words (没有网络 → 没有 + 网络,
 * 高低字节 → 高低 + 字节) needs all of them in the record, or 网络 alone would stand for 没有网络.
 */
function matchForm(source: TermSource, form: string, prefix: (t: string) => boolean): Matches {
  const segments = formSegments(form);
  if (segments.length > 1) return matchAll(segments.map((segment) => matchForm(source, segment, prefix)));
  // A compound (开放平台) needs its everyday words (开放 and 平台); written as one word it counts more.
  const parts = formCompoundParts(form);
  if (!parts) return matchSegment(source, form, prefix);
  const found = matchAll(parts.map((part) => matchSegment(source, part, prefix)));
  const whole = source.postings(form) ?? [];
  for (let i = 0; i < whole.length; i += 2) {
    const entry = found.get(whole[i]);
    if (entry) entry.score += whole[i + 1] / SCORE_SCALE;
  }
  return found;
}

/** Records in every one of the match sets, their scores added. */
function matchAll([first, ...rest]: Matches[]): Matches {
  const found: Matches = new Map();
  for (const [id, entry] of first) {
    const others = rest.map((m) => m.get(id));
    if (others.some((o) => !o)) continue;
    const merged: Found = {score: entry.score, tokens: [...entry.tokens], terms: [...entry.terms]};
    for (const o of others as Found[]) {
      merged.score += o.score;
      merged.tokens.push(...o.tokens);
      merged.terms.push(...o.terms);
    }
    found.set(id, merged);
  }
  return found;
}

/**
 * Typo tolerance for a form that found nothing: Latin tokens of five letters or more, one typo
 * from five letters, two from eight (Algolia's defaults are 4 and 8); a swap of two neighbouring
 * letters is one typo. Tried last because it is the expensive part of a query.
 */
function matchTypos(source: TermSource, form: string, prefix: (t: string) => boolean): Matches {
  const found: Matches = new Map();
  const add = collector(found);
  for (const token of lookupTokens(form)) {
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

/** A record matching more of the form's tokens counts more: the sum times the number of tokens met. */
function finish(found: Matches): Matches {
  for (const entry of found.values()) entry.score *= entry.tokens.length;
  return found;
}

/**
 * One word's matches: the typed form (Latin tokens and the Chinese word being typed also by
 * prefix) and its synonyms (exactly); a record scores by its best form. If no form matches
 * anything, the typed form with typo tolerance.
 */
function matchWord(source: TermSource, word: QueryWord, prefix: (t: string) => boolean): Matches {
  const [typed, ...synonyms] = word.forms;
  const found = matchForm(source, typed, prefix);
  for (const synonym of synonyms) {
    for (const [id, entry] of matchForm(source, synonym, () => false)) {
      const score = entry.score * SYNONYM_WEIGHT;
      const current = found.get(id);
      if (!current) found.set(id, {...entry, score});
      else {
        current.score = Math.max(current.score, score);
        for (const t of entry.terms) if (!current.terms.includes(t)) current.terms.push(t);
      }
    }
  }
  return found.size > 0 ? found : matchTypos(source, typed, prefix);
}

/** Below this many pages, a query is relaxed: records meeting fewer of its words come back too. */
const RELAX_BELOW_PAGES = 5;

/**
 * DocSearch semantics without duplicating text in the index: a record answers the query when
 * every query word matches its own text, its section heading or its page title (so "MQTT 连接"
 * finds the paragraph about connecting on the MQTT page). When that finds fewer than five pages,
 * the query is relaxed one word at a time, as Algolia's removeWordsIfNoResults does: records
 * meeting more words always rank above records meeting fewer, so a long question still lands on
 * the best section and a precise one loses nothing.
 */
export function runQuery(
  source: TermSource,
  meta: IndexMeta,
  query: string,
  accept: (id: number) => boolean,
): {hits: EngineHit[]; words: string[]} {
  const parsed = parseQuery(query);
  const words = parsed.map((w) => w.text);
  if (words.length === 0) return {hits: [], words};
  const lastWord = words[words.length - 1];
  // Search as you type: Latin words match by prefix; Chinese only in the word being typed.
  const prefix = (term: string) => term.length >= 2 && (isLatinTerm(term) || lastWord.endsWith(term));
  const perWord = parsed.map((w) => matchWord(source, w, prefix));
  const {parents, types} = meta;

  // Candidates: records that match at least one word with their own text.
  const candidates = new Set<number>();
  for (const found of perWord) for (const id of found.keys()) candidates.add(id);

  // Single Chinese characters add score but are not required, unless the query has nothing else.
  const optional = parsed.every((w) => w.optional) ? parsed.map(() => false) : parsed.map((w) => w.optional);
  const required = optional.filter((o) => !o).length;
  const scored: {id: number; score: number; met: number; requiredMet: number}[] = [];
  for (const id of candidates) {
    if (!accept(id)) continue;
    let score = 0;
    let met = 0;
    let requiredMet = 0;
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
        if (!optional[w]) requiredMet++;
        score += best;
      }
    });
    scored.push({id, score: score * (TYPE_BOOST[types[id]] ?? 1), met, requiredMet});
  }
  let level = required;
  let chosen = scored.filter((h) => h.requiredMet >= level);
  const pages = (hits: typeof scored) => new Set(hits.map((h) => pageOf(parents, h.id))).size;
  while (level > 1 && pages(chosen) < RELAX_BELOW_PAGES) {
    level--;
    chosen = scored.filter((h) => h.requiredMet >= level);
  }
  // A page that answers the query in several places outranks one passing mention elsewhere
  // (the same boilerplate line on every API page must not beat the page that defines the term).
  const pageTotals = new Map<number, number>();
  for (const h of chosen) pageTotals.set(pageOf(parents, h.id), (pageTotals.get(pageOf(parents, h.id)) ?? 0) + h.score);
  for (const h of chosen) {
    const rest = (pageTotals.get(pageOf(parents, h.id)) ?? 0) - h.score;
    h.score += Math.min(PAGE_BONUS * rest, PAGE_BONUS_CAP * h.score);
  }
  chosen.sort((a, b) => b.requiredMet - a.requiredMet || b.met - a.met || b.score - a.score || a.id - b.id);
  // Matched terms are only needed for the hits shown: worked out when first asked for.
  const termsOf = (id: number) => {
    const terms = new Map<string, string>();
    perWord.forEach((found, w) => {
      for (const via of [id, parents.section[id], parents.title[id]]) {
        for (const t of (via >= 0 && found.get(via)?.terms) || []) terms.set(t, words[w]);
      }
    });
    // The typed words themselves are highlighted too (a prefix may have matched a longer term).
    for (const w of words) if (!terms.has(w)) terms.set(w, w);
    return terms;
  };
  const hits = chosen.map(({id, score}): EngineHit => {
    let terms: Map<string, string> | undefined;
    return {id, score, get terms() {
      terms ??= termsOf(id);
      return terms;
    }};
  });
  return {hits, words};
}
