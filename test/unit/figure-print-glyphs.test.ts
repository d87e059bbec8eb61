/**
 * The PDF manuals print the figures with Chromium: a symbol Noto Sans CJK lacks (▸, ▾, ☐) comes
 * from a fallback font, and in bold text Chromium emboldens that fallback glyph synthetically and
 * Skia writes it as an unnamed Type 3 outline (the manuals' font test rejects those). Catch it in the
 * figure source, where the writer can fix it: such symbols inside bold text take a normal-weight tspan.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const FALLBACK_SYMBOLS = /[▸▾☐]/;
const imgDir = path.join(__dirname, '../../static/img');

/** Bold runs of text of an SVG (a bold <text> without its normal-weight tspans) with a symbol Noto CJK lacks. */
function boldFallbackSymbols(svg: string): string[] {
  const found: string[] = [];
  for (const [, attrs, body] of svg.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)) {
    const bold = /font-weight="(bold|[6-9]00)"/.test(attrs);
    const boldText = bold ? body.replace(/<tspan\b[^>]*font-weight="normal"[^>]*>[\s\S]*?<\/tspan>/g, '') : '';
    const boldSpans = [...body.matchAll(/<tspan\b[^>]*font-weight="(?:bold|[6-9]00)"[^>]*>([\s\S]*?)<\/tspan>/g)].map((m) => m[1]);
    for (const text of [boldText, ...boldSpans]) {
      const plain = text.replace(/<[^>]+>/g, '');
      if (FALLBACK_SYMBOLS.test(plain)) found.push(plain.trim());
    }
  }
  return found;
}

test('bold figure text with ▸ ▾ ☐ is found; the same symbol in a normal-weight tspan is fine', () => {
  assert.deepEqual(boldFallbackSymbols('<svg><text font-weight="bold">▾ 基础组件</text></svg>'), ['▾ 基础组件']);
  assert.deepEqual(boldFallbackSymbols('<svg><text>x <tspan font-weight="bold">☐ 启用</tspan></text></svg>'), ['☐ 启用']);
  assert.deepEqual(boldFallbackSymbols('<svg><text font-weight="bold"><tspan font-weight="normal">▾</tspan> 基础组件</text></svg>'), []);
  assert.deepEqual(boldFallbackSymbols('<svg><text font-size="13">▸ 1 号炉温度卡片</text></svg>'), []);
});

test('no figure draws ▸ ▾ ☐ in bold text (the PDF manuals would print them as Type 3 glyphs)', () => {
  const problems: string[] = [];
  for (const area of fs.readdirSync(imgDir)) {
    const dir = path.join(imgDir, area);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
      for (const text of boldFallbackSymbols(fs.readFileSync(path.join(dir, file), 'utf8'))) problems.push(`static/img/${area}/${file}: 「${text}」`);
    }
  }
  assert.deepEqual(problems, []);
});
