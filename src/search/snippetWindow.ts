/**
 * Where a snippet starts and ends: `words` words around the first match, cut at word boundaries
 * as Intl.Segmenter finds them, so that the spec's snippet lengths (10 words, 5 on screens up to
 * 768 px) count Chinese words, not characters, and no word is cut in half. Only a window of text
 * around the match is segmented (segmenting whole paragraphs for 20 hits per keystroke is slow).
 */

/** Characters looked at before and after the first match: enough for 10 long words each way. */
const BEFORE = 80;
const AFTER = 320;

type Segment = {index: number; end: number};

let segmenter: Intl.Segmenter | null | undefined;

function wordSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh-Hans', {granularity: 'word'}) : null;
  }
  return segmenter;
}

/** Word-like segments of text[from, to), in text offsets; a word cut by the window edge is dropped. */
function wordsIn(text: string, from: number, to: number): Segment[] {
  const slice = text.slice(from, to);
  const seg = wordSegmenter();
  const words: Segment[] = [];
  if (seg) {
    for (const s of seg.segment(slice)) {
      if (s.isWordLike) words.push({index: from + s.index, end: from + s.index + s.segment.length});
    }
  } else {
    // Without Intl.Segmenter (old browsers): Latin/digit runs and single Han characters.
    for (const m of slice.matchAll(/[\p{L}\p{N}_]+/gu)) {
      if (/\p{Script=Han}/u.test(m[0])) for (let i = 0; i < m[0].length; i++) words.push({index: from + m.index! + i, end: from + m.index! + i + 1});
      else words.push({index: from + m.index!, end: from + m.index! + m[0].length});
    }
  }
  if (from > 0 && words[0]?.index === from) words.shift();
  if (to < text.length && words[words.length - 1]?.end === to) words.pop();
  return words;
}

/**
 * The [start, end) of a snippet of `words` words showing the first match (`matchAt`, a text
 * offset) with about a third of the words before it; the whole text when it has no more words.
 */
export function snippetBounds(text: string, matchAt: number, words: number): {start: number; end: number} {
  const from = Math.max(0, matchAt - BEFORE);
  const to = Math.min(text.length, matchAt + AFTER);
  const segments = wordsIn(text, from, to);
  if (from === 0 && to === text.length && segments.length <= words) return {start: 0, end: text.length};
  if (segments.length === 0) return {start: from, end: to};
  let focus = segments.findIndex((s) => s.end > matchAt);
  if (focus < 0) focus = segments.length - 1;
  let first = Math.max(0, focus - Math.floor(words / 3));
  first = Math.max(0, Math.min(first, segments.length - words));
  const last = Math.min(segments.length - 1, first + words - 1);
  const start = first === 0 && from === 0 ? 0 : segments[first].index;
  const end = last === segments.length - 1 && to === text.length ? text.length : segments[last].end;
  return {start, end};
}
