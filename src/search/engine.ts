/**
 * The embedded search engine's query side: the reader's words, looked up in an inverted index
 * (src/search/invertedIndex.ts) and combined into ranked records with DocSearch's semantics.
 * The same code answers in the browser, in the evaluation script and in the tests.
 */
import {compoundParts, isLatinTerm, labelTerm, segmentWords, tokenize} from './tokenize';
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
  /** matched index term → the query word it answers (worked out when first read) */
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

/** A synonym counts a little less than the word the reader typed. */
const SYNONYM_WEIGHT = 0.9;

/** A record naming an interface element typed as one run (see labelTerm) gains this many times the label's score. */
const LABEL_WEIGHT = 4;

/** Below this many pages, a query is relaxed: records meeting fewer of its words come back too. */
const RELAX_BELOW_PAGES = 5;

const isIdentifier = (form: string) => /^[a-z0-9]+(?:[._\-/:][a-z0-9]+)+$/.test(form);

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

/**
 * Lookup tokens of a form: its distinct tokens, an identifier twice, so that a record holding
 * keep_alive itself outranks one that only has its parts (a heading 「Keep Alive」).
 */
const lookupTokens = memoize((form) => [...new Set(tokenize(form))].flatMap((t) => (isIdentifier(t) ? [t, t] : [t])));
const formSegments = memoize((form) => (isIdentifier(form) ? [form] : segmentWords(form)));
const formCompoundParts = memoize((form) => compoundParts(form));

/**
 * A score per record, dense (score[id] > 0: the record matches), with the ids that match. Arrays
 * as long as the index come from a pool and go back after each query: a query allocates nothing
 * per record, which keeps it fast on a site ten times larger.
 */
interface Vector {
  score: Float64Array;
  ids: number[];
}

class Scratch {
  private free: Float64Array[] = [];
  /** Per record: how many of the current segment's tokens it met, and the last token counted. */
  readonly count: Uint16Array;
  readonly lastToken: Int32Array;
  constructor(readonly size: number) {
    this.count = new Uint16Array(size);
    this.lastToken = new Int32Array(size).fill(-1);
  }
  take(): Vector {
    return {score: this.free.pop() ?? new Float64Array(this.size), ids: []};
  }
  give(v: Vector): void {
    for (const id of v.ids) v.score[id] = 0;
    v.ids.length = 0;
    this.free.push(v.score);
  }
}

const scratches = new Map<number, Scratch>();
function scratchFor(size: number): Scratch {
  let scratch = scratches.get(size);
  if (!scratch) {
    scratches.clear(); // one index per page; a new size means a new index
    scratches.set(size, (scratch = new Scratch(size)));
  }
  return scratch;
}

/** The terms looked up for one segment of a form, kept to tell afterwards which of them a record has. */
type Lookup = {term: string; postings: Postings}[];
/** Per form, per segment, the lookups (for highlighting the terms of the hits shown). */
type FormLookups = Lookup[];

function hasRecord(postings: Postings, id: number): boolean {
  let lo = 0;
  let hi = postings.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = postings[mid * 2];
    if (at === id) return true;
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

interface Context {
  source: TermSource;
  scratch: Scratch;
  prefix: (term: string) => boolean;
}

/**
 * Every record with any of the segment's tokens (OR, scores added), by prefix where allowed;
 * a record meeting more of the tokens counts more: the sum times the number of tokens met.
 */
function matchSegment(ctx: Context, segment: string, typos: boolean, lookup: Lookup): Vector {
  const {source, scratch, prefix} = ctx;
  const out = scratch.take();
  const add = (term: string, token: number, weight: number) => {
    const postings = source.postings(term);
    if (!postings) return;
    lookup.push({term, postings});
    for (let i = 0; i < postings.length; i += 2) {
      const id = postings[i];
      if (out.score[id] === 0) out.ids.push(id);
      out.score[id] += (postings[i + 1] / SCORE_SCALE) * weight;
      if (scratch.lastToken[id] !== token) {
        scratch.lastToken[id] = token;
        scratch.count[id]++;
      }
    }
  };
  lookupTokens(segment).forEach((token) => {
    // Repeated tokens count once towards the number met, as distinct query terms do.
    const first = lookupTokens(segment).indexOf(token);
    const withPrefix = prefix(token) ? source.withPrefix(token) : [];
    if (!typos) {
      add(token, first, 1);
      for (const term of withPrefix) {
        const distance = term.length - token.length;
        if (distance > 0) add(term, first, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance));
      }
      return;
    }
    // Typo tolerance: Latin tokens of five letters or more, one typo from five letters, two from eight.
    const maxTypos = isLatinTerm(token) && /[a-z]/.test(token) && token.length >= 5 ? (token.length >= 8 ? 2 : 1) : 0;
    if (maxTypos === 0) return;
    const prefixed = new Set(withPrefix);
    for (const [term, distance] of source.similar(token, maxTypos)) {
      if (distance > 0 && !prefixed.has(term)) add(term, first, (TYPO_WEIGHT * term.length) / (term.length + distance));
    }
  });
  for (const id of out.ids) {
    out.score[id] *= scratch.count[id];
    scratch.count[id] = 0;
    scratch.lastToken[id] = -1;
  }
  return out;
}

