/**
 * Stands in for `algoliasearch/lite` in local-search builds (see plugins/local-search): whoever
 * asks for an Algolia lite client gets the embedded-index client instead. The DocSearch modal
 * receives the same client through transformSearchClient in src/theme/SearchBar.
 */
import {lazyLocalSearchClient} from './lazyClient';

export function liteClient(_appId?: string, _apiKey?: string) {
  return lazyLocalSearchClient;
}

export default liteClient;
