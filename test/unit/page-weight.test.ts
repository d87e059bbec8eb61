import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {assetWeight, entryAssets} from '../../scripts/lib/page-weight';

test('entryAssets reads the scripts and stylesheets of minified and quoted HTML', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xl-weight-'));
  fs.mkdirSync(path.join(dir, 'docs/a'), {recursive: true});
  fs.writeFileSync(
    path.join(dir, 'docs/a/index.html'),
    '<link rel=stylesheet href=/assets/css/styles.1.css /><link rel="preload" as="image" href="/img/logo.svg">' +
      '<link rel="prefetch" href="/assets/js/other.js"><script src="/assets/js/runtime~main.2.js" defer></script><script src=/assets/js/main.3.js defer></script>' +
      '<script type="application/ld+json">{}</script>',
  );
  assert.deepEqual(entryAssets(dir, '/docs/a'), ['/assets/css/styles.1.css', '/assets/js/runtime~main.2.js', '/assets/js/main.3.js']);
});

test('assetWeight adds raw and gzip sizes by kind', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xl-weight-'));
  const js = 'console.log(1);'.repeat(200);
  const css = 'a{color:red}'.repeat(100);
  fs.writeFileSync(path.join(dir, 'a.js'), js);
  fs.writeFileSync(path.join(dir, 'b.css'), css);
  const w = assetWeight(dir, ['a.js', 'b.css']);
  assert.equal(w.files, 2);
  assert.equal(w.js, js.length);
  assert.equal(w.css, css.length);
  assert.equal(w.jsGz, zlib.gzipSync(js, {level: 9}).length);
  assert.equal(w.totalGz, w.jsGz + w.cssGz);
});

// Budget: an unmodified Docusaurus 3.10 site with these pages links about 201 KB (gzip) of
// runtime, main and CSS from each doc page (npm run bench measures both); ours must stay smaller.
const BUDGET_KB = 190;
const docPages = ['/docs/neptune/user/quick-start', '/docs/neptune/api/device_management/device_list', '/docs/lowcode/hmi'];

test(`a doc page links at most ${BUDGET_KB} KB gzip of JS and CSS`, {skip: !fs.existsSync('build/index.html') && 'no build/'}, () => {
  for (const route of docPages) {
    const files = entryAssets('build', route);
    assert.ok(files.some((f) => /\/main\.[0-9a-f]+\.js$/.test(f)), `${route} links main.js`);
    const kb = assetWeight('build', files).totalGz / 1024;
    assert.ok(kb <= BUDGET_KB, `${route}: ${kb.toFixed(1)} KB > ${BUDGET_KB} KB`);
  }
});

test('the main bundle carries neither medium-zoom nor the unused Prism grammars', {skip: !fs.existsSync('build/index.html') && 'no build/'}, () => {
  const main = fs.readdirSync('build/assets/js').find((f) => /^main\.[0-9a-f]+\.js$/.test(f))!;
  const source = fs.readFileSync(path.join('build/assets/js', main), 'utf8');
  assert.equal(source.includes('medium-zoom-overlay'), false, 'medium-zoom is loaded on demand');
  for (const grammar of ['swift', 'kotlin', 'graphql', 'objectivec']) {
    assert.equal(new RegExp(`languages\\.${grammar}\\b`).test(source), false, grammar);
  }
  // prismjs' component index (what a dynamic require of its components directory pulls in).
  assert.equal(source.includes('components/prism-core.js'), false, 'prismjs/components/index.js');
});