/** Records in every one of the vectors, their scores added; the inputs go back to the pool. */
function matchAll(scratch: Scratch, [first, ...rest]: Vector[]): Vector {
  const out = scratch.take();
  for (const id of first.ids) {
    let score = first.score[id];
    for (const v of rest) {
      if (v.score[id] === 0) {
        score = 0;
        break;
      }
      score += v.score[id];
    }
    if (score > 0) {
      out.score[id] = score;
      out.ids.push(id);
    }
  }
  for (const v of [first, ...rest]) scratch.give(v);
  return out;
}

/**
 * The segments of a form, each matched on its own, and the compounds among them (see matchForm).
 *
 * Records matching a form. A phrase the segmenter cuts into several words (没有网络 → 没有 + 网络,
 * 高低字节 → 高低 + 字节) needs all of them in the record, or 网络 alone would stand for 没有网络.
 * A compound (开放平台) needs its everyday words (开放 and 平台); written as one word it counts more.
 */
export function formParts(form: string): {segments: string[]; compounds: string[]} {
  const segments: string[] = [];
  const compounds: string[] = [];
  for (const segment of formSegments(form)) {
    const parts = formCompoundParts(segment);
    if (parts) compounds.push(segment);
    segments.push(...(parts ?? [segment]));
  }
  return {segments, compounds};
}

/** The terms matchSegment looks up for a segment when neither prefixes nor typos are allowed. */
export const segmentTerms = (segment: string): string[] => [...new Set(lookupTokens(segment))];

function matchForm(ctx: Context, form: string, typos: boolean, lookups: FormLookups): Vector {
  const {segments, compounds} = formParts(form);
  const vectors = segments.map((segment) => {
    const lookup: Lookup = [];
    lookups.push(lookup);
    return matchSegment(ctx, segment, typos, lookup);
  });
  if (vectors.length === 1) return vectors[0];
  const out = matchAll(ctx.scratch, vectors);
  for (const compound of compounds) {
    const whole = ctx.source.postings(compound) ?? [];
    for (let i = 0; i < whole.length; i += 2) {
      if (out.score[whole[i]] > 0) out.score[whole[i]] += whole[i + 1] / SCORE_SCALE;
    }
  }
  return out;
}

/** What a query word matched, and how to tell afterwards which terms a record has. */
interface WordMatch {
  vector: Vector;
  /** Per form: its segments' lookups. */
  forms: FormLookups[];
}

/**
 * One word's matches: the typed form (Latin tokens and the Chinese word being typed also by
 * prefix) and its synonyms (exactly); a record scores by its best form. If no form matches
 * anything, the typed form with typo tolerance (the expensive part of a query, so tried last).
 */
function matchWord(ctx: Context, word: QueryWord): WordMatch {
  const [typed, ...synonyms] = word.forms;
  const typedLookups: FormLookups = [];
  const forms = [typedLookups];
  const out = matchForm(ctx, typed, false, typedLookups);
  for (const synonym of synonyms) {
    const lookups: FormLookups = [];
    forms.push(lookups);
    // A synonym is looked up exactly, from its group's synonym part where the index has one.
    const source = ctx.source.synonymSource?.(word.text, synonym) ?? ctx.source;
    const v = matchForm({...ctx, source, prefix: () => false}, synonym, false, lookups);
    for (const id of v.ids) {
      const score = v.score[id] * SYNONYM_WEIGHT;
      if (score > out.score[id]) {
        if (out.score[id] === 0) out.ids.push(id);
        out.score[id] = score;
      }
    }
    ctx.scratch.give(v);
  }
  // Typos only once every shard the exact forms need is there: "nothing found" must be true.
  if (out.ids.length > 0 || ctx.source.pending?.()) return {vector: out, forms};
  ctx.scratch.give(out);
  const typoLookups: FormLookups = [];
  return {vector: matchForm(ctx, typed, true, typoLookups), forms: [typoLookups]};
}

