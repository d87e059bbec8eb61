import globalData from '@generated/globalData';
import siteConfig from '@generated/docusaurus.config';
import {createLocalSearchClient, type LocalSearchClient} from './localClient';

let client: LocalSearchClient | null = null;

/** One client per page load, so the index is fetched and parsed once for modal and page alike. */
export function getLocalSearchClient(): LocalSearchClient {
  if (!client) {
    const data = (globalData as Record<string, Record<string, {indexPath: string}>>)['local-search']?.default;
    client = createLocalSearchClient({indexUrl: `${siteConfig.baseUrl}${data.indexPath}`});
  }
  return client;
}
