import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Build-time fixes for @docsearch/react 4.7.0 bugs that cannot be reached through props (see
 * ./fixes.js for each fix), and the removal of its Ask AI code, which this site never runs (see
 * ./stripAskAi.js). The loader fails the build if a pattern is no longer found, so an upgrade of
 * DocSearch makes us look at whether the fix is still needed and Ask AI cannot come back silently.
 */
export default function docsearchFixes(): Plugin {
  return {
    name: 'docsearch-fixes',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /@docsearch[\\/]react[\\/]dist[\\/]esm[\\/]DocSearchModal\.js$/,
              use: [{loader: path.resolve(__dirname, 'loader.js')}],
            },
          ],
        },
      };
    },
  };
}
