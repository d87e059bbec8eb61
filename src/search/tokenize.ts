/**
 * One tokenizer for the index (built in Node at build time) and for queries (in the browser), so
 * both sides cut text the same way. Chinese is segmented into words with Intl.Segmenter (native
 * in Node and Chromium); each Chinese word longer than two characters also yields its bigrams, so
 * a query segmented differently from the page ("设备接入" vs "设备" + "接入") still meets it.
 * Latin identifiers keep their whole form and their parts: `janus.device.getDeviceList` is
 * findable as itself, as `getdevicelist` and as `device`; `triton.toml` as itself and `toml`.
 */

const segmenter = new Intl.Segmenter('zh-Hans', {granularity: 'word'});

/**
 * Names the segmenter cuts into everyday words (开放平台 → 开放 + 平台, 应用市场 → 应用 + 市场),
 * kept as one word on both sides: a query for 开放 (端口) then meets a page that says 开放 before
 * one that only names the open platform, whose 开放 is just a bigram of the name.
 */
const COMPOUND_WORDS = ['开放平台', '应用市场'];

/** The words the segmenter cuts a compound into (开放平台 → 开放, 平台), or null for any other word. */
export function compoundParts(word: string): string[] | null {
  if (!COMPOUND_WORDS.includes(word)) return null;
  return [...segmenter.segment(word)].map((s) => s.segment);
}
const HAN = /\p{Script=Han}/u;
const HAN_ONLY = /^\p{Script=Han}+$/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

function hanBigrams(word: string): string[] {
  const chars = Array.from(word);
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) grams.push(chars[i] + chars[i + 1]);
  return grams;
}

/** A word of a text, where it stands, and whether it was glued from single characters. */
export interface Piece {
  word: string;
  start: number;
  end: number;
  glued: boolean;
}

/**
 * Splits text into word-like segments (lower-cased), in reading order. ICU's dictionary misses
 * many technical words and cuts them into single characters (离线 → 离 + 线, 端口 → 端 + 口,
 * 软限位 → 软 + 限 + 位); adjacent single Chinese characters are glued back into one word, the
 * same way on both sides, so "离线" in a query meets "离线后" on a page through its bigrams.
 */
export function segmentPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  let run: Piece | null = null;
  const flush = () => {
    if (run) pieces.push(run);
    run = null;
  };
  for (const {segment, index, isWordLike} of segmenter.segment(text)) {
    if (!isWordLike || !WORD_CHAR.test(segment)) continue;
    const end = index + segment.length;
    if (segment.length === 1 && HAN_ONLY.test(segment)) {
      if (run && run.end === index) {
        run.word += segment;
        run.end = end;
      } else {
        flush();
        run = {word: segment, start: index, end, glued: true};
      }
      continue;
    }
    flush();
    pieces.push({word: segment.toLowerCase(), start: index, end, glued: false});
  }
  flush();
  return joinCompounds(pieces);
}

function joinCompounds(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const next = pieces[i + 1];
    const joined = next && next.start === pieces[i].end ? pieces[i].word + next.word : '';
    if (COMPOUND_WORDS.includes(joined)) {
      out.push({word: joined, start: pieces[i].start, end: next.end, glued: false});
      i++;
    } else {
      out.push(pieces[i]);
    }
  }
  return out;
}

export const segmentWords = (text: string): string[] => segmentPieces(text).map((p) => p.word);

/**
 * Tokens of a text, in two kinds: whole words (and identifiers, whole and split) and the bigrams
 * of Chinese words longer than two characters. The index gives bigrams less weight, so that a
 * query word meets a page's whole word before a piece of a longer one (开放 vs 开放平台).
 * Identifiers joined by `.`, `_`, `-`, `/` or `:` are kept whole and also split, because ICU
 * keeps `a.b` together but splits `a-b`.
 */
export function tokenizeParts(text: string): {words: string[]; bigrams: string[]} {
  const words: string[] = [];
  const bigrams: string[] = [];
  // Re-join identifiers that the segmenter splits at - / _ : so they stay searchable whole.
  for (const compound of text.matchAll(/[A-Za-z0-9]+(?:[._\-/:][A-Za-z0-9]+)+/g)) {
    words.push(compound[0].toLowerCase());
  }
  for (const word of segmentWords(text)) {
    words.push(word);
    if (HAN.test(word)) {
      if (HAN_ONLY.test(word) && word.length > 2) bigrams.push(...hanBigrams(word));
      continue;
    }
    const parts = word.split(/[._\-/:]+/).filter(Boolean);
    if (parts.length > 1) words.push(...parts);
  }
  return {words, bigrams};
}

/** All tokens of a text (words, then bigrams), as a query looks them up. */
export function tokenize(text: string): string[] {
  const {words, bigrams} = tokenizeParts(text);
  return [...words, ...bigrams];
}

/**
 * The pages put every interface element in 「」 (CONTRIBUTING.md: 点击「设备管理」→「新建设备」),
 * and readers type those names as they see them on screen (设备拒绝, 轮换密钥, 任务计划程序).
 * A label of two to four words is also indexed whole, as 「设备拒绝」: the brackets keep it
 * apart from ordinary words (no prefix or typo lookup reaches it), and a query typed as one run
 * looks it up, so the pages that name the element rank above pages that only hold its words
 * apart (设备 in the title, 拒绝 in a heading). A phrase signal where the index keeps no positions.
 */
const LABEL_WORDS = {min: 2, max: 4};

/** The label term of a run of text (a query run, or the inside of 「」), or null if it is not one. */
export function labelTerm(run: string): string | null {
  if (!HAN.test(run) || /\s/.test(run) || run.length > 16) return null;
  const words = segmentWords(run).length;
  return words >= LABEL_WORDS.min && words <= LABEL_WORDS.max ? `「${run.toLowerCase()}」` : null;
}

/** The label terms of a text: its 「」 interface names of two to four words. */
export function labelTerms(text: string): string[] {
  const terms: string[] = [];
  for (const [, inside] of text.matchAll(/「([^「」]+)」/g)) {
    const term = labelTerm(inside);
    if (term) terms.push(term);
  }
  return terms;
}

/** Whether a term is Latin/digits (eligible for typo tolerance). */
export const isLatinTerm = (term: string): boolean => /^[a-z0-9._\-/:]+$/.test(term);
