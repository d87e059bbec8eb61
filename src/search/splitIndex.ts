/**
 * The split index as the engine sees it (browser, evaluation script and tests alike): the entry
 * file, plus whatever shards, fragments and typo dictionary have been loaded so far. Looking up
 * something that lives in a part not loaded yet answers "nothing" and notes the part as missing;
 * the search client fetches the missing parts and asks again (see localClient.ts), so a query
 * ends up answered exactly as if the whole index were in memory.
 */
import {decodePostings, similarTerms, termsWithPrefix, type Postings, type TermSource} from './invertedIndex';
import {parentsOf, type Parents} from './recordTree';
import {recordLevel, type PackedRecords} from './compact';
import {
  fragmentName,
  shardName,
  shardOf,
  synonymPartName,
  typesOf,
  type Fragment,
  type Shard,
  type SplitEntry,
  type SynonymPart,
} from './splitFormat';
import type {IndexMeta} from './engine';
import type {RecordType, SearchRecord} from './types';

/** The attributes facet filters and facet counts read, for any record, loaded or not. */
export interface FacetRecord {
  language: string;
  docusaurus_tag: string;
  type: RecordType;
}

/** A synonym part not loaded yet answers nothing (the lookup is noted as missing). */
const NOTHING: TermSource = {postings: () => undefined, withPrefix: () => [], similar: () => []};

/** One form's lookups in a synonym part: exact only. */
function partSource(encoded: Shard): TermSource {
  const decoded = new Map<string, Postings>();
  return {
    postings(term) {
      if (!Object.prototype.hasOwnProperty.call(encoded, term)) return undefined;
      let postings = decoded.get(term);
      if (!postings) decoded.set(term, (postings = decodePostings(encoded[term])));
      return postings;
    },
    withPrefix: () => [],
    similar: () => [],
  };
}

export class SplitIndex implements TermSource {
  readonly meta: IndexMeta;
  private readonly shards = new Map<number, {terms: string[]; encoded: Shard; decoded: Map<string, Postings>}>();
  private readonly records = new Map<number, SearchRecord>();
  private readonly loadedFragments = new Set<number>();
  /** Loaded synonym parts: part number → form → its lookups. */
  private readonly synonymParts = new Map<number, Map<string, TermSource>>();
  private typoTerms: string[] | null = null;
  private readonly missing = new Set<string>();
  /** Per page (title record id): its facet values. */
  private readonly pageFacets = new Map<number, {language: string; docusaurus_tag: string}>();
  /** Global page number of each page (title record id → n), for objectIDs. */
  private readonly pageNumbers = new Map<number, number>();

  constructor(readonly entry: SplitEntry) {
    const types = typesOf(entry.types);
    const parents: Parents = parentsOf(types);
    this.meta = {types, parents};
    const runs = entry.pageFacets.flatMap(([language, tag, pages]) => Array.from({length: pages}, () => [language, tag]));
    let page = 0;
    types.forEach((type, id) => {
      if (type !== 'lvl1') return;
      const [language, tag] = runs[page] ?? [0, 0];
      this.pageFacets.set(id, {language: entry.facets.language[language], docusaurus_tag: entry.facets.docusaurus_tag[tag]});
      this.pageNumbers.set(id, page++);
    });
  }

  get size(): number {
    return this.meta.types.length;
  }

  // --- TermSource -----------------------------------------------------------------------------

  private shard(term: string) {
    const n = shardOf(term, this.entry.shards);
    const shard = this.shards.get(n);
    if (!shard) this.missing.add(shardName(n));
    return shard;
  }

  postings(term: string): Postings | undefined {
    const shard = this.shard(term);
    if (!shard) return undefined;
    let postings = shard.decoded.get(term);
    if (!postings && Object.prototype.hasOwnProperty.call(shard.encoded, term)) {
      postings = decodePostings(shard.encoded[term]);
      shard.decoded.set(term, postings);
    }
    return postings;
  }

  withPrefix(prefix: string): string[] {
    const shard = this.shard(prefix);
    return shard ? termsWithPrefix(shard.terms, prefix) : [];
  }

  similar(term: string, maxDistance: number): [string, number][] {
    if (!this.typoTerms) {
      this.missing.add(this.entry.typos);
      return [];
    }
    return similarTerms(this.typoTerms, term, maxDistance);
  }

  synonymSource(phrase: string, form: string): TermSource | undefined {
    if (!Object.prototype.hasOwnProperty.call(this.entry.synonyms, phrase)) return undefined;
    const n = this.entry.synonyms[phrase];
    const part = this.synonymParts.get(n);
    if (!part) {
      this.missing.add(synonymPartName(n));
      return NOTHING;
    }
    return part.get(form); // a form the part does not know is looked up in the shards
  }

