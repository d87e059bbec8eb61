import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {pages} from './search-fixture';
import {buildSearchIndex, writeSearchIndex} from '../../plugins/local-search/buildIndex';
import {IndexWorkers, packTokens, unpackTokens} from '../../plugins/local-search/indexWorkers';
import {textTokens} from '../../src/search/invertedIndex';

const TEXTS = ['', '设备接入', 'Janus 的 janus.device.getDeviceList 返回「设备拒绝」', '在「系统设置」→「基本信息」中打开「转发到 Neptune」', 'triton.toml 的 ack_timeout_ms 默认 3000'];

test('tokens cross the thread boundary unchanged (empty lists included)', () => {
  for (const text of TEXTS) assert.deepEqual(unpackTokens(packTokens(textTokens(text))), textTokens(text));
});

test('workers cut queued texts as the main thread would, each text once, and write parts', async () => {
  const workers = new IndexWorkers(2, 2);
  try {
    for (const text of [...TEXTS, ...TEXTS]) workers.cut(text);
    assert.equal(workers.started, true);
    const tokens = await workers.tokens();
    assert.deepEqual([...tokens.keys()].sort(), [...TEXTS].sort());
    for (const text of TEXTS) assert.deepEqual(tokens.get(text), textTokens(text), text);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xl-index-workers-'));
    await workers.write(dir, [['s0.json', '{"a":[1,2]}'], ['f0.json', '[]']]);
    assert.equal(fs.readFileSync(path.join(dir, 's0.json'), 'utf8'), '{"a":[1,2]}');
    assert.equal(fs.readFileSync(path.join(dir, 'f0.json'), 'utf8'), '[]');
  } finally {
    await workers.close();
  }
});

/** Every file under a folder, by relative path → content. */
function filesUnder(dir: string): Map<string, string> {
  const files = (fs.readdirSync(dir, {recursive: true}) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
  return new Map(files.sort().map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}

test('an index built with workers and staged fragments is the same as one built in the main thread, also when written again', async () => {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'xl-index-site-'));
  for (const [route, html] of pages) {
    fs.mkdirSync(path.join(site, route), {recursive: true});
    fs.writeFileSync(path.join(site, route, 'index.html'), html);
  }
  const options = {outDir: site, routesPaths: pages.map(([route]) => route), siteUrl: 'https://docs.example.com'};
  const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'xl-index-plain-'));
  await writeSearchIndex(plain, 'search-index.json', (await buildSearchIndex(options)).files);

  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'xl-index-workers-out-'));
  fs.mkdirSync(path.join(out, 'search'));
  fs.writeFileSync(path.join(out, 'search', 'index.html'), '<!doctype html>'); // the /search page shares the folder
  const run = async () => {
    const workers = new IndexWorkers(2, 4);
    try {
      const {files, staged} = await buildSearchIndex({...options, workers, writeTo: out});
      assert.ok(workers.started);
      return {staged: Boolean(staged), written: await writeSearchIndex(out, 'search-index.json', files, {workers, staged})};
    } finally {
      await workers.close();
    }
  };
  const first = await run();
  assert.equal(first.staged, true);
  const expected = filesUnder(plain);
  expected.set(path.join('search', 'index.html'), '<!doctype html>');
  assert.deepEqual(filesUnder(out), expected);
  assert.deepEqual(first.written.sort(), [...filesUnder(plain).keys()].map((f) => f.split(path.sep).join('/')).sort());
  // Over the earlier index: written in place, nothing staged, the same files.
  const second = await run();
  assert.equal(second.staged, false);
  assert.deepEqual(filesUnder(out), expected);
});
