/**
 * src/prism/lean-prism-react-renderer.ts must render code exactly as prism-react-renderer does for
 * every language the docs use: same lines, tokens, classes and inline styles (the theme's CSS and
 * the server-rendered HTML depend on them) — and the same whichever languages were loaded before,
 * since it defines grammars on first use.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {createElement, type ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import * as upstream from 'prism-react-renderer';
import * as lean from '../../src/prism/lean-prism-react-renderer';
import {codeTheme} from '../../src/prism/themes';

// The languages the package lacks, added to it as the theme's prism-include-languages would.
const additionalLanguages = ['bash', 'go', 'ini', 'properties', 'shell-session', 'toml'];

function includeLanguages(prism: object): void {
  const scope = globalThis as {Prism?: object};
  scope.Prism = prism;
  for (const lang of additionalLanguages) {
    const file = require.resolve(`prismjs/components/prism-${lang}`);
    delete require.cache[file]; // each Prism instance gets its own registration
    require(file);
    delete require.cache[file]; // and the lean module runs the file again for its own Prism
  }
  delete scope.Prism;
}
includeLanguages(upstream.Prism);

/** A fresh copy of the lean module and of the grammar files: nothing loaded yet. */
function freshLean(): typeof lean {
  for (const key of Object.keys(require.cache)) {
    if (/prismjs[\\/]components|lean-prism-react-renderer/.test(key)) delete require.cache[key];
  }
  return require('../../src/prism/lean-prism-react-renderer');
}

type HighlightLike = (props: {code: string; language: string; theme: typeof codeTheme; children: (p: any) => ReactNode}) => ReactNode;

/** The markup of the theme's CodeBlock content (Line component), rendered with one implementation. */
function render(Highlight: HighlightLike, code: string, language: string, theme = codeTheme): string {
  return renderToStaticMarkup(
    createElement(Highlight, {
      code,
      language,
      theme,
      children: ({className, style, tokens, getLineProps, getTokenProps}: any) =>
        createElement(
          'pre',
          {className, style},
          tokens.map((line: any[], i: number) =>
            createElement(
              'span',
              {key: i, ...getLineProps({line, className: i === 0 ? 'theme-code-block-highlighted-line' : undefined})},
              line.map((token, j) => createElement('span', {key: j, ...getTokenProps({token})})),
            ),
          ),
        ),
    }),
  );
}

/** Every fenced code block of the docs, with its language. */
function docsCodeBlocks(): {file: string; language: string; code: string}[] {
  const blocks = [];
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : []));
  for (const file of walk('docs')) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^( *)```([\w-]+)[^\n]*\n([\s\S]*?)\n\1```/gm)) {
      blocks.push({file, language: m[2], code: m[3]});
    }
  }
  return blocks;
}

/**
 * css-extras is left out (1.3 KB gzip on every page for a few lines of <style> in HTML examples):
 * CSS inside HTML keeps its selectors, properties and punctuation (tested below) but not
 * css-extras' finer tokens (a selector's .class, #hex colours). The equality tests compare the
 * rest of such blocks, with the style sheet's content left out on both sides.
 */
const STYLE_CONTENT = /(<style\b[^>]*>)[\s\S]*?(<\/style>)/g;
const comparable = (code: string, language: string) => (language === 'html' ? code.replace(STYLE_CONTENT, '$1$2') : code);

test('the lean Prism knows every language used in the docs, except plain text', () => {
  const languages = new Set(docsCodeBlocks().map((b) => b.language));
  assert.ok(languages.size >= 10, `${languages.size} languages found`);
  for (const language of languages) {
    if (language === 'text') continue;
    assert.ok(lean.knownLanguages.includes(language), `${language} is known`);
    assert.equal(lean.loadLanguage(language), true, `grammar for ${language}`);
  }
  assert.equal(lean.loadLanguage('no-such-language'), false);
});

