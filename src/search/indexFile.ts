/**
 * Builds the split index (src/search/splitFormat.ts) from the records: the entry and every part
 * as JSON text, by name (plugins/local-search writes them), and reads a whole index back from
 * memory or disk for the tests and the evaluation script. Node only.
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {pack, siteOrigin} from './compact';
import {formParts, segmentTerms} from './engine';
import {buildInvertedIndex, encodePostings, isTypoCandidate, type Postings, type TextTokens} from './invertedIndex';
import {FORMS} from './query';
import {
  PARTS_HASH_DIGITS,
  PARTS_ROOT,
  SPLIT_INDEX_VERSION,
  fragmentName,
  shardName,
  shardOf,
  synonymPartName,
  typeCode,
  type Shard,
  type SplitEntry,
  type SynonymPart,
} from './splitFormat';
import {SplitIndex} from './splitIndex';
import type {SearchRecord} from './types';

export interface SplitIndexFiles {
  entry: SplitEntry;
  /** Part name → JSON text, to be written under `entry.dir`. */
  parts: Map<string, string>;
}

/**
 * Shards hold about this many bytes of postings each (about 1 KB with gzip): a query with
 * synonyms looks up a dozen shards, so small shards keep it light (the offline download gets
 * them all in one bundle whatever their number).
 */
const SHARD_BYTES = 4500;
/**
 * Records per display fragment (some 400 bytes with gzip): the twenty hits of a page of results
 * come from up to twenty places, every keystroke shows other hits, and a fragment carries its
 * neighbours' text too; three records keep what a reader typing a query fetches under 60 KB.
 */
export const FRAGMENT_SIZE = 3;

/**
 * The synonym parts: one per group of forms (a two-way group's words all share one), holding for
 * each form the postings of the terms matching it looks up (formParts, segmentTerms), kept only
 * for the records that meet every segment of the form: matching a form drops the others anyway
 * (没有网络 needs 没有 and 网络), so the engine answers as from the whole shards, while 没有 and
 * 网络, common words, shrink to the few records that say 没有网络.
 */
function synonymParts(inverted: Map<string, Postings>): {byPhrase: Record<string, number>; parts: SynonymPart[]} {
  const byPhrase: Record<string, number> = {};
  const parts: SynonymPart[] = [];
  const numbers = new Map<string, number>();
  const idsOf = (terms: string[]) => {
    const ids = new Set<number>();
    for (const term of terms) {
      const postings = inverted.get(term) ?? [];
      for (let i = 0; i < postings.length; i += 2) ids.add(postings[i]);
    }
    return ids;
  };
  for (const [phrase, forms] of FORMS) {
    if (forms.length < 2) continue;
    const key = [...forms].sort().join('\n');
    let n = numbers.get(key);
    if (n === undefined) {
      numbers.set(key, (n = parts.length));
      const part: SynonymPart = {};
      for (const form of [...forms].sort()) {
        const {segments, compounds} = formParts(form);
        const terms = segments.map(segmentTerms);
        const sets = terms.length > 1 ? terms.map(idsOf) : [];
        const keep = sets.length ? sets.reduce((both, ids) => new Set([...both].filter((id) => ids.has(id)))) : null;
        const lookups: Shard = {};
        for (const term of [...new Set([...terms.flat(), ...(terms.length > 1 ? compounds : [])])].sort()) {
          const postings = inverted.get(term);
          if (!postings) continue;
          const kept: Postings = [];
          for (let i = 0; i < postings.length; i += 2) if (!keep || keep.has(postings[i])) kept.push(postings[i], postings[i + 1]);
          if (kept.length > 0) lookups[term] = encodePostings(kept);
        }
        part[form] = lookups;
      }
      parts.push(part);
    }
    byPhrase[phrase] = n;
  }
  return {byPhrase, parts};
}

const nextPowerOfTwo = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(1, n)));

/**
 * The display fragments of the records (part name → JSON text): they depend on the records alone,
 * so the build can write them while it still builds the term index.
 */
export function fragmentParts(records: SearchRecord[], fragmentSize = FRAGMENT_SIZE): Map<string, string> {
  const fragments = new Map<string, string>();
  const site = siteOrigin(records);
  for (let first = 0, n = 0; first < records.length; first += fragmentSize, n++) {
    fragments.set(fragmentName(n), JSON.stringify(pack(records.slice(first, first + fragmentSize), site)));
  }
  return fragments;
}

