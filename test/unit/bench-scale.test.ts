import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {
  copyName,
  growth,
  parsePhases,
  replicateDocs,
  rewriteForCopy,
  scaleSidebars,
  type ScaleRun,
} from '../../scripts/bench-scale';

/** A small docs tree with every construct the replication must handle. */
const FIXTURE: Record<string, string> = {
  'intro.md': [
    '---',
    'title: 介绍',
    'slug: /start',
    'pagination_next: guide/setup',
    'displayed_sidebar: main',
    '---',
    '',
    '见[安装](./guide/setup.md#steps)、[参考](guide/ref/api.md)和[绝对链接](/docs/guide/setup)。',
    '',
    '[ref]: /docs/guide/ref/custom',
    '',
    '<a href="/docs/guide/setup">安装</a> 与 <Link to="/docs">首页</Link>，图片 ![图](/img/a.svg)。',
  ].join('\n'),
  'guide/setup.md': [
    '---',
    'id: setup',
    'slug: relative-slug',
    'pagination_prev: null',
    '---',
    '',
    '## 步骤 {#steps}',
    '',
    '返回[介绍](../intro.md)，或看[API](./ref/api.md)。',
  ].join('\n'),
  'guide/ref/api.md': ['---', 'id: custom', '---', '', '上一级：[安装](../setup.md)。'].join('\n'),
  'guide/ref/diagram.txt': 'not markdown: /docs/guide/setup',
};

function makeFixture(): {src: string; dest: string; cleanup: () => void} {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-test-'));
  const src = path.join(tmp, 'docs-src');
  for (const [rel, text] of Object.entries(FIXTURE)) {
    fs.mkdirSync(path.dirname(path.join(src, rel)), {recursive: true});
    fs.writeFileSync(path.join(src, rel), text);
  }
  return {src, dest: path.join(tmp, 'docs'), cleanup: () => fs.rmSync(tmp, {recursive: true, force: true})};
}

