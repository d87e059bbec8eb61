import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * `/docs` is the docs layout, not a page: this adds the exact route so that both a fresh load
 * and a client-side navigation land on the docs main page, the Neptune user introduction.
 */
export default function docsRootRedirect(): Plugin {
  return {
    name: 'docs-root-redirect',
    async contentLoaded({actions}) {
      actions.addRoute({
        path: '/docs',
        exact: true,
        component: path.join(__dirname, 'DocsRootRedirect.tsx'),
      });
    },
  };
}
