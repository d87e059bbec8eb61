/**
 * Question and filler words: how a reader asks (怎么、如何、吗、为什么、哪些、能不能 …), never
 * what a page is about. The embedded engine drops them from matching after segmenting the query
 * with them in place, so they do not change how their neighbours are cut; `npm run search:upload`
 * gives them to Algolia as optional words.
 */
export const QUESTION_WORDS: string[] = [
  '怎么样', '怎么办', '怎么', '怎样', '如何', '为什么', '为何', '什么时候', '什么', '哪些', '哪个', '哪里', '哪儿',
  '能不能', '可不可以', '会不会', '是不是', '有没有', '要不要', '是否', '能否', '可否', '可以', '还能',
  '在哪里', '在哪儿', '在哪', '怎么回事', '是什么意思', '什么意思', '请问', '一下', '需要', '的时候', '时候',
  '可是', '但是', '不过', '出来',
  '吗', '呢', '吧', '啊', '呀',
];
