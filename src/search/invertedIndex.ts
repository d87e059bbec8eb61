/**
 * The embedded index's inverted index: for every term, the records it occurs in, each with its
 * BM25+ score already computed at build time (Okapi BM25 with MiniSearch's parameters, the field
 * boosts below), as an integer in hundredths. A query only adds up stored scores, so the browser
 * needs no document lengths or statistics, and any part of the index can be loaded on its own.
 */
import {sectionHeading} from './recordTree';
import {productNames} from './productAreas';
import {labelTerms, tokenizeParts} from './tokenize';
import type {SearchRecord} from './types';

/** Each record indexes only its own text, in the field of its type. */
export const FIELD_BOOST = {title: 3, heading: 2, content: 1} as const;
type Field = keyof typeof FIELD_BOOST;

/**
 * A page's title record also indexes the names of its product (src/search/productAreas.ts:
 * HMI, Janus …), weakly: DocSearch and the hosted index search the product area (lvl0) too, and
 * a reader names the product (HMI 配方) where the page only says 配方. The page's records meet
 * the name through their title, so it counts as met without outweighing words of the text.
 */
export const PRODUCT_BOOST = 0.5;

/**
 * A bigram of a longer Chinese word counts as this fraction of an occurrence: 开放 in a query
 * meets a page that says 开放 before one that only says 开放平台.
 */
export const BIGRAM_OCCURRENCE = 0.5;

/** Stored scores are integers: score × SCORE_SCALE, rounded. */
export const SCORE_SCALE = 100;

const BM25 = {k: 1.2, b: 0.7, d: 0.5};

/** Postings of one term: [record id, score, record id, score, …], ids ascending. */
export type Postings = number[];

function fieldOf(record: SearchRecord): {field: Field; text: string} {
  if (record.type === 'lvl1') return {field: 'title', text: record.hierarchy.lvl1 ?? ''};
  if (record.type === 'content') return {field: 'content', text: record.content ?? ''};
  if (record.type === 'lvl2' || record.type === 'lvl3') return {field: 'heading', text: sectionHeading(record)};
  return {field: 'content', text: ''};
}

/** The text a record indexes (what buildInvertedIndex cuts into tokens). */
export const recordText = (record: SearchRecord): string => fieldOf(record).text;

/** What a record's text yields for the index (see tokenizeParts and labelTerms). */
export interface TextTokens {
  words: string[];
  bigrams: string[];
  labels: string[];
  /** The field length: the number of distinct tokens, as MiniSearch counts it. */
  distinct: number;
}

export function textTokens(text: string): TextTokens {
  const {words, bigrams} = tokenizeParts(text);
  return {words, bigrams, labels: labelTerms(text), distinct: new Set([...words, ...bigrams]).size};
}

/**
 * Builds term → postings for the records (their position in the array is their id). `tokens`
 * cuts a record's text (the build passes one that remembers texts of earlier builds).
 */
export function buildInvertedIndex(records: SearchRecord[], tokens: (text: string) => TextTokens = textTokens): Map<string, Postings> {
  const count = records.length;
  const lengthSum: Record<Field, number> = {title: 0, heading: 0, content: 0};
  const lengths = new Float64Array(count);
  const fields: Field[] = [];
  // term → record → occurrences (whole words and interface labels count 1, bigrams BIGRAM_OCCURRENCE)
  const occurrences = new Map<string, Map<number, number>>();
  // Segmenting is most of the work, and headings and boilerplate lines repeat from page to page.
  const tokenized = new Map<string, TextTokens>();
  records.forEach((record, id) => {
    const {field, text} = fieldOf(record);
    fields.push(field);
    let cut = tokenized.get(text);
    if (!cut) tokenized.set(text, (cut = tokens(text)));
    const {words, bigrams, labels, distinct} = cut;
    lengths[id] = distinct;
    lengthSum[field] += distinct;
    const add = (term: string, weight: number) => {
      let byRecord = occurrences.get(term);
      if (!byRecord) occurrences.set(term, (byRecord = new Map()));
      byRecord.set(id, (byRecord.get(id) ?? 0) + weight);
    };
    for (const w of words) add(w, 1);
    for (const b of bigrams) add(b, BIGRAM_OCCURRENCE);
    for (const l of labels) add(l, 1);
  });
  // Averages over all records (a record has one field; the others count as empty), as MiniSearch.
  const average = (field: Field) => lengthSum[field] / Math.max(1, count);
  const averages: Record<Field, number> = {title: average('title'), heading: average('heading'), content: average('content')};

  // term → the title records of the pages whose product it names
  const products = new Map<string, number[]>();
  records.forEach((record, id) => {
    if (record.type !== 'lvl1') return;
    for (const term of new Set(productNames(record.url_without_anchor).flatMap((name) => tokenizeParts(name).words))) {
      let ids = products.get(term);
      if (!ids) products.set(term, (ids = []));
      ids.push(id);
    }
  });
  // One occurrence in a field of average length; the names of smaller products weigh more.
  const productScore = (term: string) => {
    const df = products.get(term)?.length ?? 0;
    return PRODUCT_BOOST * Math.log(1 + (count - df + 0.5) / (df + 0.5)) * (BM25.d + 1);
  };

  const index = new Map<string, Postings>();
  for (const term of [...new Set([...occurrences.keys(), ...products.keys()])].sort()) {
    const byRecord = occurrences.get(term) ?? new Map<number, number>();
    const inArea = new Set(products.get(term));
    const product = inArea.size ? productScore(term) : 0;
    // Document frequency per field: a term in few titles is rarer among titles.
    const frequency: Record<Field, number> = {title: 0, heading: 0, content: 0};
    for (const id of byRecord.keys()) frequency[fields[id]]++;
    const postings: Postings = [];
    for (const id of [...new Set([...byRecord.keys(), ...inArea])].sort((a, b) => a - b)) {
      const field = fields[id];
      const tf = byRecord.get(id) ?? 0;
      const df = frequency[field];
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
      const norm = tf + BM25.k * (1 - BM25.b + (BM25.b * lengths[id]) / averages[field]);
      const text = tf ? FIELD_BOOST[field] * idf * (BM25.d + (tf * (BM25.k + 1)) / norm) : 0;
      const score = text + (inArea.has(id) ? product : 0);
      postings.push(id, Math.max(1, Math.round(score * SCORE_SCALE)));
    }
    index.set(term, postings);
  }
  return index;
}

