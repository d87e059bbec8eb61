/**
 * An in-browser stand-in for the Algolia v5 search client. It answers the calls the DocSearch
 * modal (`search({requests})`) and algoliasearch-helper on the search page (legacy
 * `search([{indexName, params}])`, with disjunctive-facet queries) make, from the embedded index
 * that plugins/local-search writes at build time. Nothing is fetched on page load; the first
 * search fetches the small entry file, then each query only the index shards of its words and
 * the display fragments of the hits it shows (src/search/splitFormat.ts). A failed fetch rejects
 * that search (DocSearch shows its error screen) and the next search tries again.
 */
import {runQuery, type EngineHit} from './engine';
import {hitMarker} from './highlight';
import {SplitIndex} from './splitIndex';
import {SPLIT_INDEX_VERSION, type SplitEntry} from './splitFormat';
import type {SearchRecord} from './types';

export interface LocalQuery {
  indexName?: string;
  query?: string;
  hitsPerPage?: number;
  page?: number;
  facetFilters?: string | (string | string[])[];
  facets?: string | string[];
  attributesToRetrieve?: string[];
  attributesToSnippet?: string[];
  attributesToHighlight?: string[];
  snippetEllipsisText?: string;
  highlightPreTag?: string;
  highlightPostTag?: string;
  clickAnalytics?: boolean;
  [key: string]: unknown;
}

type LegacyRequest = {indexName: string; params?: LocalQuery | string; query?: string};
export type SearchArgs = {requests: LocalQuery[]} | LegacyRequest[];

/** The index a query runs on: the entry plus the parts loaded so far. */
export type LoadedIndex = SplitIndex;

const HIERARCHY = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/** Algolia's params may arrive as a URL-encoded string in the legacy form. */
function normaliseParams(params: LocalQuery | string | undefined): LocalQuery {
  if (typeof params !== 'string') return params ?? {};
  const out: LocalQuery = {};
  for (const [key, raw] of new URLSearchParams(params)) {
    try {
      out[key] = JSON.parse(raw);
    } catch {
      out[key] = raw;
    }
  }
  return out;
}

export function normaliseRequests(args: SearchArgs): LocalQuery[] {
  if (args == null) throw new Error('Parameter `searchMethodParams` is required when calling `search`.');
  if (Array.isArray(args)) {
    return args.map(({indexName, params, query}) => ({
      indexName,
      ...(query !== undefined && {query}),
      ...normaliseParams(params),
    }));
  }
  if (!Array.isArray(args.requests)) {
    throw new Error('Parameter `searchMethodParams.requests` is required when calling `search`.');
  }
  return args.requests;
}

/** facetFilters: AND of groups, each group an OR of "attr:value" (or "-attr:value"). */
export function facetPredicate(filters: LocalQuery['facetFilters']): (r: SearchRecord) => boolean {
  if (!filters || (Array.isArray(filters) && filters.length === 0)) return () => true;
  // Parsed once: the predicate runs for every candidate record of a query.
  const groups = (typeof filters === 'string' ? [filters] : filters)
    .map((g) => (Array.isArray(g) ? g : [g]))
    .filter((g) => g.length > 0)
    .map((group) =>
      group.map((filter) => {
        const negate = filter.startsWith('-');
        const [attr, ...rest] = (negate ? filter.slice(1) : filter).split(':');
        return {attr, value: rest.join(':'), negate};
      }),
    );
  const test = (r: SearchRecord, {attr, value, negate}: {attr: string; value: string; negate: boolean}) => {
    const actual = (r as unknown as Record<string, unknown>)[attr];
    const hit = Array.isArray(actual) ? actual.map(String).includes(value) : String(actual) === value;
    return negate ? !hit : hit;
  };
  return (r) => groups.every((group) => group.some((f) => test(r, f)));
}

function pick(record: SearchRecord, attributes: string[] | undefined): Record<string, unknown> {
  if (!attributes || attributes.includes('*')) return {...record};
  const out: Record<string, unknown> = {objectID: record.objectID};
  for (const attr of attributes) {
    const [top, sub] = attr.split('.');
    const value = (record as unknown as Record<string, unknown>)[top];
    if (value === undefined) continue;
    if (sub && value && typeof value === 'object') {
      out[top] = {...((out[top] as object) ?? {}), [sub]: (value as Record<string, unknown>)[sub]};
    } else {
      out[top] = value;
    }
  }
  return out;
}

function parseSnippetSpec(spec: string): [string, number] {
  const [attr, n] = spec.split(':');
  return [attr, n ? Number(n) : 10];
}

