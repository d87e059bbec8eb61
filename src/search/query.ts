/**
 * From what the reader typed to the words the engine looks up: identifiers kept whole, synonyms
 * (src/search/synonyms.ts) recognised as one word with all their forms, question and filler words
 * (src/search/questionWords.ts) dropped, single Chinese characters made optional.
 */
import {QUESTION_WORDS} from './questionWords';
import {SYNONYMS} from './synonyms';
import {segmentPieces, type Piece} from './tokenize';

export interface QueryWord {
  /** As typed, lower-cased: what the highlighter reports as a matched word. */
  text: string;
  /** What is looked up: the typed form first, then its synonyms. */
  forms: string[];
  /** Single Chinese characters (不, 的, 后 …) add score but are not required. */
  optional: boolean;
}

const IDENTIFIER = /[a-z0-9]+(?:[._\-/:][a-z0-9]+)+/g;
const LATIN = /[a-z0-9]/;
const isLatinChar = (c: string | undefined) => c !== undefined && /[a-z0-9_]/.test(c);

/** phrase → every form it may be searched as (itself first). */
export const FORMS: ReadonlyMap<string, string[]> = (() => {
  const forms = new Map<string, Set<string>>();
  const add = (phrase: string, more: string[]) => {
    const set = forms.get(phrase) ?? new Set([phrase]);
    for (const m of more) set.add(m);
    forms.set(phrase, set);
  };
  for (const entry of SYNONYMS) {
    if (entry.type === 'synonym') for (const word of entry.synonyms) add(word, entry.synonyms);
    else add(entry.input, entry.synonyms);
  }
  return new Map([...forms].map(([phrase, set]) => [phrase, [...set]]));
})();
/** Longest first, so 开机自动运行 wins over 自动启动-like overlaps. */
const PHRASES = [...FORMS.keys()].sort((a, b) => b.length - a.length);

type Span = {start: number; end: number; text: string; forms: string[]};

/**
 * Where the phrases occur in the query, longest first, outside the spans already taken. A Latin
 * phrase must stand as a whole word. A Chinese one must begin and end at word boundaries, inside
 * a run of single characters the segmenter could not split (断网后 holds 断网), or inside a
 * two-character word, which ICU often forms across a word boundary (就不 + 更新 holds 不更新);
 * a longer word is never cut (开放平台 does not hold 开放).
 */
function findPhrases(lower: string, pieces: Piece[], phrases: string[], formsOf: (p: string) => string[], taken: Span[]): Span[] {
  const pieceAt = (i: number) => pieces.find((p) => p.start <= i && i < p.end);
  const cuttable = (p: Piece) => p.glued || p.end - p.start === 2;
  const startsWell = (i: number) => {
    const p = pieceAt(i);
    return !p || p.start === i || cuttable(p);
  };
  const endsWell = (i: number) => {
    const p = pieceAt(i - 1);
    return !p || p.end === i || cuttable(p);
  };
  const spans: Span[] = [];
  const free = (start: number, end: number) => [...taken, ...spans].every((s) => end <= s.start || start >= s.end);
  for (const phrase of phrases) {
    for (let at = lower.indexOf(phrase); at >= 0; at = lower.indexOf(phrase, at + 1)) {
      const end = at + phrase.length;
      const ok = LATIN.test(phrase)
        ? !isLatinChar(lower[at - 1]) && !isLatinChar(lower[end])
        : startsWell(at) && endsWell(end);
      if (ok && free(at, end)) spans.push({start: at, end, text: phrase, forms: formsOf(phrase)});
    }
  }
  return spans;
}

const QUESTION_PHRASES = [...QUESTION_WORDS].sort((a, b) => b.length - a.length);

export function parseQuery(query: string): QueryWord[] {
  const lower = query.toLowerCase();
  const identifiers: Span[] = [...lower.matchAll(IDENTIFIER)].map((m) => ({
    start: m.index!,
    end: m.index! + m[0].length,
    text: m[0],
    forms: FORMS.get(m[0]) ?? [m[0]],
  }));
  const pieces = segmentPieces(lower);
  const synonyms = findPhrases(lower, pieces, PHRASES, (p) => FORMS.get(p)!, identifiers);
  // Question words are found after segmenting with them in place, then dropped (no forms).
  const questions = findPhrases(lower, pieces, QUESTION_PHRASES, () => [], [...identifiers, ...synonyms]);
  const spans = [...identifiers, ...synonyms, ...questions];
  const words: Span[] = [...identifiers, ...synonyms];
  for (const piece of pieces) {
    // The parts of the piece outside every span (all of it, usually).
    let parts: {start: number; end: number}[] = [{start: piece.start, end: piece.end}];
    for (const s of spans) {
      parts = parts.flatMap((p) =>
        s.end <= p.start || s.start >= p.end
          ? [p]
          : [{start: p.start, end: s.start}, {start: s.end, end: p.end}].filter((q) => q.end > q.start),
      );
    }
    const cut = parts.length !== 1 || parts[0].end - parts[0].start !== piece.end - piece.start;
    for (const part of parts) {
      const text = lower.slice(part.start, part.end);
      // Fragments of an identifier (triton of triton.toml) are not words of their own.
      if (cut && LATIN.test(text)) continue;
      words.push({...part, text, forms: [text]});
    }
  }
  words.sort((a, b) => a.start - b.start);
  const out: QueryWord[] = [];
  for (const w of words) {
    if (out.some((o) => o.text === w.text)) continue;
    out.push({text: w.text, forms: w.forms, optional: /^\p{Script=Han}$/u.test(w.text)});
  }
  return out;
}