  /** Whether a lookup since the last takeMissing() needed a part that is not loaded. */
  pending(): boolean {
    return this.missing.size > 0;
  }

  // --- Parts ----------------------------------------------------------------------------------

  /** The parts lookups needed since the last call, forgotten once returned. */
  takeMissing(): string[] {
    const names = [...this.missing];
    this.missing.clear();
    return names;
  }

  has(name: string): boolean {
    if (name === this.entry.typos) return this.typoTerms !== null;
    const shard = /^s(\d+)\.json$/.exec(name);
    if (shard) return this.shards.has(Number(shard[1]));
    const synonyms = /^y(\d+)\.json$/.exec(name);
    if (synonyms) return this.synonymParts.has(Number(synonyms[1]));
    const fragment = /^f(\d+)\.json$/.exec(name);
    return fragment ? this.loadedFragments.has(Number(fragment[1])) : false;
  }

  /** Takes in a part's parsed content. */
  add(name: string, content: unknown): void {
    if (name === this.entry.typos) {
      this.typoTerms = content as string[];
      return;
    }
    const shard = /^s(\d+)\.json$/.exec(name);
    if (shard) {
      const encoded = content as Shard;
      this.shards.set(Number(shard[1]), {terms: Object.keys(encoded), encoded, decoded: new Map()});
      return;
    }
    const synonyms = /^y(\d+)\.json$/.exec(name);
    if (synonyms) {
      const forms = Object.entries(content as SynonymPart).map(([form, terms]) => [form, partSource(terms)] as const);
      this.synonymParts.set(Number(synonyms[1]), new Map(forms));
      return;
    }
    const fragment = /^f(\d+)\.json$/.exec(name);
    if (!fragment) throw new Error(`搜索索引中没有名为 ${name} 的部分`);
    const n = Number(fragment[1]);
    this.unpackFragment(n * this.entry.fragmentSize, content as Fragment);
    this.loadedFragments.add(n);
  }

  /** Every part there is, e.g. to load the whole index at once. */
  allParts(): string[] {
    const names = Array.from({length: this.entry.shards}, (_, n) => shardName(n));
    for (const n of new Set(Object.values(this.entry.synonyms))) names.push(synonymPartName(n));
    for (let n = 0; n * this.entry.fragmentSize < this.size; n++) names.push(fragmentName(n));
    return [...names, this.entry.typos];
  }

  /** The fragments holding these records that are not loaded yet. */
  missingFragments(ids: number[]): string[] {
    const names = new Set<string>();
    for (const id of ids) {
      const n = Math.floor(id / this.entry.fragmentSize);
      if (!this.loadedFragments.has(n)) names.add(fragmentName(n));
    }
    return [...names];
  }

  // --- Records --------------------------------------------------------------------------------

  /** Every record, in id order; every fragment must be loaded. */
  allRecords(): SearchRecord[] {
    return Array.from({length: this.size}, (_, id) => this.record(id));
  }

  /** A record's display data; its fragment must be loaded. */
  record(id: number): SearchRecord {
    const record = this.records.get(id);
    if (!record) throw new Error(`搜索结果 ${id} 的内容尚未加载`);
    return record;
  }

  facetRecord(id: number): FacetRecord {
    const title = this.meta.parents.title[id] >= 0 ? this.meta.parents.title[id] : id;
    return {...(this.pageFacets.get(title) ?? {language: '', docusaurus_tag: ''}), type: this.meta.types[id]};
  }

  private unpackFragment(first: number, {pages, sections, records}: PackedRecords): void {
    records.forEach(([page, section, content], i) => {
      const id = first + i;
      const [urlPath, lvl0, lvl1] = pages[page];
      const url = `${this.entry.site}${urlPath}`;
      const [anchor, lvl2, lvl3] = sections[section];
      const title = this.meta.parents.title[id] >= 0 ? this.meta.parents.title[id] : id;
      const position = id - title;
      const type = this.meta.types[id];
      const {language, docusaurus_tag: tag} = this.facetRecord(id);
      this.records.set(id, {
        objectID: `${this.pageNumbers.get(title)!.toString(36)}-${position}`,
        url: anchor ? `${url}#${anchor}` : url,
        url_without_anchor: url,
        anchor,
        type,
        hierarchy: {lvl0, lvl1, lvl2, lvl3, lvl4: null, lvl5: null, lvl6: null},
        content,
        language,
        docusaurus_tag: tag,
        weight: {pageRank: 0, level: recordLevel(type), position},
      });
    });
  }
}
