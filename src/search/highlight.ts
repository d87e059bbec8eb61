/**
 * Algolia-style `_highlightResult` / `_snippetResult` values for the embedded index: the text is
 * HTML-escaped, matches are wrapped in the caller's tags, and snippets keep N words around the
 * first match (words as Intl.Segmenter cuts them, so Chinese counts by word, not by character).
 */

export interface HighlightValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface SnippetValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
}

export interface HighlightOptions {
  preTag: string;
  postTag: string;
}

const ESCAPES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'};
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

type Range = [start: number, end: number];

/** Character ranges where any of the terms occurs (case-insensitive), merged and sorted. */
export function findMatches(text: string, terms: string[]): Range[] {
  const lower = text.toLowerCase();
  const ranges: Range[] = [];
  for (const term of new Set(terms.map((t) => t.toLowerCase()).filter(Boolean))) {
    let from = 0;
    for (;;) {
      const at = lower.indexOf(term, from);
      if (at < 0) break;
      ranges.push([at, at + term.length]);
      from = at + term.length;
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Range[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  return merged;
}

function render(text: string, ranges: Range[], start: number, end: number, opts: HighlightOptions): string {
  let out = '';
  let pos = start;
  for (const [a, b] of ranges) {
    if (b <= start || a >= end) continue;
    const s = Math.max(a, start);
    const e = Math.min(b, end);
    out += escapeHtml(text.slice(pos, s)) + opts.preTag + escapeHtml(text.slice(s, e)) + opts.postTag;
    pos = e;
  }
  return out + escapeHtml(text.slice(pos, end));
}

/**
 * `queryWords` are what the reader typed (segmented); `terms` are the index terms that matched
 * them (prefix and typo expansions included), each mapped back to the query word it came from.
 */
export function highlight(
  text: string,
  terms: Map<string, string>,
  queryWords: string[],
  opts: HighlightOptions,
): HighlightValue {
  const ranges = findMatches(text, [...terms.keys()]);
  const lower = text.toLowerCase();
  const matchedWords = queryWords.filter((w) =>
    [...terms].some(([term, word]) => word === w && lower.includes(term)),
  );
  const matchLevel =
    matchedWords.length === 0 ? 'none' : matchedWords.length === queryWords.length ? 'full' : 'partial';
  const value = render(text, ranges, 0, text.length, opts);
  const highlighted = ranges.reduce((n, [a, b]) => n + b - a, 0);
  return {value, matchLevel, matchedWords, fullyHighlighted: highlighted >= text.trim().length && text.length > 0};
}

const segmenter = new Intl.Segmenter('zh-Hans', {granularity: 'word'});

/** A window of `words` word-like segments around the first match, with the ellipsis text. */
export function snippet(
  text: string,
  terms: Map<string, string>,
  queryWords: string[],
  words: number,
  opts: HighlightOptions & {ellipsis: string},
): SnippetValue {
  const {matchLevel} = highlight(text, terms, queryWords, opts);
  const ranges = findMatches(text, [...terms.keys()]);
  const segments = [...segmenter.segment(text)];
  const wordIdx = segments.map((s, i) => (s.isWordLike ? i : -1)).filter((i) => i >= 0);
  if (wordIdx.length <= words) {
    return {value: render(text, ranges, 0, text.length, opts), matchLevel};
  }
  const firstMatch = ranges[0]?.[0] ?? 0;
  let focus = wordIdx.findIndex((i) => segments[i].index + segments[i].segment.length > firstMatch);
  if (focus < 0) focus = 0;
  let first = Math.max(0, focus - Math.floor(words / 3));
  first = Math.min(first, wordIdx.length - words);
  const last = first + words - 1;
  const start = first === 0 ? 0 : segments[wordIdx[first]].index;
  const lastSeg = segments[wordIdx[last]];
  const end = last === wordIdx.length - 1 ? text.length : lastSeg.index + lastSeg.segment.length;
  const value =
    (start > 0 ? opts.ellipsis : '') +
    render(text, ranges, start, end, opts) +
    (end < text.length ? opts.ellipsis : '');
  return {value, matchLevel};
}
