/**
 * The embedded index file: the records (packed, src/search/compact.ts) and the inverted index.
 * Written at build time by plugins/local-search, loaded by the browser's search client.
 */
import {pack, unpack} from './compact';
import {buildInvertedIndex, decodePostings, encodePostings, memoryTermSource, type Postings} from './invertedIndex';
import {parentsOf} from './recordTree';
import type {LoadedIndex} from './localClient';
import type {SearchIndexFile, SearchRecord} from './types';

export function createIndexFile(records: SearchRecord[]): SearchIndexFile {
  const terms: Record<string, number[]> = {};
  for (const [term, postings] of buildInvertedIndex(records)) terms[term] = encodePostings(postings);
  return {version: 3, records: pack(records), terms};
}

export function loadIndexFile(file: SearchIndexFile): LoadedIndex {
  if (file.version !== 3) throw new Error(`搜索索引格式版本 ${String(file.version)} 与当前代码不符，请重新构建站点`);
  const records = unpack(file.records);
  const index = new Map<string, Postings>();
  for (const term of Object.keys(file.terms)) index.set(term, decodePostings(file.terms[term]));
  return {records, meta: {types: records.map((r) => r.type), parents: parentsOf(records.map((r) => r.type))}, source: memoryTermSource(index)};
}
