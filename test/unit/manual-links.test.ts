import {test} from 'node:test';
import assert from 'node:assert/strict';
import {decodeManualFiles, encodeManualFiles, formatFileSize, manualDownloadsHtml, MANUALS_META} from '../../src/manuals/downloadLinks';
import {withManualLinks} from '../../plugins/pdf-manuals/publish';

const files = {neptune: {bytes: 5_651_980, pages: 176}, automation: {bytes: 876_000, pages: 75}};

test('file sizes read as readers expect them', () => {
  assert.equal(formatFileSize(5_651_980), '5.4 MB');
  assert.equal(formatFileSize(876_000), '855 KB');
  assert.equal(formatFileSize(300), '1 KB');
  assert.equal(formatFileSize(1024 * 1024), '1.0 MB');
});

test('the <meta> content round-trips, and anything malformed in it is ignored', () => {
  const encoded = encodeManualFiles(files);
  assert.equal(encoded, 'neptune:5651980:176,automation:876000:75');
  assert.deepEqual(decodeManualFiles(encoded), files);
  assert.deepEqual(decodeManualFiles(''), {});
  assert.deepEqual(decodeManualFiles(null), {});
  assert.deepEqual(decodeManualFiles('neptune:12x:3,unknown:1:1,janus:10:2,triton'), {janus: {bytes: 10, pages: 2}});
});

test('an introduction page links its manual with title, pages and size; nothing for a missing manual', () => {
  assert.equal(
    manualDownloadsHtml(['neptune'], files),
    '<p class="xl-pdf-manual"><a class="xl-pdf-manual__link" href="/pdf/neptune.pdf" type="application/pdf" download="Neptune 工业云平台用户手册.pdf">下载 PDF 手册</a>' +
      '<span class="xl-pdf-manual__meta">（Neptune 工业云平台用户手册，176 页，PDF 5.4 MB）</span></p>',
  );
  assert.equal(manualDownloadsHtml(['janus'], files), '');
  assert.equal(manualDownloadsHtml('all', {}), '');
  assert.match(manualDownloadsHtml(['automation'], files, '/docs-site/'), /href="\/docs-site\/pdf\/automation\.pdf"/);
});

test('the home page lists the manuals that exist, each link named after its product', () => {
  const html = manualDownloadsHtml('all', files);
  assert.match(html, /^<h2 id="pdf-manuals">PDF 手册<\/h2>/);
  assert.equal(html.match(/下载 PDF 手册/g)?.length, 2);
  assert.match(html, /下载 PDF 手册<span class="sr-only">：低代码流程图控制软件<\/span><\/a><span class="xl-pdf-manual__meta">（Automation 2\.6，75 页，PDF 855 KB）/);
  assert.ok(!html.includes('janus.pdf'));
});

test('withManualLinks fills the placeholders of a built (minified) page and adds the <meta>', () => {
  const page =
    '<!doctype html><html lang=zh-Hans><head><meta charset=UTF-8><title>Neptune</title></head><body><article>' +
    '<div class="xl-pdf-manuals xl-pdf-manuals--doc" data-pdf-manuals=neptune></div></article>' +
    '<div class="xl-pdf-manuals container" data-pdf-manuals="all"></div></body></html>';
  const out = withManualLinks(page, files, '/');
  assert.ok(out.includes(`<meta name="${MANUALS_META}" content="neptune:5651980:176,automation:876000:75"></head>`));
  assert.ok(out.includes(`data-pdf-manuals=neptune>${manualDownloadsHtml(['neptune'], files)}</div>`));
  assert.ok(out.includes(`data-pdf-manuals="all">${manualDownloadsHtml('all', files)}</div>`));
  // A page without a placeholder only gets the <meta> (in-app navigation renders the links from it).
  assert.equal(withManualLinks('<html><head></head><body><p>x</p></body></html>', files, '/'), `<html><head><meta name="${MANUALS_META}" content="neptune:5651980:176,automation:876000:75"></head><body><p>x</p></body></html>`);
});
