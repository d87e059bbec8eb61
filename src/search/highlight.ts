/**
 * Algolia-style `_highlightResult` / `_snippetResult` values for the embedded index: the text is
 * HTML-escaped, matches are wrapped in the caller's tags (only what the reader typed of a matched
 * term, ./highlightParts.ts), and snippets keep N words around the first match (words as
 * Intl.Segmenter cuts them, so Chinese counts by word, not by character: ./snippetWindow.ts).
 */
import {highlightedPart} from './highlightParts';
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
    for (let at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + term.length)) ranges.push([at, at + term.length]);
  }
  return merge(ranges);
}

function merge(ranges: Range[]): Range[] {
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Range[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  return merged;
}

/** Where a text matches: the ranges to mark and the query words whose terms it contains. */
interface Analysis {
  ranges: Range[];
  matched: Set<string>;
}

function analyse(text: string, terms: Map<string, string>): Analysis {
  const lower = text.toLowerCase();
  const ranges: Range[] = [];
  const matched = new Set<string>();
  for (const [term, word] of terms) {
    if (!term) continue;
    if (lower.includes(term)) matched.add(word);
    // Mark only what the reader typed of the matched term (highlightParts.ts).
    const part = highlightedPart(term, word.toLowerCase());
    for (let at = lower.indexOf(part); part && at >= 0; at = lower.indexOf(part, at + part.length)) ranges.push([at, at + part.length]);
  }
  return {ranges: merge(ranges), matched};
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

function matchLevel(analysis: Analysis, queryWords: string[]) {
  const matchedWords = queryWords.filter((w) => analysis.matched.has(w));
  const level: HighlightValue['matchLevel'] =
    matchedWords.length === 0 ? 'none' : matchedWords.length === queryWords.length ? 'full' : 'partial';
  return {matchedWords, matchLevel: level};
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
  return highlightWith(text, analyse(text, terms), queryWords, opts);
}

function highlightWith(text: string, analysis: Analysis, queryWords: string[], opts: HighlightOptions): HighlightValue {
  const {ranges} = analysis;
  const {matchedWords, matchLevel: level} = matchLevel(analysis, queryWords);
  const value = render(text, ranges, 0, text.length, opts);
  const highlighted = ranges.reduce((n, [a, b]) => n + b - a, 0);
  return {value, matchLevel: level, matchedWords, fullyHighlighted: highlighted >= text.trim().length && text.length > 0};
}

/** A window of `words` words around the first match, with the ellipsis text where it is cut. */
export function snippet(
  text: string,
  terms: Map<string, string>,
  queryWords: string[],
  words: number,
  opts: HighlightOptions & {ellipsis: string},
): SnippetValue {
  return snippetWith(text, analyse(text, terms), queryWords, words, opts);
}

function snippetWith(
  text: string,
  analysis: Analysis,
  queryWords: string[],
  words: number,
  opts: HighlightOptions & {ellipsis: string},
): SnippetValue {
  const {ranges} = analysis;
  const {matchLevel: level} = matchLevel(analysis, queryWords);
  const {start, end} = snippetBounds(text, ranges[0]?.[0] ?? 0, words);
  const value =
    (start > 0 ? opts.ellipsis : '') +
    render(text, ranges, start, end, opts) +
    (end < text.length ? opts.ellipsis : '');
  return {value, matchLevel: level};
}

/**
 * Highlights and snippets for one hit: its texts are highlighted and snippeted with the same
 * terms, so each text is searched for them once.
 */
export function hitMarker(terms: Map<string, string>, queryWords: string[], opts: HighlightOptions) {
  const analyses = new Map<string, Analysis>();
  const analysisOf = (text: string) => {
    let analysis = analyses.get(text);
    if (!analysis) analyses.set(text, (analysis = analyse(text, terms)));
    return analysis;
  };
  return {
    highlight: (text: string) => highlightWith(text, analysisOf(text), queryWords, opts),
    snippet: (text: string, words: number, ellipsis: string) =>
      snippetWith(text, analysisOf(text), queryWords, words, {...opts, ellipsis}),
  };
}
