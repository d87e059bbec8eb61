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
 * And keeps the main thread free once the page has loaded: src/prefetch/idleLinkPrefetch.ts runs
 * the prefetches of links in view in idle time instead of all in one long task.
 */
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
          // Only the image-zoom plugin's import: lazyMediumZoom itself imports the real library.
          new currentBundler.instance.NormalModuleReplacementPlugin(/^medium-zoom$/, (resource: {context?: string; request: string}) => {
            if (/docusaurus-plugin-image-zoom[\\/]lib$/.test(resource.context ?? '')) {
              resource.request = path.join(src, 'image-zoom/lazyMediumZoom.ts');
            }
          }),
        ],
      };
    },
  };
}
