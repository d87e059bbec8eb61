/**
 * The code theme (src/prism/themes.ts) colours tokens with CSS variables whose values live in
 * src/css/custom.css, one palette per colour mode. Every variable the theme uses must exist in
 * both palettes, and every token colour must keep WCAG AA contrast (4.5:1) on the code background.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {codeTheme} from '../../src/prism/themes';

const css = fs.readFileSync('src/css/custom.css', 'utf8');

/** The --xl-code-* declarations of the first rule block that starts at `opening`. */
function palette(opening: RegExp): Map<string, string> {
  const start = css.search(opening);
  assert.ok(start >= 0, `block ${opening} in custom.css`);
  const body = css.slice(start, css.indexOf('}', start));
  return new Map([...body.matchAll(/--xl-code-([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1], m[2].toLowerCase()]));
}

const light = palette(/^:root \{/m);
// On screen only, so that printing from dark mode keeps the light palette.
const dark = palette(/@media screen \{\s*\[data-theme='dark'\] \{/);

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The variable names the theme uses, e.g. "keyword" for var(--xl-code-keyword). */
function themeVariables(): Set<string> {
  const styles = [codeTheme.plain, ...codeTheme.styles.map((s) => s.style)];
  const names = new Set<string>();
  for (const style of styles) {
    for (const value of Object.values(style)) {
      const m = String(value).match(/^var\(--xl-code-([\w-]+)\)$/);
      if (m) names.add(m[1]);
      else if (typeof value === 'string' && /#|rgb/.test(value)) assert.fail(`literal colour ${value} in the code theme`);
    }
  }
  return names;
}

test('both palettes define every colour the code theme uses', () => {
  const used = themeVariables();
  assert.ok(used.size >= 10, `${used.size} colours`);
  for (const [mode, values] of [['light', light], ['dark', dark]] as const) {
    for (const name of used) assert.ok(values.has(name), `--xl-code-${name} in the ${mode} palette`);
  }
});

test('every token colour has at least 4.5:1 contrast on the code background, in both modes', () => {
  for (const [mode, values] of [['light', light], ['dark', dark]] as const) {
    const background = values.get('background')!;
    for (const [name, colour] of values) {
      if (name === 'background') continue;
      const ratio = contrast(colour, background);
      assert.ok(ratio >= 4.5, `${mode} --xl-code-${name} ${colour} on ${background}: ${ratio.toFixed(2)}:1`);
    }
  }
});

test('the contrast check rejects a colour that is too light', () => {
  assert.ok(contrast('#57606a', '#f6f8fa') >= 4.5);
  assert.ok(contrast('#8c959f', '#f6f8fa') < 4.5);
});