function buildHit(record: SearchRecord, hit: EngineHit, words: string[], q: LocalQuery, position: number) {
  const tags = {preTag: q.highlightPreTag ?? '<em>', postTag: q.highlightPostTag ?? '</em>'};
  const ellipsis = q.snippetEllipsisText ?? '…';
  const marker = hitMarker(hit.terms, words, tags);
  const hierarchyHighlight: Record<string, unknown> = {};
  for (const lvl of HIERARCHY) {
    const text = record.hierarchy[lvl];
    if (text) hierarchyHighlight[lvl] = marker.highlight(text);
  }
  const highlightResult: Record<string, unknown> = {hierarchy: hierarchyHighlight};
  if (record.content) highlightResult.content = marker.highlight(record.content);

  const snippetResult: Record<string, unknown> = {};
  for (const spec of q.attributesToSnippet ?? []) {
    const [attr, n] = parseSnippetSpec(spec);
    const [top, sub] = attr.split('.');
    if (top === 'content' && record.content) {
      snippetResult.content = marker.snippet(record.content, n, ellipsis);
    } else if (top === 'hierarchy' && sub && record.hierarchy[sub as keyof SearchRecord['hierarchy']]) {
      const text = record.hierarchy[sub as keyof SearchRecord['hierarchy']] as string;
      const group = (snippetResult.hierarchy as Record<string, unknown>) ?? {};
      group[sub] = marker.snippet(text, n, ellipsis);
      snippetResult.hierarchy = group;
    }
  }
  return {
    ...pick(record, q.attributesToRetrieve),
    objectID: record.objectID,
    _highlightResult: highlightResult,
    _snippetResult: snippetResult,
    _rankingInfo: {userScore: Math.round(hit.score * 1000), position},
  };
}

function facetCounts(index: LoadedIndex, hits: EngineHit[], facets: LocalQuery['facets']) {
  const names = facets === undefined ? [] : typeof facets === 'string' ? [facets] : facets;
  if (names.length === 0) return undefined;
  const wanted = names.includes('*') ? ['language', 'docusaurus_tag'] : names;
  const out: Record<string, Record<string, number>> = {};
  for (const name of wanted) {
    const counts: Record<string, number> = {};
    for (const {id} of hits) {
      const value = (index.facetRecord(id) as unknown as Record<string, unknown>)[name];
      if (value !== undefined && value !== null) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
    }
    out[name] = counts;
  }
  return out;
}

interface Ranked {
  started: number;
  query: string;
  hits: EngineHit[];
  words: string[];
  hitsPerPage: number;
  page: number;
  /** The hits of the requested page: their display fragments must be loaded to present them. */
  slice: EngineHit[];
}

/** The ranking half of a query: needs the shards of its words (see SplitIndex.takeMissing). */
export function rank(index: LoadedIndex, q: LocalQuery): Ranked {
  const started = performance.now();
  const query = String(q.query ?? '').slice(0, 512);
  const hitsPerPage = Math.max(0, Math.min(1000, Number(q.hitsPerPage ?? 20)));
  const page = Math.max(0, Number(q.page ?? 0));
  const accept = facetPredicate(q.facetFilters);
  const {hits, words} = query.trim()
    ? runQuery(index, index.meta, query, (id) => accept(index.facetRecord(id) as unknown as SearchRecord))
    : {hits: [] as EngineHit[], words: [] as string[]};
  const slice = hitsPerPage > 0 ? hits.slice(page * hitsPerPage, (page + 1) * hitsPerPage) : [];
  return {started, query, hits, words, hitsPerPage, page, slice};
}

/** The answer Algolia would give: needs the display fragments of the page's hits. */
export function present(index: LoadedIndex, ranked: Ranked, q: LocalQuery) {
  const {started, query, hits, words, hitsPerPage, page, slice} = ranked;
  const nbHits = hits.length;
  const nbPages = hitsPerPage > 0 ? Math.ceil(nbHits / hitsPerPage) : 0;
  const facets = facetCounts(index, hits, q.facets);
  return {
    hits: slice.map((h, i) => buildHit(index.record(h.id), h, words, q, page * hitsPerPage + i)),
    nbHits,
    nbPages,
    page,
    hitsPerPage,
    query,
    params: new URLSearchParams({query, hitsPerPage: String(hitsPerPage), page: String(page)}).toString(),
    index: q.indexName,
    exhaustiveNbHits: true,
    processingTimeMS: Math.round(performance.now() - started),
    ...(facets && {facets, exhaustiveFacetsCount: true}),
    ...(q.clickAnalytics && {queryID: Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32)}),
  };
}

/** A query on an index whose parts are all loaded (the evaluation script, tests). */
export function answer(index: LoadedIndex, q: LocalQuery) {
  return present(index, rank(index, q), q);
}

/** How the client gets a part of the index: its parsed JSON. */
export type PartLoader = (names: string[]) => Promise<void>;

/** What answerLoading gives up with once a newer search has started (see the client's search()). */
export const SUPERSEDED = Symbol('superseded');

