/**
 * Every built page passes the W3C Nu Html Checker with no errors (issue 19; npm test builds the
 * site before the unit tests). One JVM run over build/: about 10 s for the whole site.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {checkHtml, haveJava, htmlFiles, summarise} from '../../scripts/lib/html-check';

const buildDir = path.resolve('build');
const built = fs.existsSync(path.join(buildDir, 'index.html'));

test('the built site and Java are there for the HTML check', () => {
  assert.ok(built, 'build/index.html exists (run npm run build)');
  assert.ok(haveJava(), 'java is on the PATH (apt-get install default-jre-headless; npm test installs it)');
});

test('every built page passes the W3C Nu Html Checker', {skip: !built || !haveJava()}, () => {
  const pages = htmlFiles(buildDir);
  assert.ok(pages.length > 200, `${pages.length} pages`);
  const errors = checkHtml(buildDir);
  assert.equal(errors.length, 0, `${errors.length} errors:\n${summarise(errors)}`);
});

test('the checker does report an invalid page (the test can fail)', {skip: !haveJava()}, () => {
  const dir = fs.mkdtempSync(path.join(fs.realpathSync(require('node:os').tmpdir()), 'html-check-'));
  try {
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html lang="zh-Hans"><head><meta charset="utf-8"><title>t</title></head>' +
        '<body><pre><code><div class="token-line">x</div></code></pre></body></html>',
    );
    const errors = checkHtml(dir);
    assert.equal(errors.length, 1);
    assert.match(errors[0].message, /Element “div” not allowed as child of element “code”/);
    assert.equal(errors[0].file, 'index.html');
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
