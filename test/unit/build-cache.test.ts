import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {BuildCache} from '../../src/utils/buildCache';

/** A site folder with one "code" file the step depends on. */
function site(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xl-build-cache-'));
  fs.mkdirSync(path.join(dir, 'step'));
  fs.writeFileSync(path.join(dir, 'step', 'convert.ts'), 'export const version = 1;\n');
  fs.writeFileSync(path.join(dir, 'package-lock.json'), '{"lockfileVersion": 3}\n');
  return dir;
}

/** One build: converts each input (counting the conversions), saves, returns outputs and counts. */
function build(siteDir: string, inputs: string[], enabled = true) {
  const cache = new BuildCache<string>({siteDir, name: 'step', code: ['step'], enabled});
  const converted: string[] = [];
  const outputs = inputs.map((input) =>
    cache.get(cache.key(input, 'ctx'), () => {
      converted.push(input);
      return input.toUpperCase();
    }),
  );
  cache.save();
  return {outputs, converted, file: cache.file, hits: cache.hits, misses: cache.misses};
}

test('a rebuild converts only the inputs that changed, with the same outputs', () => {
  const dir = site();
  const first = build(dir, ['页面一', 'page two', 'page three']);
  assert.deepEqual(first.converted, ['页面一', 'page two', 'page three']);
  assert.equal(first.file, path.join(dir, 'node_modules', '.cache', 'step.json'));
  const second = build(dir, ['页面一', 'page two (edited)', 'page three']);
  assert.deepEqual(second.converted, ['page two (edited)']);
  assert.deepEqual(second.outputs, ['页面一', 'PAGE TWO (EDITED)', 'PAGE THREE']);
  assert.deepEqual([second.hits, second.misses], [2, 1]);
});

test('an edit to the step code or to package-lock.json invalidates every entry', () => {
  const dir = site();
  build(dir, ['a', 'b']);
  fs.writeFileSync(path.join(dir, 'step', 'convert.ts'), 'export const version = 2;\n');
  assert.deepEqual(build(dir, ['a', 'b']).converted, ['a', 'b']);
  assert.deepEqual(build(dir, ['a', 'b']).converted, []);
  fs.writeFileSync(path.join(dir, 'package-lock.json'), '{"lockfileVersion": 3, "packages": {}}\n');
  assert.deepEqual(build(dir, ['a', 'b']).converted, ['a', 'b']);
});

test('the file keeps only the entries the last build used', () => {
  const dir = site();
  build(dir, ['a', 'b', 'c']);
  const {file} = build(dir, ['a']);
  const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as {entries: Record<string, string>};
  assert.deepEqual(Object.values(saved.entries), ['A']);
  assert.deepEqual(build(dir, ['b']).converted, ['b']);
});

test('a damaged cache file is read as empty, and BUILD_CACHE=off neither reads nor writes', () => {
  const dir = site();
  const {file} = build(dir, ['a']);
  fs.writeFileSync(file, '{"version": ');
  assert.deepEqual(build(dir, ['a']).converted, ['a']);
  assert.deepEqual(build(dir, ['a'], false).converted, ['a']);
  fs.rmSync(file);
  build(dir, ['a'], false);
  assert.equal(fs.existsSync(file), false);
});
