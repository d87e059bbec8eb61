/**
 * Stands in for `algoliasearch/lite` (see plugins/search-client): in local mode whoever asks for an
 * Algolia lite client gets the embedded-index client; with Algolia configured, the real one.
 */
import {liteClient as algoliaLiteClient} from '@algolia-lite-real';
import {lazyLocalSearchClient} from './lazyClient';
import {isLocalSearch} from './mode';

export function liteClient(...args: Parameters<typeof algoliaLiteClient>) {
  return isLocalSearch() ? (lazyLocalSearchClient as unknown as ReturnType<typeof algoliaLiteClient>) : algoliaLiteClient(...args);
}

export default liteClient;
