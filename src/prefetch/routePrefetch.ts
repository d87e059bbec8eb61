/**
 * Docusaurus' route prefetch (@docusaurus/core/lib/client/docusaurus.js) with two differences:
 * chunk URLs are prefetched once per page load, not once per link, and the ones the page has
 * already loaded are skipped. The core adds a <link rel="prefetch"> for every chunk of every
 * linked route: the layout and version chunks shared by all docs, once per visible link, about
 * 300 elements on an API page, each insertion costing main-thread time.
 */

/** The route tree's shape as @generated/routes gives it (only what matching needs). */
export interface RouteConfigLike {
  path?: string;
  exact?: boolean;
  strict?: boolean;
  routes?: RouteConfigLike[];
}

/** Nested chunk names of one route, as in @generated/routesChunkNames. */
export type ChunkNameTree = {[key: string]: string | ChunkNameTree};

export interface RoutePrefetchDeps {
  routes: RouteConfigLike[];
  routesChunkNames: Record<string, ChunkNameTree>;
  /** react-router's matchPath (via @docusaurus/router): truthy when `path` matches the route. */
  matchPath: (pathname: string, route: RouteConfigLike) => unknown;
  /** The URL of a chunk by name (webpack's `__webpack_require__.gca`, added by Docusaurus). */
  chunkUrl: (chunkName: string) => string | undefined;
  /** Starts the download of a URL, e.g. by adding <link rel="prefetch">. */
  prefetchUrl: (url: string) => void;
  /** URLs the page has already loaded (scripts, earlier prefetches): not fetched again. */
  loadedUrls?: Iterable<string>;
}

/** The routes matching a path, outermost first (react-router-config's matchRoutes). */
export function matchRouteBranch(
  routes: RouteConfigLike[],
  pathname: string,
  matchPath: RoutePrefetchDeps['matchPath'],
  branch: RouteConfigLike[] = [],
): RouteConfigLike[] {
  // Like a <Switch>: the first matching route of each level, then its children; a route
  // without a path matches anything.
  const route = routes.find((candidate) => !candidate.path || matchPath(pathname, candidate));
  if (route) {
    branch.push(route);
    if (route.routes) matchRouteBranch(route.routes, pathname, matchPath, branch);
  }
  return branch;
}

function leaves(tree: ChunkNameTree | string, out: string[] = []): string[] {
  if (typeof tree === 'string') out.push(tree);
  else for (const value of Object.values(tree)) leaves(value, out);
  return out;
}

const comparable = (path: string) => path.toLowerCase().replace(/\/$/, '');

/**
 * matchPath with a shortcut for exact routes without parameters (every doc page): they match as
 * react-router would match them (case-insensitive, optional trailing slash) without compiling the
 * pattern of each of the two hundred routes tried before the right one.
 */
export function withPlainPathShortcut(matchPath: RoutePrefetchDeps['matchPath']): RoutePrefetchDeps['matchPath'] {
  return (pathname, route) =>
    route.exact && route.path && !route.strict && !/[:*()?+]/.test(route.path)
      ? comparable(pathname) === comparable(route.path)
      : matchPath(pathname, route);
}

/** Chunk names by route path: the keys of routesChunkNames end in "-" and a hash. */
export function chunkNamesByRoutePath(routesChunkNames: Record<string, ChunkNameTree>): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const [key, tree] of Object.entries(routesChunkNames)) {
    const routePath = key.replace(/-[^-]+$/, '');
    byPath.set(routePath, [...(byPath.get(routePath) ?? []), ...leaves(tree)]);
  }
  return byPath;
}

/** Returns prefetch(routePath): fetches the chunks of the route not fetched yet; false if none. */
export function createRoutePrefetch(deps: RoutePrefetchDeps): (routePath: string) => boolean {
  let chunkNames: Map<string, string[]> | undefined;
  const matchPath = withPlainPathShortcut(deps.matchPath);
  const fetchedRoutes = new Set<string>();
  const fetchedUrls = new Set<string>(deps.loadedUrls ?? []);
  return (routePath) => {
    if (fetchedRoutes.has(routePath)) return false;
    fetchedRoutes.add(routePath);
    chunkNames ??= chunkNamesByRoutePath(deps.routesChunkNames);
    let started = false;
    for (const route of matchRouteBranch(deps.routes, routePath, matchPath)) {
      for (const name of (route.path && chunkNames.get(route.path)) || []) {
        const url = deps.chunkUrl(name);
        // A chunk merged into another by the bundler has no URL of its own ("…undefined…").
        if (!url || url.includes('undefined') || fetchedUrls.has(url)) continue;
        fetchedUrls.add(url);
        deps.prefetchUrl(url);
        started = true;
      }
    }
    return started;
  };
}
