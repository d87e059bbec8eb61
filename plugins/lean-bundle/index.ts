import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const src = path.resolve(__dirname, '../../src');

/**
 * Keeps code that most pages never run out of the main bundle every page loads, for the client
 * and the server bundle alike (the server renders what the client hydrates):
 * - the theme's `prism-react-renderer` imports (CodeBlock, prism-include-languages) go to
 *   src/prism/lean-prism-react-renderer.ts: the package's build carries twenty grammars and
 *   twenty colour themes these docs never use;
 * - docusaurus-plugin-image-zoom's `medium-zoom` import goes to src/image-zoom/lazyMediumZoom.ts,
 *   which loads the library only on pages with an image.
 * And keeps the main thread free once the page has loaded:
 * - src/prefetch/idleLinkPrefetch.ts runs the prefetches of links in view in idle time instead of
 *   all in one long task;
 * - the render that follows hydration (useIsBrowser and useWindowSize switching to their browser
 *   values) runs as a transition, in short slices: src/hydration replaces the two modules.
 * And keeps a page readable when its route cannot load: the client's route preload is
 * src/routing/startupPreload.ts, which shows an error bar with 重试 when the start-up preload fails.
 */

/** Modules replaced by the file of the same concern in src/, by requesting directory and request. */
const replacements: {context: RegExp; request: RegExp; file: string}[] = [
  {context: /@docusaurus[\\/]core[\\/]lib[\\/]client(?:[\\/]exports)?$/, request: /^\.\.?\/browserContext(?:\.js)?$/, file: 'hydration/browserContext.tsx'},
  {context: /@docusaurus[\\/]theme-common[\\/]lib(?:[\\/]contexts)?$/, request: /^\.\.?\/hooks\/useWindowSize(?:\.js)?$/, file: 'hydration/useWindowSize.ts'},
  {context: /@docusaurus[\\/]core[\\/]lib[\\/]client$/, request: /^\.\/preload(?:\.js)?$/, file: 'routing/startupPreload.ts'},
  // Only the image-zoom plugin's import: lazyMediumZoom itself imports the real library.
  {context: /docusaurus-plugin-image-zoom[\\/]lib$/, request: /^medium-zoom$/, file: 'image-zoom/lazyMediumZoom.ts'},
];

/** The replacement file for a module request, if any (exported for the unit test). */
export function replacementFor(context: string, request: string): string | undefined {
  const found = replacements.find((r) => r.context.test(context) && r.request.test(request));
  return found && path.join(src, found.file);
}

export default function leanBundle(): Plugin {
  return {
    name: 'lean-bundle',
    getClientModules() {
      return [path.join(src, 'prefetch/idleLinkPrefetch.ts')];
    },
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        resolve: {
          alias: {'prism-react-renderer$': path.join(src, 'prism/lean-prism-react-renderer.ts')},
        },
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(/./, (resource: {context?: string; request: string}) => {
            const file = replacementFor(resource.context ?? '', resource.request);
            if (file) resource.request = file;
          }),
        ],
      };
    },
  };
}
