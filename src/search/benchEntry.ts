/**
 * Browser entry for scripts/bench-search.ts only (bundled on the fly, never shipped): loads the
 * whole split index (entry file and the offline bundle of its parts) and times warm queries with
 * the code the site's client runs.
 */
import {answer, type LocalQuery} from './localClient';
import {SplitIndex} from './splitIndex';
import type {Bundle, SplitEntry} from './splitFormat';

export async function loadAndQuery(entryUrl: string, queries: string[], request: Omit<LocalQuery, 'query'>, rounds = 5) {
  const t0 = performance.now();
  const entry = (await (await fetch(entryUrl)).json()) as SplitEntry;
  const bundle = (await (await fetch(new URL(`${entry.dir}${entry.bundle}`, new URL('.', new URL(entryUrl, location.href))))).json()) as Bundle;
  const t1 = performance.now();
  const index = new SplitIndex(entry);
  for (const name of index.allParts()) index.add(name, bundle[name]);
  const t2 = performance.now();
  for (const query of queries) answer(index, {...request, query}); // warm-up pass
  // Each query's latency is its median over the rounds: a busy machine's scheduling noise
  // would otherwise become the p95.
  const latencies = queries.map((query) => {
    const samples: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const start = performance.now();
      answer(index, {...request, query});
      samples.push(performance.now() - start);
    }
    return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
  });
  return {fetchMs: t1 - t0, loadMs: t2 - t1, latencies};
}
