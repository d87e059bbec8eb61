import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {ClientModule} from '@docusaurus/types';
import {whenIdle} from '../../src/utils/whenIdle';

/**
 * Tells the service worker (sw-offline-reading.js) which page the reader is on. Pages reached by
 * in-app navigation never pass through the worker as a page load, so it fetches and keeps them;
 * the message also starts the once-per-build background download of the JS, CSS and search index.
 * Sent when the browser is idle so it never competes with the page itself.
 */
function tellServiceWorker(): void {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return;
  const send = () => worker.postMessage({type: 'XL_PAGE_VISITED', url: window.location.pathname, resources: pageResources()});
  whenIdle(send, {timeout: 3000, fallbackDelay: 1000});
}

/**
 * Same-origin images, icons and the manifest the page has loaded. On a first visit they were
 * fetched before the worker took control, so it could not keep them; hashed assets and the search
 * index are kept with the build's essentials instead.
 */
function pageResources(): string[] {
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  const linked = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="manifest"], link[rel="apple-touch-icon"]')].map((link) => link.href);
  const urls = new Set<string>();
  for (const href of [...loaded, ...linked]) {
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin || /^\/(assets\/|search\/|search-index\.)/.test(url.pathname)) continue;
    if (/\.(svg|png|jpe?g|gif|webp|ico|json)$/.test(url.pathname)) urls.add(url.pathname);
  }
  return [...urls].slice(0, 100);
}

if (ExecutionEnvironment.canUseDOM && 'serviceWorker' in navigator) {
  // On a first visit the worker takes control after the page has loaded (clients.claim()).
  navigator.serviceWorker.addEventListener('controllerchange', tellServiceWorker);
}

const clientModule: ClientModule = {
  onRouteDidUpdate({location, previousLocation}) {
    if (previousLocation?.pathname === location.pathname) return;
    if (ExecutionEnvironment.canUseDOM) tellServiceWorker();
  },
};

export default clientModule;