export function buildSplitIndex(
  records: SearchRecord[],
  {
    fragmentSize = FRAGMENT_SIZE,
    shardBytes = SHARD_BYTES,
    tokens,
    fragments = fragmentParts(records, fragmentSize),
  }: {fragmentSize?: number; shardBytes?: number; tokens?: (text: string) => TextTokens; fragments?: Map<string, string>} = {},
): SplitIndexFiles {
  const inverted = buildInvertedIndex(records, tokens);
  const encoded = [...inverted].map(([term, postings]) => [term, encodePostings(postings)] as const);
  const postingBytes = encoded.reduce((n, [term, p]) => n + term.length + 4 + JSON.stringify(p).length, 0);
  const shards = Math.max(16, nextPowerOfTwo(postingBytes / shardBytes));
  const shardContents: Shard[] = Array.from({length: shards}, () => ({}));
  // Terms in sorted order, so every shard lists its terms sorted (prefix lookups need it).
  for (const [term, postings] of encoded) shardContents[shardOf(term, shards)][term] = postings;

  const parts = new Map<string, string>();
  shardContents.forEach((shard, n) => parts.set(shardName(n), JSON.stringify(shard)));
  const synonyms = synonymParts(inverted);
  synonyms.parts.forEach((part, n) => parts.set(synonymPartName(n), JSON.stringify(part)));
  const site = siteOrigin(records);
  for (const [name, json] of fragments) parts.set(name, json);
  const typos = 'typos.json';
  parts.set(typos, JSON.stringify(encoded.map(([term]) => term).filter(isTypoCandidate)));

  const languages: string[] = [];
  const tags: string[] = [];
  const indexOf = (list: string[], value: string) => (list.includes(value) ? list : (list.push(value), list)).indexOf(value);
  const pageFacets: SplitEntry['pageFacets'] = [];
  for (const r of records) {
    if (r.type !== 'lvl1') continue;
    const language = indexOf(languages, r.language);
    const tag = indexOf(tags, r.docusaurus_tag);
    const last = pageFacets[pageFacets.length - 1];
    if (last && last[0] === language && last[1] === tag) last[2]++;
    else pageFacets.push([language, tag, 1]);
  }

  // The bundle ({name: content} of every part), put together from the parts' text as it is.
  const bundle = 'all.json';
  parts.set(bundle, `{${[...parts].map(([name, json]) => `${JSON.stringify(name)}:${json}`).join(',')}}`);

  const hash = createHash('sha256');
  for (const [name, json] of [...parts].sort(([a], [b]) => (a < b ? -1 : 1))) hash.update(`${name}\n${json}\n`);
  const entry: SplitEntry = {
    version: SPLIT_INDEX_VERSION,
    dir: `${PARTS_ROOT}/${hash.digest('hex').slice(0, PARTS_HASH_DIGITS)}/`,
    shards,
    fragmentSize,
    site,
    types: records.map((r) => typeCode(r.type)).join(''),
    facets: {language: languages, docusaurus_tag: tags},
    pageFacets,
    synonyms: synonyms.byPhrase,
    typos,
    bundle,
  };
  return {entry, parts};
}

/** The whole index in memory, every part loaded (tests, the evaluation script). */
export function loadSplitIndex({entry, parts}: SplitIndexFiles): SplitIndex {
  const index = new SplitIndex(entry);
  for (const name of index.allParts()) index.add(name, JSON.parse(parts.get(name)!));
  return index;
}

/** A built index, read from disk: the entry file and every part beside it (Node only). */
export function readSplitIndex(entryFile: string): SplitIndex {
  const entry = JSON.parse(fs.readFileSync(entryFile, 'utf8')) as SplitEntry;
  if (entry.version !== SPLIT_INDEX_VERSION) {
    throw new Error(`${entryFile}：索引格式版本 ${String(entry.version)} 与当前代码（${SPLIT_INDEX_VERSION}）不符，请重新构建站点`);
  }
  const dir = path.join(path.dirname(entryFile), entry.dir);
  const parts = new Map(new SplitIndex(entry).allParts().map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]));
  return loadSplitIndex({entry, parts});
}
