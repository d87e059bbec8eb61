/**
 * Algolia-style `_highlightResult` / `_snippetResult` values for the embedded index: the text is
 * HTML-escaped, matches are wrapped in the caller's tags (only what the reader typed of a matched
 * term, ./highlightParts.ts), and snippets keep N words around the first match (words as
 * Intl.Segmenter cuts them, so Chinese counts by word, not by character: ./snippetWindow.ts).
 */
import {highlightedParts} from './highlightParts';
import {snippetBounds} from './snippetWindow';

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

function matchInfo(text: string, terms: Map<string, string>, queryWords: string[]) {
  const lower = text.toLowerCase();
  const matchedWords = queryWords.filter((w) =>
    [...terms].some(([term, word]) => word === w && lower.includes(term)),
  );
  const matchLevel: HighlightValue['matchLevel'] =
    matchedWords.length === 0 ? 'none' : matchedWords.length === queryWords.length ? 'full' : 'partial';
  return {matchedWords, matchLevel};
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
  const ranges = findMatches(text, highlightedParts(terms));
  const {matchedWords, matchLevel} = matchInfo(text, terms, queryWords);
  const value = render(text, ranges, 0, text.length, opts);
  const highlighted = ranges.reduce((n, [a, b]) => n + b - a, 0);
  return {value, matchLevel, matchedWords, fullyHighlighted: highlighted >= text.trim().length && text.length > 0};
}

/** A window of `words` words around the first match, with the ellipsis text where it is cut. */
export function snippet(
  text: string,
  terms: Map<string, string>,
  queryWords: string[],
  words: number,
  opts: HighlightOptions & {ellipsis: string},
): SnippetValue {
  const ranges = findMatches(text, highlightedParts(terms));
  const {matchLevel} = matchInfo(text, terms, queryWords);
  const {start, end} = snippetBounds(text, ranges[0]?.[0] ?? 0, words);
  const value =
    (start > 0 ? opts.ellipsis : '') +
    render(text, ranges, start, end, opts) +
    (end < text.length ? opts.ellipsis : '');
  return {value, matchLevel};
}
