import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {applyFixes} = require('../../plugins/docsearch-fixes/fixes.js') as {applyFixes: (s: string) => string};

const modal = fs.readFileSync(require.resolve('@docsearch/react/modal'), 'utf8');

test('the installed DocSearch still has the suggestions bug, and the fix removes it', () => {
  assert.match(modal, /searchSuggestions:\w+\(\w+\(\{\},/);
  const fixed = applyFixes(modal);
  assert.doesNotMatch(fixed, /searchSuggestions:\w+\(\w+\(\{\},/);
  assert.match(fixed, /searchSuggestions:Object\.keys\(\w+\)/);
});

test('the error status survives the end of a failed search', () => {
  assert.match(modal, /\.finally\(function\(\)\{\w+\("idle"\)/);
  const fixed = applyFixes(modal);
  assert.match(fixed, /\.finally\(function\(\)\{"error"!==\w+\.getState\(\)\.status&&\w+\("idle"\)/);
});

test('a DocSearch without the pattern fails loudly, in Chinese', () => {
  assert.throws(() => applyFixes('export const x = 1;'), /找不到要修补的代码/);
});
