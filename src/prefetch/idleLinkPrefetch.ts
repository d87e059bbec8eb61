import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {matchPath} from '@docusaurus/router';
import type {ClientModule} from '@docusaurus/types';
import routes from '@generated/routes';
import routesChunkNames from '@generated/routesChunkNames';
import {createIdleQueue} from './idleQueue';
import {createRoutePrefetch, type ChunkNameTree, type RouteConfigLike} from './routePrefetch';

/**
 * Docusaurus' <Link> prefetches a route's chunks as soon as the link scrolls into view, each link
 * from its own IntersectionObserver callback. Right after hydration every visible link fires in
 * the same frame: on an API page that was one 100 ms task on a desktop CPU (400 ms on a phone),
 * during which the page ignores taps and keys. This client module replaces
 * window.docusaurus.prefetch: links in view are queued and prefetched in idle time, a few
 * milliseconds at a time, and each chunk is prefetched once (src/prefetch/routePrefetch.ts).
 * Hover and touch preloads (docusaurus.preload) stay as they are: the reader is about to click.
 */
declare const __webpack_require__: {gca: (chunkName: string) => string | undefined};

// Readers who asked to save data, or on 2G, get no prefetching (as in Docusaurus).
const saveData = () => {
  const connection = (navigator as {connection?: {effectiveType?: string; saveData?: boolean}}).connection;
  return Boolean(connection?.saveData || connection?.effectiveType?.includes('2g'));
};

const pathnameOf = (url: string) => new URL(url, window.location.href).pathname;

function prefetchLink(url: string): void {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = url;
  document.head.appendChild(link);
}

let installed = false;

function installIdlePrefetch(): void {
  if (installed || !ExecutionEnvironment.canUseDOM || !window.docusaurus) return;
  installed = true;
  const prefetchRoute = createRoutePrefetch({
    routes: routes as RouteConfigLike[],
    routesChunkNames: routesChunkNames as Record<string, ChunkNameTree>,
    matchPath: (pathname, route) => matchPath(pathname, route),
    chunkUrl: (chunkName) => {
      const url = __webpack_require__.gca(chunkName);
      return url && pathnameOf(url);
    },
    prefetchUrl: prefetchLink,
    // The page's own scripts and everything fetched so far (route chunks included).
    loadedUrls: [
      ...Array.from(document.scripts, (script) => script.src),
      ...performance.getEntriesByType('resource').map((entry) => entry.name),
    ]
      .filter(Boolean)
      .map(pathnameOf),
  });
  const queue = createIdleQueue<string>((routePath) => void prefetchRoute(routePath));
  // clientEntry assigns (and freezes) window.docusaurus before hydration; links look it up on
  // window each time, so replacing it before the first observer reports is enough.
  window.docusaurus = Object.freeze({
    ...window.docusaurus,
    prefetch(routePath: string) {
      if (!saveData()) queue.push(routePath);
      return false as const;
    },
  });
}

const clientModule: ClientModule = {
  // The first call runs in the commit that hydrates the first page, before any link's
  // IntersectionObserver has reported.
  onRouteDidUpdate: installIdlePrefetch,
};

export default clientModule;