test('no grammar is defined before a code block asks for one, then only its group', () => {
  const fresh = freshLean();
  // The core's own plain-text grammar and its aliases only.
  const grammars = () => Object.keys(fresh.Prism.languages).filter((k) => typeof fresh.Prism.languages[k] === 'object');
  assert.deepEqual(grammars(), ['plain', 'plaintext', 'text', 'txt']);
  render(fresh.Highlight as HighlightLike, 'echo "$HOME"', 'bash');
  assert.ok(fresh.Prism.languages.bash);
  assert.equal(fresh.Prism.languages.javascript, undefined);
  assert.equal(fresh.Prism.languages.json, undefined);
});

test('each language renders as prism-react-renderer renders it when loaded alone, first', () => {
  const byLanguage = new Map<string, string[]>();
  for (const {language, code} of docsCodeBlocks()) byLanguage.set(language, [...(byLanguage.get(language) ?? []), code]);
  for (const [language, codes] of byLanguage) {
    const fresh = freshLean();
    for (const raw of codes) {
      const code = comparable(raw, language);
      assert.equal(render(fresh.Highlight as HighlightLike, code, language), render(upstream.Highlight as HighlightLike, code, language), language);
    }
  }
});

test('every code block of the docs renders exactly as prism-react-renderer renders it', () => {
  const blocks = docsCodeBlocks();
  assert.ok(blocks.length > 400, `${blocks.length} code blocks`);
  for (const {file, language, code: raw} of blocks) {
    const code = comparable(raw, language);
    assert.equal(render(lean.Highlight, code, language), render(upstream.Highlight as HighlightLike, code, language), `${file} (${language})`);
  }
});

test('HTML with embedded script and style, unknown language, empty lines', () => {
  const samples: [string, string][] = [
    ['html', '<div class="a">\n\n  <script>const x = /^4\\d{4}$/.test(s);</script>\n</div>'],
    ['typescript', 'export async function f(a: number): Promise<void> {\n  await g?.route;\n}\n'],
    ['shell-session', '$ curl -s http://localhost:8080\n{"ok":true}\n\n$ echo done'],
    ['text', 'plain\n\ntext'],
    // Allowed by CONTRIBUTING.md, not used by a page yet.
    ['cpp', 'template <typename T>\nclass Ring : public Buffer {\n  std::uint16_t regs[125]; // Modbus\n};'],
    ['yaml', 'device:\n  name: "PLC-01"\n  registers: [40001, 40002]\n  enabled: true # on'],
    ['no-such-language', 'x = 1'],
  ];
  for (const [language, code] of samples) {
    assert.equal(render(lean.Highlight, code, language), render(upstream.Highlight as HighlightLike, code, language), language);
  }
});

test('CSS inside HTML keeps its selectors, properties and punctuation without css-extras, in the docs too', () => {
  const html = render(lean.Highlight, '<style>.a { color: red }</style>', 'html');
  for (const token of ['style language-css selector', 'style language-css property', 'style language-css punctuation']) {
    assert.ok(html.includes(`class="token ${token}"`), token);
  }
  assert.equal(html.includes('language-css color'), false, 'colour names are css-extras tokens');
  const withStyle = docsCodeBlocks().filter((b) => b.language === 'html' && /<style\b[^>]*>[^<]*\{/.test(b.code));
  for (const {file, code} of withStyle) {
    const rendered = render(lean.Highlight, code, 'html');
    for (const token of ['style language-css selector', 'style language-css property']) {
      assert.ok(rendered.includes(`class="token ${token}"`), `${file}: ${token}`);
    }
  }
});

test('normalizeTokens splits nested tokens into lines and marks empty lines', () => {
  const stream = ['a\n', new lean.Prism.Token('string', ['"x', new lean.Prism.Token('escape', '\\n'), '"\ny']), '\n'];
  const lines = lean.normalizeTokens(stream);
  assert.deepEqual(lines, upstream.normalizeTokens(stream as never));
  assert.deepEqual(lines, [
    [{types: ['plain'], content: 'a'}],
    [
      {types: ['plain'], content: ''},
      {types: ['string'], content: '"x'},
      {types: ['string', 'escape'], content: '\\n'},
      {types: ['string'], content: '"'},
    ],
    [{types: ['string'], content: 'y'}, {types: ['plain'], content: ''}],
    [{types: ['plain'], content: '\n', empty: true}],
  ]);
});
