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

test('each answer records its query, and the screen waits for the answer to the query on screen', () => {
  const fixed = applyFixes(modal);
  // The query the answer is for (a superseded search settles with the newest answer), not the one asked.
  assert.match(fixed, /\w+\(\{answeredQuery:(\w+)&&\1\[0\]&&"string"==typeof \1\[0\]\.query\?\1\[0\]\.query:\w+\}\)/);
  // No-results only once answered; before that the loading screen, with the stalled text.
  assert.match(fixed, /\.state\.context\.answeredQuery!==\w+\.state\.query\?\w+\.createElement\("div",\{className:"DocSearch-LoadingScreen",role:"status"\},"stalled"===/);
  assert.match(fixed, /loadingScreen\.stalledText\)\|\|"正在搜索…"/);
  // The screen is frozen during a search only while it shows results.
  assert.match(fixed, /"stalled"===\w+\.state\.status\)&&\w+\.hasCollections&&\w+\.hasCollections\}/);
});

test('every failed search ends on the error screen, and its rejection is handled', () => {
  assert.match(modal, /"RetryError"===\(\w+=\w+\.v\)\.name&&\w+\("error"\)/);
  const fixed = applyFixes(modal);
  assert.doesNotMatch(fixed, /"RetryError"===\(\w+=\w+\.v\)\.name/);
  assert.match(fixed, /case 3:throw \w+\.p=3,\w+=\w+\.v,\w+\("error"\),\w+;/);
  assert.match(fixed, /pendingRequests\.add\(\w+\)\.catch\(function\(\)\{\}\)\}function /);
});

test('every fix matches exactly once in the installed DocSearch', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const {fixes} = require('../../plugins/docsearch-fixes/fixes.js') as {fixes: {name: string; pattern: RegExp}[]};
  for (const fix of fixes) {
    const global = new RegExp(fix.pattern.source, 'g');
    assert.equal(modal.match(global)?.length, 1, fix.name);
  }
});
