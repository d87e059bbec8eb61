// The DocSearch modal ships without Ask AI (chat screens, Markdown renderer, AI SDK, zod), which
// this site never runs: plugins/docsearch-fixes/stripAskAi.js removes it at build time. Checked on
// the installed @docsearch/react and on the built modal chunk, so an upgrade cannot bring it back
// unnoticed.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {stripAskAi} = require('../../plugins/docsearch-fixes/stripAskAi.js') as {stripAskAi: (s: string) => string};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {applyFixes} = require('../../plugins/docsearch-fixes/fixes.js') as {applyFixes: (s: string) => string};

/** Strings only Ask AI code contains: its storage key, API hosts, screens, libraries. */
const ASK_AI = ['__DOCSEARCH_ASKAI_CONVERSATIONS__', 'askai_token', 'agent-studio', 'DocSearch-AskAiScreen', 'MemoizedMarkdown', 'vercel.ai.error', 'ZodError', 'TransformStream'];
/** Strings of the search the modal must keep. */
const SEARCH = ['DocSearch-Modal', 'DocSearch-Hit', '__DOCSEARCH_RECENT_SEARCHES__', '__DOCSEARCH_FAVORITE_SEARCHES__', 'RetryError'];
const MAX_GZIP = 40 * 1024;

const modal = fs.readFileSync(require.resolve('@docsearch/react/modal'), 'utf8');
const gzip = (s: string) => zlib.gzipSync(s, {level: 9}).length;

test('the installed DocSearch modal carries Ask AI, and the transform removes all of it', () => {
  for (const marker of ASK_AI) assert.ok(modal.includes(marker), `${marker} in @docsearch/react/modal (otherwise update the marker list)`);
  const stripped = stripAskAi(applyFixes(modal));
  for (const marker of ASK_AI) assert.ok(!stripped.includes(marker), `${marker} left in the modal`);
  for (const marker of SEARCH) assert.ok(stripped.includes(marker), `${marker} missing from the modal`);
  assert.ok(gzip(stripped) <= MAX_GZIP, `modal module ${gzip(stripped)} bytes gzip`);
  assert.ok(stripped.length < modal.length / 2);
});

test('the Ask AI hook becomes one constant, inert answer', () => {
  const stripped = stripAskAi(applyFixes(modal));
  assert.match(stripped, /status:"ready"/);
  assert.match(stripped, /conversations:\{add:n,addFeedback:n,getAll:function\(\)\{return\[\]\}/);
});

test('a DocSearch whose Ask AI code looks different fails the build, in Chinese', () => {
  assert.throws(() => stripAskAi('function m(){return 1}export{m as DocSearchModal};'), /找不到Ask AI 对话 Hook/);
  assert.throws(() => stripAskAi('export const x = 1;'), /找不到导出的 DocSearchModal/);
});

const jsDir = path.join('build', 'assets', 'js');
test('the built modal chunk has no Ask AI code and stays under 40 KB gzip', {skip: !fs.existsSync(jsDir) && 'no build/'}, () => {
  const chunks = fs
    .readdirSync(jsDir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({file: f, code: fs.readFileSync(path.join(jsDir, f), 'utf8')}))
    .filter(({code}) => code.includes('__DOCSEARCH_RECENT_SEARCHES__'));
  assert.equal(chunks.length, 1, chunks.map((c) => c.file).join(', '));
  const [{file, code}] = chunks;
  for (const marker of ASK_AI) assert.ok(!code.includes(marker), `${marker} in ${file}`);
  assert.ok(gzip(code) <= MAX_GZIP, `${file}: ${gzip(code)} bytes gzip`);
});
