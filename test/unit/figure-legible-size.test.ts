import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {DEFAULT_LABEL_SIZE, inlineSvgSource, legibleWidth, smallestFontSize, svgIntrinsicWidth} from '../../src/image-zoom/legibleSize';

const svg = '<svg viewBox="0 0 1000 600" width="1000"><text font-size="12">a</text><text style="font-size: 10.5px">b</text><text font-size="18">c</text></svg>';

test('the smallest label size of an SVG, from attributes and inline styles', () => {
  assert.equal(smallestFontSize(svg), 10.5);
  assert.equal(smallestFontSize('<svg><rect/></svg>'), undefined);
});

test('inlined figures are read back from base64 and URL-encoded data URIs', () => {
  assert.equal(inlineSvgSource(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`), svg);
  assert.equal(inlineSvgSource(`data:image/svg+xml,${encodeURIComponent(svg)}`), svg);
  assert.equal(inlineSvgSource('/img/a.svg'), undefined);
});

test("an SVG's intrinsic width: its px width, else its viewBox width (not the browser's 300 px default)", () => {
  assert.equal(svgIntrinsicWidth(svg), 1000);
  assert.equal(svgIntrinsicWidth('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 960 470" role="img"><text/></svg>'), 960);
  assert.equal(svgIntrinsicWidth("<svg viewBox='0,0,720.5,300' width='50%'></svg>"), 720.5);
  assert.equal(svgIntrinsicWidth('<svg><rect width="20"/></svg>'), undefined);
  assert.equal(svgIntrinsicWidth('not an svg'), undefined);
});

test('the legible width brings the smallest label to body size, never below the figure width', () => {
  assert.equal(legibleWidth(1000, 16, 10), 1600);
  assert.equal(legibleWidth(1000, 17, DEFAULT_LABEL_SIZE), 1417);
  assert.equal(legibleWidth(400, 16, 20), 400);
});

test("every figure of the site gives its sizes: the site's SVGs all set their label sizes and a width or viewBox", () => {
  const dir = path.join(__dirname, '..', '..', 'static', 'img');
  const areas = fs.readdirSync(dir, {withFileTypes: true}).filter((d) => d.isDirectory());
  let figures = 0;
  for (const area of areas) {
    for (const file of fs.readdirSync(path.join(dir, area.name)).filter((f) => f.endsWith('.svg'))) {
      const source = fs.readFileSync(path.join(dir, area.name, file), 'utf8');
      const size = smallestFontSize(source);
      assert.ok(size !== undefined && size >= 8, `${area.name}/${file}: ${size}`);
      const width = svgIntrinsicWidth(source);
      assert.ok(width !== undefined && width >= 300, `${area.name}/${file}: intrinsic width ${width}`);
      figures++;
    }
  }
  assert.ok(figures > 50, `${figures} figures`);
});
