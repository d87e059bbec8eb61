import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {ClientModule} from '@docusaurus/types';
import {whenIdle} from '../../src/utils/whenIdle';

/**
 * Registers the service worker once React has rendered the first page and the browser is idle,
 * instead of at start-up as @docusaurus/plugin-pwa's registerSw does: that module and
 * workbox-window then stay out of what a page loads before it is interactive.
 */
let scheduled = false;

function registerWhenIdle(): void {
  if (scheduled || !ExecutionEnvironment.canUseDOM || !('serviceWorker' in navigator)) return;
  scheduled = true;
  whenIdle(() => void import('@docusaurus/plugin-pwa/lib/registerSw.js'), {timeout: 5000, fallbackDelay: 2000});
}

const clientModule: ClientModule = {
  // Called after the first route has rendered (hydration included), then on every navigation.
  onRouteDidUpdate: registerWhenIdle,
};

export default clientModule;