const listFiles = (dir: string) =>
  (fs.readdirSync(dir, {recursive: true}) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort();

/** Front matter value of a key, or undefined. */
const fmValue = (text: string, key: string) => new RegExp(`^${key}: (.*)$`, 'm').exec(text.split(/^---$/m)[1] ?? '')?.[1];

/** Doc id as Docusaurus derives it: folder of the file + (front matter id ?? file name). */
function docId(rel: string, text: string): string {
  const dir = path.dirname(rel).split(path.sep).join('/');
  const name = fmValue(text, 'id') ?? path.basename(rel).replace(/\.mdx?$/, '');
  return dir === '.' ? name : `${dir}/${name}`;
}

/** URL path of a doc under /docs: absolute slug, relative slug in its folder, or its id. */
function docRoute(rel: string, text: string): string {
  const slug = fmValue(text, 'slug');
  const dir = path.dirname(rel).split(path.sep).join('/');
  if (slug?.startsWith('/')) return slug;
  if (slug) return `/${dir === '.' ? '' : `${dir}/`}${slug}`;
  return `/${docId(rel, text)}`;
}

test('replicateDocs writes the tree factor times: the original plus copy-02 … copy-NN', () => {
  const {src, dest, cleanup} = makeFixture();
  try {
    const written = replicateDocs(src, dest, 3);
    const files = listFiles(dest);
    assert.equal(written, 4 * 3);
    assert.equal(files.length, 4 * 3);
    for (const rel of Object.keys(FIXTURE)) {
      assert.equal(fs.readFileSync(path.join(dest, rel), 'utf8'), FIXTURE[rel], 'replica 1 is unchanged');
      for (const copy of ['copy-02', 'copy-03']) assert.ok(files.includes(path.join(copy, rel)));
    }
    // Non-Markdown files are copied byte for byte.
    assert.equal(fs.readFileSync(path.join(dest, 'copy-02/guide/ref/diagram.txt'), 'utf8'), FIXTURE['guide/ref/diagram.txt']);
  } finally {
    cleanup();
  }
});

test('replicated docs have unique ids and routes', () => {
  const {src, dest, cleanup} = makeFixture();
  try {
    replicateDocs(src, dest, 4);
    const docs = listFiles(dest).filter((f) => f.endsWith('.md'));
    const texts = docs.map((f) => fs.readFileSync(path.join(dest, f), 'utf8'));
    const ids = docs.map((f, i) => docId(f, texts[i]));
    const routes = docs.map((f, i) => docRoute(f, texts[i]));
    assert.equal(docs.length, 12);
    assert.equal(new Set(ids).size, ids.length, `duplicate ids: ${ids}`);
    assert.equal(new Set(routes).size, routes.length, `duplicate routes: ${routes}`);
    assert.ok(routes.includes('/start') && routes.includes('/copy-04/start'));
    assert.ok(ids.includes('copy-03/guide/ref/custom'));
  } finally {
    cleanup();
  }
});

test('relative links in a copy still resolve, to files inside the same copy', () => {
  const {src, dest, cleanup} = makeFixture();
  try {
    replicateDocs(src, dest, 3);
    let checked = 0;
    for (const rel of listFiles(dest).filter((f) => f.endsWith('.md'))) {
      const text = fs.readFileSync(path.join(dest, rel), 'utf8');
      const copyRoot = path.join(dest, rel.split(path.sep)[0].startsWith('copy-') ? rel.split(path.sep)[0] : '');
      for (const [, link] of text.matchAll(/\]\(((?:\.\.?\/)?[\w/.-]+\.md)(?:#[\w-]+)?\)/g)) {
        const target = path.resolve(path.dirname(path.join(dest, rel)), link);
        assert.ok(fs.existsSync(target), `${rel}: ${link} resolves`);
        assert.ok(target.startsWith(copyRoot), `${rel}: ${link} stays in ${copyRoot}`);
        if (copyRoot === dest) assert.ok(!path.relative(dest, target).startsWith('copy-'), 'originals link to originals');
        checked++;
      }
    }
    assert.equal(checked, 5 * 3, 'every relative link of every replica was checked');
  } finally {
    cleanup();
  }
});

test('rewriteForCopy moves slugs, pagination, sidebars and absolute doc links into the copy', () => {
  const out = rewriteForCopy(FIXTURE['intro.md'], 'copy-07');
  assert.equal(fmValue(out, 'slug'), '/copy-07/start');
  assert.equal(fmValue(out, 'pagination_next'), 'copy-07/guide/setup');
  assert.equal(fmValue(out, 'displayed_sidebar'), 'main-copy-07');
  assert.match(out, /\[绝对链接\]\(\/docs\/copy-07\/guide\/setup\)/);
  assert.match(out, /^\[ref\]: \/docs\/copy-07\/guide\/ref\/custom$/m);
  assert.match(out, /<a href="\/docs\/copy-07\/guide\/setup">/);
  assert.match(out, /to="\/docs"/, 'the bare /docs redirect is shared');
  assert.match(out, /\(\/img\/a\.svg\)/, 'static assets are shared');
  assert.match(out, /\(\.\/guide\/setup\.md#steps\)/, 'relative links are left alone');

  const setup = rewriteForCopy(FIXTURE['guide/setup.md'], 'copy-07');
  assert.equal(fmValue(setup, 'slug'), 'relative-slug', 'relative slugs already sit in the copy folder');
  assert.equal(fmValue(setup, 'pagination_prev'), 'null');
  assert.equal(fmValue(setup, 'id'), 'setup', 'ids are relative to the folder');
  assert.match(setup, /\{#steps\}/, 'heading ids are per page');
  assert.equal(rewriteForCopy('正文 [x](/docs/a)', 'copy-02'), '正文 [x](/docs/copy-02/a)', 'no front matter');
});

test('scaleSidebars repeats every sidebar per copy with ids moved into the copy', () => {
  const base = {
    main: [
      'intro',
      {type: 'category', label: '指南', key: 'guide', link: {type: 'doc', id: 'guide/setup'}, items: ['guide/setup', {type: 'doc', id: 'guide/ref/custom'}]},
      {type: 'link', label: '外部', href: 'https://example.com'},
      {type: 'autogenerated', dirName: 'guide/ref'},
    ],
    short: {分类: ['intro']},
  } as unknown as SidebarsConfig;
  const scaled = scaleSidebars(base, 3) as Record<string, unknown>;
  assert.deepEqual(Object.keys(scaled), ['main', 'short', 'main-copy-02', 'short-copy-02', 'main-copy-03', 'short-copy-03']);
  assert.deepEqual(scaled.main, base.main, 'the original sidebars are kept');
  assert.deepEqual(scaled['main-copy-03'], [
    'copy-03/intro',
    {type: 'category', label: '指南', key: 'guide', link: {type: 'doc', id: 'copy-03/guide/setup'}, items: ['copy-03/guide/setup', {type: 'doc', id: 'copy-03/guide/ref/custom'}]},
    {type: 'link', label: '外部', href: 'https://example.com'},
    {type: 'autogenerated', dirName: 'copy-03/guide/ref'},
  ]);
  assert.deepEqual(scaled['short-copy-02'], {分类: ['copy-02/intro']});
  assert.equal(copyName(10), 'copy-10');
});

const run = (factor: number, pages: number, cold: number, warm: number, peakMb: number, outputBytes: number, raw: number): ScaleRun => ({
  factor,
  docs: pages - 4,
  pages,
  cold: {seconds: cold, cpuSeconds: cold * 1.5, peakMb, treePeakMb: peakMb + 60, phases: {}},
  warm: {seconds: warm, cpuSeconds: warm * 2, peakMb: peakMb * 0.9, treePeakMb: peakMb, phases: {}},
  outputBytes,
  searchIndex: {file: 'search-index.x.json', raw, gzip: raw / 3, records: null},
  loadavg: {start: '1.00 1.00 1.00 1/100 1', end: '1.00 1.00 1.00 1/100 2'},
});

test('growth gives ratios and the exponent of cost against pages', () => {
  const g = growth(run(1, 100, 60, 25, 1000, 50e6, 3e6), run(10, 1000, 480, 50, 3000, 500e6, 30e6));
  assert.equal(g.pages, 10);
  assert.equal(g.cold, 8);
  assert.equal(g.warm, 2);
  assert.equal(g.coldCpu, 8);
  assert.equal(g.warmCpu, 2);
  assert.equal(g.peakMemory, 3);
  assert.equal(g.output, 10);
  assert.equal(g.searchIndex, 10);
  assert.equal(g.exponent.output, 1, 'linear');
  assert.equal(g.exponent.cold, 0.9);
  assert.equal(g.exponent.warm, 0.3);
  assert.equal(g.exponent.peakMemory, 0.48);
});

test('parsePhases reads Docusaurus perf timings and the search plugin line', () => {
  const log = [
    '[INFO] [zh-Hans] Creating an optimized production build...',
    '\x1b[33m[PERF]\x1b[39m Build > \x1b[1mzh-Hans\x1b[22m > Load site - 3.21 seconds! - (Heap 50mb -> 120mb / Total 200mb)',
    '[PERF] Build > zh-Hans > Load site > Load plugins - 2.10 seconds! - (Heap 50mb -> 100mb / Total 180mb)',
    '[PERF] Build > zh-Hans > Bundling with rspack - 40.50 seconds! - (Heap 120mb -> 300mb / Total 400mb)',
    '[PERF] Build > zh-Hans > SSG - 12.00 seconds! - (Heap 300mb -> 310mb / Total 400mb)',
    '[local-search] 228 个页面，5804 条记录，索引 2800 KB，用时 4321 ms → /search-index.abc.json',
    '[PERF] Build > zh-Hans > postBuild() - 5.00 seconds! - (Heap 310mb -> 400mb / Total 500mb)',
    '[PERF] Build > zh-Hans > Broken links checker - 250.50 ms - (Heap 400mb -> 400mb / Total 500mb)',
    '[PERF] Build - 61.00 seconds! - (Heap 40mb -> 400mb / Total 500mb)',
  ].join('\n');
  assert.deepEqual(parsePhases(log), {
    'Load site': 3.21,
    'Bundling with rspack': 40.5,
    SSG: 12,
    searchIndex: 4.321,
    'postBuild()': 5,
    'Broken links checker': 0.2505,
    total: 61,
  });
});