/** Postings as stored in files: ids as gaps from the previous id (small numbers compress well). */
export function encodePostings(postings: Postings): number[] {
  const out: number[] = [];
  let previous = 0;
  for (let i = 0; i < postings.length; i += 2) {
    out.push(postings[i] - previous, postings[i + 1]);
    previous = postings[i];
  }
  return out;
}

export function decodePostings(encoded: number[]): Postings {
  const out: Postings = new Array(encoded.length);
  let id = 0;
  for (let i = 0; i < encoded.length; i += 2) {
    id += encoded[i];
    out[i] = id;
    out[i + 1] = encoded[i + 1];
  }
  return out;
}

/** Where a query looks terms up: the whole index in memory, or the parts of it loaded so far. */
export interface TermSource {
  /** The term's postings, or undefined when no record has it. */
  postings(term: string): Postings | undefined;
  /** Every indexed term that starts with `prefix` (the prefix itself included when indexed). */
  withPrefix(prefix: string): string[];
  /** Latin terms within `maxDistance` typos of `term` (see boundedDistance), with their distance. */
  similar(term: string, maxDistance: number): [term: string, distance: number][];
  /** True while some lookup needed a part of the index not loaded yet (its answers are incomplete). */
  pending?(): boolean;
  /**
   * Where the exact lookups of `form`, a synonym of the query word `phrase`, are answered, if not
   * here: a source whose postings keep only the records meeting the whole form, which is all
   * matching a form reads of them (see formParts in engine.ts and synonymPart in indexFile.ts).
   */
  synonymSource?(phrase: string, form: string): TermSource | undefined;
}

/** First index in a sorted array whose value is ≥ `value`. */
export function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function termsWithPrefix(sorted: string[], prefix: string): string[] {
  const out: string[] = [];
  for (let i = lowerBound(sorted, prefix); i < sorted.length && sorted[i].startsWith(prefix); i++) out.push(sorted[i]);
  return out;
}

/**
 * Edit distance of a and b if it is at most `max`, else max + 1: insertions, deletions,
 * substitutions and swaps of two neighbouring letters each count one (modbsu → modbus is one
 * typo, as Algolia counts it).
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Three rows of the dynamic programme, reused across calls (typo lookups scan every Latin term).
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width * 2);
  let beforePrevious = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j < width; j++) rows[previous + j] = j;
  for (let i = 1; i <= a.length; i++) {
    rows[current] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j < width; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        value = Math.min(value, rows[beforePrevious + j - 2] + 1);
      }
      rows[current + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return rows[previous + b.length];
}
let rows = new Int32Array(96);

export function similarTerms(candidates: string[], term: string, maxDistance: number): [string, number][] {
  const out: [string, number][] = [];
  for (const candidate of candidates) {
    const distance = boundedDistance(term, candidate, maxDistance);
    if (distance <= maxDistance) out.push([candidate, distance]);
  }
  return out;
}

/** Terms the typo tolerance may reach: Latin words only (Chinese words never get it). */
export const isTypoCandidate = (term: string): boolean => !/\p{Script=Han}/u.test(term);

/** The whole inverted index in memory (build time, tests, the evaluation script). */
export function memoryTermSource(index: Map<string, Postings>): TermSource {
  const sorted = [...index.keys()].sort();
  const latin = sorted.filter(isTypoCandidate);
  return {
    postings: (term) => index.get(term),
    withPrefix: (prefix) => termsWithPrefix(sorted, prefix),
    similar: (term, maxDistance) => similarTerms(latin, term, maxDistance),
  };
}
