/**
 * Docusaurus's route preload, for the client entry and `window.docusaurus` alike
 * (plugins/lean-bundle swaps it in). Docusaurus preloads the page's route before hydrating and
 * does not catch that failure: a chunk that still fails after the one reload of spec §8 (route
 * load failure) left the server-rendered page without a word, search and colour toggle dead, and
 * an uncaught ChunkLoadError. The first preload — the start-up one — now shows ./loadFailureBar
 * instead and never settles, so the server-rendered page stays as it is. Later preloads
 * (navigation, hover) still reject to their callers: Docusaurus reloads the page on a failed
 * navigation. A hover preload's caller ignores the promise, so its failure used to surface as an
 * uncaught ChunkLoadError; the rejection is marked handled here (the click that follows, if any,
 * goes through navigation and its reload).
 */
import preload from '@docusaurus/core/lib/client/preload';
import {showLoadFailure} from './loadFailureBar';

let startup = true;

export default function startupAwarePreload(pathname: string): ReturnType<typeof preload> {
  const loading = preload(pathname);
  loading.catch(() => {});
  if (!startup) return loading;
  startup = false;
  return loading.catch((error: unknown) => {
    showLoadFailure(error);
    return new Promise<never>(() => {});
  });
}
