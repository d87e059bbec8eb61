/**
 * A search client that loads the embedded-index engine (query engine, tokenizer, highlighter) only
 * when it is first used, so the JavaScript every page loads stays free of it. It answers the same
 * calls as the real client (see localClient.ts) by delegating once the chunk has arrived.
 */
import type {LocalSearchClient, SearchArgs} from './localClient';

let loading: Promise<LocalSearchClient> | null = null;

function real(): Promise<LocalSearchClient> {
  loading ??= import(/* webpackChunkName: "local-search" */ './localClientSingleton')
    .then((m) => m.getLocalSearchClient())
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

export const lazyLocalSearchClient = {
  appId: 'local',
  addAlgoliaAgent(): void {},
  clearCache: async (): Promise<void> => {},
  search: async (args: SearchArgs) => (await real()).search(args),
  searchForHits: async (args: SearchArgs) => (await real()).searchForHits(args),
  /** Fetch the engine and the index ahead of the first query (the modal calls this on open). */
  preload: (): Promise<unknown> => real().then((c) => c.preload()).catch(() => undefined),
};
