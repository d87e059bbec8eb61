import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {listEssentials, writeEssentials} from '../../plugins/offline-reading';

const PLACEHOLDER = "const ESSENTIALS = '__XL_OFFLINE_ESSENTIALS__';";
/** The search index's files as plugins/local-search reports them: entry, parts, offline bundle. */
const SEARCH_FILES = [
  'search-index.56921c009c.json',
  'search/0123456789abcdef/s0.json',
  'search/0123456789abcdef/f0.json',
  'search/0123456789abcdef/typos.json',
  'search/0123456789abcdef/all.json',
];

/** A build folder with hashed JS/CSS, an image, the search index and two worker files. */
function fixtureBuild(workers: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xl-offline-'));
  const files: Record<string, string> = {
    'assets/js/main.1a2b3c4d.js': 'main',
    'assets/js/runtime~main.9f8e7d6c.js': 'runtime',
    'assets/js/runtime~main.9f8e7d6c.js.gz': 'gz',
    'assets/css/styles.0a1b2c3d.css': 'css',
    'assets/images/diagram-5e6f.svg': '<svg/>',
    'search-index.56921c009c.json': '{}',
    'index.html': '<html></html>',
    ...workers,
  };
  for (const [file, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), body);
  }
  return dir;
}

test('listEssentials lists every JS and CSS file of the build, the search entry and the bundle of its parts, sorted', async () => {
  const dir = fixtureBuild({});
  assert.deepEqual(await listEssentials(dir, SEARCH_FILES), [
    'assets/css/styles.0a1b2c3d.css',
    'assets/js/main.1a2b3c4d.js',
    'assets/js/runtime~main.9f8e7d6c.js',
    'search-index.56921c009c.json',
    // One download for every shard and fragment: the worker unpacks it.
    'search/0123456789abcdef/all.json',
  ]);
  // Hosted Algolia: no index file to keep.
  assert.equal((await listEssentials(dir)).some((file) => file.startsWith('search')), false);
});

test('writeEssentials fills the placeholder in the worker chunk that holds it, with a build version', async () => {
  const dir = fixtureBuild({'sw.js': 'importScripts("351.sw.js");', '351.sw.js': `${PLACEHOLDER} JSON.parse(ESSENTIALS);`});
  const essentials = await listEssentials(dir, SEARCH_FILES);
  assert.equal(await writeEssentials(dir, essentials, '/'), '351.sw.js');

  const chunk = fs.readFileSync(path.join(dir, '351.sw.js'), 'utf8');
  assert.equal(chunk.includes('__XL_OFFLINE_ESSENTIALS__'), false);
  const literal = chunk.match(/const ESSENTIALS = ("(?:[^"\\]|\\.)*");/)![1];
  const written = JSON.parse(JSON.parse(literal)) as {version: string; urls: string[]};
  assert.match(written.version, /^[0-9a-f]{12}$/);
  assert.deepEqual(written.urls, essentials.map((file) => `/${file}`));
  assert.equal(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8'), 'importScripts("351.sw.js");');

  // Another build (a changed asset) gets another version, so the worker retires the old cache.
  const other = fixtureBuild({'sw.js': PLACEHOLDER});
  fs.renameSync(path.join(other, 'assets/js/main.1a2b3c4d.js'), path.join(other, 'assets/js/main.77777777.js'));
  await writeEssentials(other, await listEssentials(other, SEARCH_FILES), '/');
  const otherVersion = JSON.parse(JSON.parse(fs.readFileSync(path.join(other, 'sw.js'), 'utf8').match(/= ("(?:[^"\\]|\\.)*");/)![1])).version;
  assert.notEqual(otherVersion, written.version);
});

test('writeEssentials prefixes a non-root baseUrl', async () => {
  const dir = fixtureBuild({'sw.js': PLACEHOLDER});
  await writeEssentials(dir, ['assets/js/main.1a2b3c4d.js'], '/docs-center/');
  assert.match(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8'), /\\"\/docs-center\/assets\/js\/main\.1a2b3c4d\.js\\"/);
});

test('writeEssentials fails the build when the placeholder is missing or duplicated', async () => {
  const none = fixtureBuild({'sw.js': 'self.addEventListener("fetch", () => {});'});
  await assert.rejects(writeEssentials(none, [], '/'), /found it in 0 \(sw\.js\)/);
  const twice = fixtureBuild({'sw.js': PLACEHOLDER, '351.sw.js': PLACEHOLDER});
  await assert.rejects(writeEssentials(twice, [], '/'), /found it in 2/);
});

test('the built worker carries the essentials of this build', {skip: !fs.existsSync('build/sw.js') && 'no build/'}, () => {
  const workers = fs.readdirSync('build').filter((file) => /^(\w+\.)?sw\.js$/.test(file));
  const sources = workers.map((file) => fs.readFileSync(path.join('build', file), 'utf8'));
  assert.equal(sources.some((source) => source.includes('__XL_OFFLINE_ESSENTIALS__')), false);
  const js = fs.readdirSync('build/assets/js').filter((file) => file.endsWith('.js'));
  const main = js.find((file) => /^main\.[0-9a-f]+\.js$/.test(file))!;
  assert.ok(sources.some((source) => source.includes(`/assets/js/${main}`)), `main bundle ${main} listed in a worker file`);
});
