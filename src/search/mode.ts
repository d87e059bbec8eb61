import globalData from '@generated/globalData';

/** The spec's cap on the search query (DocSearch's own default is 512). */
export const MAX_QUERY_LENGTH = 64;

/** Local mode is on when the local-search plugin ran, i.e. no Algolia credentials at build time. */
export const isLocalSearch = (): boolean => 'local-search' in (globalData as Record<string, unknown>);

/**
 * Selected text becomes the initial query, up to the 64-character cap (as DocSearch 3 did; 4.7
 * would take 512 characters of it if we passed nothing).
 */
export function initialQueryFromSelection(selection: string): string | undefined {
  const text = selection.replace(/\s+/g, ' ').trim();
  return text ? Array.from(text).slice(0, MAX_QUERY_LENGTH).join('') : undefined;
}
