/**
 * The embedded index as files the browser fetches on demand (written by plugins/local-search):
 *
 * - the entry file `search-index.<build>.json`: what ranking needs of every record (its type,
 *   from which page and section follow; its page's language and version tag) and where the parts
 *   are, a few kilobytes;
 * - term shards `s<n>.json`: the inverted index, split by the first two characters of each term,
 *   so a query fetches only the shards of its words (and their synonyms, prefixes and typos),
 *   and every term with a given two-character prefix is in one shard;
 * - synonym parts `y<n>.json`: for one group of synonyms (src/search/synonyms.ts), the postings
 *   each form of the group looks up, kept only for the records that meet the whole form, so a
 *   word with synonyms fetches its own shard and one small part instead of a shard for every
 *   word of every synonym (断网 has seven forms in nine shards);
 * - display fragments `f<n>.json`: titles, headings and text of `fragmentSize` records in a row,
 *   fetched only for the hits shown;
 * - `typos.json`: the Latin terms, fetched only when a word needs typo tolerance;
 * - `all.json`: every part in one file, for the offline-reading download (one request, as many
 *   bytes as the parts).
 *
 * Parts live in `search/<content hash>/`: a new index gets new names, so they are cached for good.
 */
import type {PackedRecords} from './compact';
import type {RecordType} from './types';

export const SPLIT_INDEX_VERSION = 6;

/** The folder (relative to the site root) that holds each index's parts folder. */
export const PARTS_ROOT = 'search';
/** Hex digits of the content hash that names an index's parts folder (PARTS_ROOT/<hash>/). */
export const PARTS_HASH_DIGITS = 16;

export interface SplitEntry {
  version: typeof SPLIT_INDEX_VERSION;
  /** Directory of the parts, relative to the site root (no leading slash), ending in "/". */
  dir: string;
  /** Number of term shards. */
  shards: number;
  /** Records per display fragment. */
  fragmentSize: number;
  /** The origin of every record's URL (fragments store paths). */
  site: string;
  /** One character per record: 1, 2, 3 (title, h2, h3 records) or c (content). */
  types: string;
  /** The values of the two facets DocSearch filters on. */
  facets: {language: string[]; docusaurus_tag: string[]};
  /** Per run of pages in record order: [language index, tag index, number of pages]. */
  pageFacets: [language: number, tag: number, pages: number][];
  /** Per phrase with synonyms (as src/search/query.ts finds it in a query): its synonym part. */
  synonyms: Record<string, number>;
  /** Part names in `dir`. */
  typos: string;
  bundle: string;
}

/** A shard: term → postings as encodePostings() writes them, terms sorted. */
export type Shard = Record<string, number[]>;
/** A synonym part: form → its lookup terms → postings (encodePostings) of the records meeting the whole form. */
export type SynonymPart = Record<string, Shard>;
/** A fragment: the packed display data of its records, in id order. */
export type Fragment = PackedRecords;
/** The offline bundle: part name → its content (as it is in its own file). */
export type Bundle = Record<string, unknown>;

const TYPE_CODES: Record<string, RecordType> = {1: 'lvl1', 2: 'lvl2', 3: 'lvl3', c: 'content'};
export const typeCode = (type: RecordType): string => ({lvl1: '1', lvl2: '2', lvl3: '3'})[type as 'lvl1'] ?? 'c';
export const typesOf = (codes: string): RecordType[] => Array.from(codes, (c) => TYPE_CODES[c]);

/**
 * All terms starting with the same two characters share a shard, so a prefix reads one shard. An
 * interface label (「规则引擎」, see labelTerm) goes with the words it starts with: a query looking
 * it up has just read that shard for its first word.
 */
export function shardOf(term: string, shards: number): number {
  const key = (term.startsWith('「') ? term.slice(1) : term).slice(0, 2);
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

export const shardName = (n: number): string => `s${n}.json`;
export const fragmentName = (n: number): string => `f${n}.json`;
export const synonymPartName = (n: number): string => `y${n}.json`;
