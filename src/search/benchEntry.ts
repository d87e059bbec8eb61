/**
 * Browser entry for scripts/bench-search.ts only (bundled on the fly, never shipped): loads an
 * index file the way the site's client does and times queries with the same code.
 */
import {loadIndexFile} from './indexFile';
import {answer, type LocalQuery} from './localClient';
import type {SearchIndexFile} from './types';

export async function loadAndQuery(indexUrl: string, queries: string[], request: Omit<LocalQuery, 'query'>) {
  const t0 = performance.now();
  const file = (await (await fetch(indexUrl)).json()) as SearchIndexFile;
  const t1 = performance.now();
  const index = loadIndexFile(file);
  const t2 = performance.now();
  const first = answer(index, {...request, query: queries[0]});
  const t3 = performance.now();
  for (const query of queries) answer(index, {...request, query}); // warm-up pass
  const latencies = queries.map((query) => {
    const start = performance.now();
    answer(index, {...request, query});
    return performance.now() - start;
  });
  return {fetchMs: t1 - t0, loadMs: t2 - t1, firstQueryMs: t3 - t2, firstHits: first.nbHits, latencies};
}