/**
 * A query on an index that loads what it needs: rank; if a lookup met a shard (or the typo
 * dictionary) not loaded yet, load it and rank again, until nothing is missing; then load the
 * fragments of the hits shown. The ranking is the one the whole index would give. Before each
 * download it stops if `superseded()` says the reader has typed on (the answer would be dropped).
 */
export async function answerLoading(index: LoadedIndex, q: LocalQuery, load: PartLoader, superseded = () => false) {
  for (let pass = 0; ; pass++) {
    index.takeMissing();
    const ranked = rank(index, q);
    const missing = index.takeMissing();
    if (missing.length > 0 && pass < 8) {
      if (superseded()) return SUPERSEDED;
      await load(missing);
      continue;
    }
    const fragments = index.missingFragments(ranked.slice.map((h) => h.id));
    if (fragments.length > 0) {
      if (superseded()) return SUPERSEDED;
      await load(fragments);
    }
    return present(index, ranked, q);
  }
}

/**
 * DocSearch only switches to its error screen ("无法获取结果") for an error named RetryError, the
 * one algoliasearch throws when every host has failed. An index that cannot be fetched is the
 * local equivalent, so it fails the same way; any other error would leave the modal showing
 * "没有结果", which misleads a reader whose network dropped.
 */
export class IndexUnreachableError extends Error {
  constructor(cause: unknown) {
    super(`无法加载搜索索引：${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'RetryError';
  }
}

export interface LocalClientOptions {
  indexUrl: string;
  fetchImpl?: typeof fetch;
}

export function createLocalSearchClient({indexUrl, fetchImpl}: LocalClientOptions) {
  let loading: Promise<LoadedIndex> | null = null;
  const doFetch = fetchImpl ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const partsBase = new URL('.', new URL(indexUrl, 'http://site/')).pathname;
  const fetchJson = async (url: string) => {
    const res = await doFetch(url);
    if (!res.ok) throw new Error(`无法加载搜索索引（HTTP ${res.status}）`);
    return res.json() as Promise<unknown>;
  };

  function load(): Promise<LoadedIndex> {
    loading ??= fetchJson(indexUrl)
      .then((entry) => {
        if ((entry as SplitEntry).version !== SPLIT_INDEX_VERSION) throw new Error('搜索索引的格式与页面不符，请刷新页面');
        return new SplitIndex(entry as SplitEntry);
      })
      .catch((error: unknown) => {
        loading = null; // the next keystroke retries
        throw new IndexUnreachableError(error);
      });
    return loading;
  }

  let searches = 0;
  let newest: Promise<{results: ReturnType<typeof present>[]}> | null = null;
  /** The answer of the latest search, once no newer one has started while waiting for it. */
  const newestAnswer = async (): Promise<{results: ReturnType<typeof present>[]}> => {
    for (;;) {
      const current = newest!;
      const answer = await current;
      if (current === newest) return answer;
    }
  };

  /** Parts being fetched: keystrokes in quick succession share them. */
  const inflight = new Map<string, Promise<void>>();
  const loadParts = (index: LoadedIndex): PartLoader => async (names) => {
    await Promise.all(
      names.map((name) => {
        if (index.has(name)) return undefined;
        let pending = inflight.get(name);
        if (!pending) {
          pending = fetchJson(`${partsBase}${index.entry.dir}${name}`)
            .then((content) => index.add(name, content))
            .finally(() => inflight.delete(name));
          inflight.set(name, pending);
        }
        return pending;
      }),
    ).catch((error: unknown) => {
      throw new IndexUnreachableError(error);
    });
  };

  const client = {
    appId: 'local',
    /** The theme adds its user agent; there is no agent to report locally. */
    addAlgoliaAgent(): void {},
    clearCache: async (): Promise<void> => {},
    /**
     * Every keystroke is a search. One that a newer search overtakes before its parts have
     * arrived stops fetching and settles with the newest answer: DocSearch (autocomplete) and
     * the /search page drop an answer that arrives after a newer one anyway, and on a slow link
     * the reader's last query gets the bandwidth.
     */
    search(args: SearchArgs): Promise<{results: ReturnType<typeof present>[]}> {
      const requests = normaliseRequests(args);
      const generation = ++searches;
      const superseded = () => generation !== searches;
      const run = (async () => {
        const index = await load();
        const results = await Promise.all(requests.map((q) => answerLoading(index, q, loadParts(index), superseded)));
        if (results.some((r) => r === SUPERSEDED)) return newestAnswer();
        return {results: results as ReturnType<typeof present>[]};
      })();
      newest = run;
      return run;
    },
    async searchForHits(args: SearchArgs) {
      return client.search(args);
    },
    /** Fetch the entry file ahead of the first query (the modal calls this when it opens). */
    preload(): Promise<unknown> {
      return load().catch(() => undefined);
    },
  };
  return client;
}

export type LocalSearchClient = ReturnType<typeof createLocalSearchClient>;
