import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Routes `algoliasearch/lite` (imported by the /search page) through src/search/liteClientAlias,
 * which picks the embedded-index client or the real Algolia client at run time. The alias is the
 * same in both search modes on purpose: the bundler's persistent cache does not notice a change
 * of aliases, so a mode-dependent alias would let one mode's build reuse the other's modules.
 */
export default function searchClientPlugin(): Plugin {
  // The browser build of the lite client, by file path: the package's exports map hides it.
  const packageRoot = path.resolve(path.dirname(require.resolve('algoliasearch/lite')), '../../..');
  const realLite = path.join(packageRoot, 'dist/lite/builds/browser.js');
  return {
    name: 'search-client',
    configureWebpack() {
      return {
        resolve: {
          alias: {
            'algoliasearch/lite$': path.resolve(__dirname, '../../src/search/liteClientAlias.ts'),
            '@algolia-lite-real$': realLite,
          },
        },
      };
    },
  };
}
