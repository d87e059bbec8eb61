/**
 * The number of hits of the latest response per query, for the modal's 「查看全部 N 个结果」 link.
 * DocSearch 4.7 adds every keystroke's nbHits to a running total that is never reset, so after
 * typing "MQTT 连接" it would announce the sum of all the prefixes' hits.
 */
type Searchable = {search: (args: never) => Promise<{results: unknown[]}>};

const counts = new Map<string, number>();
const wrapped = new WeakSet<object>();

export function countFor(query: string): number | undefined {
  return counts.get(query);
}

/** Records each response's total per query; wraps a client once, in place. */
export function withResultCounts<T extends Searchable>(client: T): T {
  if (wrapped.has(client)) return client;
  const search = client.search.bind(client);
  client.search = (async (args: never) => {
    const response = await search(args);
    const requests = (args as {requests?: {query?: string}[]})?.requests ?? [];
    const results = response.results as {nbHits?: number; query?: string}[];
    const query = results[0]?.query ?? requests[0]?.query;
    if (query !== undefined) counts.set(query, results.reduce((n, r) => n + (r.nbHits ?? 0), 0));
    return response;
  }) as T['search'];
  wrapped.add(client);
  return client;
}
