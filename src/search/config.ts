import type {ThemeConfig as AlgoliaThemeConfig} from '@docusaurus/theme-search-algolia';
import localSearchPlugin from '../../plugins/local-search';
import {searchIndexPath} from '../../plugins/local-search/indexPath';
import searchClientPlugin from '../../plugins/search-client';

/**
 * One search UI, two backends. With the three ALGOLIA_* variables set at build time the DocSearch
 * modal and /search talk to hosted Algolia; without them (the default, and on factory intranets)
 * they query the embedded index that plugins/local-search builds from the site.
 */
const env = process.env;
export const hostedSearch = Boolean(
  env.ALGOLIA_APP_ID && env.ALGOLIA_SEARCH_API_KEY && env.ALGOLIA_INDEX_NAME,
);

export const searchConfig = {
  mode: hostedSearch ? ('hosted' as const) : ('local' as const),
  algolia: {
    // In local mode these values never leave the browser: the client is replaced by the
    // embedded one (src/search), and the theme must still receive non-empty strings.
    appId: hostedSearch ? env.ALGOLIA_APP_ID! : 'LOCALSEARCH',
    apiKey: hostedSearch ? env.ALGOLIA_SEARCH_API_KEY! : 'local-search-only',
    indexName: hostedSearch ? env.ALGOLIA_INDEX_NAME! : 'xinglian-docs',
    contextualSearch: true,
    searchPagePath: 'search',
    insights: false,
  } satisfies Partial<AlgoliaThemeConfig['algolia']>,
  plugins: hostedSearch ? [searchClientPlugin] : [searchClientPlugin, localSearchPlugin],
  /** The embedded index file (build-relative), for the offline service worker; none when hosted. */
  indexPath: hostedSearch ? undefined : searchIndexPath,
};
