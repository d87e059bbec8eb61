/**
 * What to mark of a matched index term: only what the reader typed. A search-as-you-type prefix
 * match of 「超时」 reaches the index term 「超时的排查」, of 「接入」 the term 「接入前的云端」; marking
 * the whole term highlights words that are not in the query (issue 23). Algolia marks the typed
 * prefix only, and a typo-tolerant match or a synonym as a whole word; so does this.
 */
const isLatin = (s: string) => /^[\p{Script=Latin}\p{N}_.\-/:]+$/u.test(s);

/** The part of `term` (an index term that matched the query word `word`) to highlight. */
export function highlightedPart(term: string, word: string): string {
  if (!term || word.includes(term)) return term;
  if (term.startsWith(word)) return word;
  if (isLatin(term)) return term;
  // A Chinese term that extends what was typed: its longest beginning the query word contains.
  for (let n = term.length - 1; n >= 1; n--) {
    if (word.includes(term.slice(0, n))) return term.slice(0, n);
  }
  return term;
}

/** The strings to highlight for a hit's matched terms (term → query word). */
export function highlightedParts(terms: Map<string, string>): string[] {
  return [...new Set([...terms].map(([term, word]) => highlightedPart(term.toLowerCase(), word.toLowerCase())))];
}