/** The terms of a word that a record matched: only forms whose every segment it has count. */
function termsIn(match: WordMatch, id: number, into: Map<string, string>, word: string): void {
  for (const segments of match.forms) {
    if (segments.length === 0 || !segments.every((lookup) => lookup.some(({postings}) => hasRecord(postings, id)))) continue;
    for (const lookup of segments) for (const {term, postings} of lookup) if (hasRecord(postings, id)) into.set(term, word);
  }
}

/**
 * Runs of the query typed without a space that name an interface element (设备拒绝, 轮换密钥):
 * records holding the label, or under a heading or title that holds it, score more. Which words
 * a record meets is unchanged; the label only orders records that meet the same words.
 */
function addLabelScores(source: TermSource, {parents, types}: IndexMeta, query: string, scored: {id: number; score: number}[]): void {
  for (const run of query.toLowerCase().split(/\s+/)) {
    const term = labelTerm(run);
    const postings = term ? source.postings(term) : undefined;
    if (!postings) continue;
    const label = new Map<number, number>();
    for (let i = 0; i < postings.length; i += 2) label.set(postings[i], postings[i + 1] / SCORE_SCALE);
    const at = (id: number, weight: number) => (id >= 0 ? (label.get(id) ?? 0) * weight : 0);
    for (const h of scored) {
      const best = Math.max(at(h.id, 1), at(parents.section[h.id], INHERITED.section), at(parents.title[h.id], INHERITED.title));
      h.score += LABEL_WEIGHT * best * (TYPE_BOOST[types[h.id]] ?? 1);
    }
  }
}

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
  const {parents, types} = meta;
  const scratch = scratchFor(types.length);
  const lastWord = words[words.length - 1];
  // Search as you type: Latin words match by prefix; Chinese only in the word being typed.
  const prefix = (term: string) => term.length >= 2 && (isLatinTerm(term) || lastWord.endsWith(term));
  const matches = parsed.map((w) => matchWord({source, scratch, prefix}, w));
  const vectors = matches.map((m) => m.vector);

  // Single Chinese characters add score but are not required, unless the query has nothing else.
  const optional = parsed.every((w) => w.optional) ? parsed.map(() => false) : parsed.map((w) => w.optional);
  const required = optional.filter((o) => !o).length;
  const scored: {id: number; score: number; met: number; requiredMet: number}[] = [];
  // Candidates: records that match at least one word with their own text (each once).
  const seen = new Set<number>();
  for (const v of vectors) {
    for (const id of v.ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      if (!accept(id)) continue;
      const section = parents.section[id];
      const title = parents.title[id];
      let score = 0;
      let met = 0;
      let requiredMet = 0;
      for (let w = 0; w < vectors.length; w++) {
        const s = vectors[w].score;
        const best = Math.max(s[id], section >= 0 ? s[section] * INHERITED.section : 0, title >= 0 ? s[title] * INHERITED.title : 0);
        if (best > 0) {
          met++;
          if (!optional[w]) requiredMet++;
          score += best;
        }
      }
      scored.push({id, score: score * (TYPE_BOOST[types[id]] ?? 1), met, requiredMet});
    }
  }
  for (const v of vectors) scratch.give(v);
  addLabelScores(source, meta, query, scored);

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

  // Matched terms are only needed for the hits shown: worked out when first read.
  const termsOf = (id: number) => {
    const terms = new Map<string, string>();
    matches.forEach((match, w) => {
      for (const via of [id, parents.section[id], parents.title[id]]) if (via >= 0) termsIn(match, via, terms, words[w]);
    });
    // The typed words themselves are highlighted too (a prefix may have matched a longer term).
    for (const w of words) if (!terms.has(w)) terms.set(w, w);
    return terms;
  };
  const hits = chosen.map(({id, score}): EngineHit => {
    let terms: Map<string, string> | undefined;
    return {
      id,
      score,
      get terms() {
        terms ??= termsOf(id);
        return terms;
      },
    };
  });
  return {hits, words};
}
