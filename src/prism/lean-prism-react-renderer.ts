/**
 * What the Docusaurus theme uses of prism-react-renderer (`Highlight`, `Prism`), on Prism's core
 * with only the grammars these docs use. The package bundles its own Prism with some twenty
 * grammars (Swift, Kotlin, Reason, GraphQL, …) and twenty colour themes into every page's main
 * bundle: about 26 KB gzip, of which this keeps a third. plugins/lean-bundle aliases the package
 * to this module for the client and server bundles, so both render the same tokens.
 *
 * Highlight, the token normalisation and the theme dictionary follow prism-react-renderer 2.4.1
 * (MIT, FormidableLabs), whose markup and class names the theme's CSS and Line component expect.
 * All the languages the docs use are defined here, on first use (themeConfig.prism
 * additionalLanguages stays empty, so the theme's prism-include-languages adds nothing at start-up).
 */
import {useCallback, useMemo, type CSSProperties, type ReactNode} from 'react';
import clsx from 'clsx';
import type PrismNamespace from 'prismjs';
import type {PrismTheme} from 'prism-react-renderer';

// The core without prismjs' default bundle of grammars (its main file adds CSS and others).
const Prism: typeof PrismNamespace = require('prismjs/components/prism-core');

// Prism's core highlights every <code class="language-…"> of the document once it has loaded,
// unless `manual` is set by then; React owns those elements.
Prism.manual = true;

/**
 * Grammar files register themselves on the global Prism when they run, and running them costs:
 * each `insertBefore` walks every grammar defined so far. Defining all of them at start-up took
 * about 17 ms of every page's first task (70 ms on a phone), pages with no code included. They are
 * defined on first use instead, a group at a time. Each group holds the grammars that modify one
 * another (JavaScript embeds regex, HTML embeds CSS and JavaScript), always in the same order, so
 * a language tokenizes the same whatever was loaded before it: on the server, which renders every
 * page in one process, and in the browser, which loads only what the page shows
 * (test/unit/lean-prism.test.ts renders each language alone).
 */
/* eslint-disable global-require */
const grammarGroups = {
  web: () => {
    require('prismjs/components/prism-markup'); // html, xml, svg
    require('prismjs/components/prism-css'); // <style> inside HTML examples (no page has CSS blocks; css-extras left out, see test/unit/lean-prism.test.ts)
    require('prismjs/components/prism-clike');
    require('prismjs/components/prism-regex'); // regex literals inside JavaScript
    require('prismjs/components/prism-javascript');
    require('prismjs/components/prism-javadoclike'); // JSDoc comments (/** @param {…} */) in JavaScript
    require('prismjs/components/prism-typescript');
    require('prismjs/components/prism-jsdoc'); // needs typescript; adds doc-comment to JavaScript
    // After typescript, in the package's order: module, control-flow, … for JavaScript only.
    require('prismjs/components/prism-js-extras');
  },
  json: () => require('prismjs/components/prism-json'),
  c: () => {
    require('prismjs/components/prism-clike');
    require('prismjs/components/prism-c');
  },
  cpp: () => {
    require('prismjs/components/prism-clike');
    require('prismjs/components/prism-c');
    require('prismjs/components/prism-cpp');
  },
  go: () => {
    require('prismjs/components/prism-clike');
    require('prismjs/components/prism-go');
  },
  bash: () => require('prismjs/components/prism-bash'),
  'shell-session': () => {
    require('prismjs/components/prism-bash');
    require('prismjs/components/prism-shell-session');
  },
  toml: () => require('prismjs/components/prism-toml'),
  ini: () => require('prismjs/components/prism-ini'),
  properties: () => require('prismjs/components/prism-properties'),
  yaml: () => require('prismjs/components/prism-yaml'),
  python: () => require('prismjs/components/prism-python'),
};
/* eslint-enable global-require */
type GrammarGroup = keyof typeof grammarGroups;

/** The group defining each language name a code block may use, aliases included. */
const groupOfLanguage: Record<string, GrammarGroup> = {
  ...Object.fromEntries(
    ['markup', 'html', 'xml', 'svg', 'mathml', 'ssml', 'atom', 'rss', 'css', 'clike', 'regex', 'javascript', 'js', 'typescript', 'ts'].map(
      (name) => [name, 'web' as const],
    ),
  ),
  json: 'json',
  webmanifest: 'json',
  c: 'c',
  cpp: 'cpp',
  go: 'go',
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  'shell-session': 'shell-session',
  'sh-session': 'shell-session',
  shellsession: 'shell-session',
  toml: 'toml',
  ini: 'ini',
  properties: 'properties',
  yaml: 'yaml',
  yml: 'yaml',
  python: 'python',
  py: 'python',
};

/** The languages this Prism can highlight (each name loads on first use). */
export const knownLanguages: readonly string[] = Object.keys(groupOfLanguage);

const loadedGroups = new Set<GrammarGroup>();

/** Defines the grammar of `language` (and its group) if needed; false for unknown languages. */
export function loadLanguage(language: string): boolean {
  const group = groupOfLanguage[language];
  if (group && !loadedGroups.has(group)) {
    loadedGroups.add(group);
    const globalScope = globalThis as {Prism?: typeof Prism};
    const previousPrism = globalScope.Prism;
    globalScope.Prism = Prism;
    try {
      grammarGroups[group]();
    } finally {
      if (previousPrism === undefined) delete globalScope.Prism;
      else globalScope.Prism = previousPrism;
    }
  }
  return Prism.languages[language] != null;
}

export {Prism};

export interface Token {
  types: string[];
  content: string;
  empty?: boolean;
}

type ThemeDictionary = Record<string, CSSProperties> & {root: CSSProperties; plain: CSSProperties};
type Props = Record<string, unknown> & {className?: string; style?: CSSProperties};

interface RenderProps {
  tokens: Token[][];
  className: string;
  style: CSSProperties;
  getLineProps: (input: Props & {line: Token[]}) => Props;
  getTokenProps: (input: Props & {token: Token}) => Props & {children: string};
}

export interface HighlightProps {
  code: string;
  language: string;
  theme: PrismTheme;
  prism?: typeof Prism;
  children: (props: RenderProps) => ReactNode;
}

function themeToDict(theme: PrismTheme, language: string): ThemeDictionary {
  const dict: Record<string, CSSProperties> = {};
  for (const {languages, types, style} of theme.styles) {
    if (languages && !languages.includes(language)) continue;
    for (const type of types) dict[type] = {...dict[type], ...(style as CSSProperties)};
  }
  const plain = theme.plain as CSSProperties;
  return {...dict, root: plain, plain: {...plain, backgroundColor: undefined}};
}

const newline = /\r\n|\r|\n/;

function markEmptyLine(line: Token[]): void {
  if (line.length === 0) line.push({types: ['plain'], content: '\n', empty: true});
  else if (line.length === 1 && line[0].content === '') {
    line[0].content = '\n';
    line[0].empty = true;
  }
}

function appendType(types: string[], add: string | string[]): string[] {
  return types.length > 0 && types[types.length - 1] === add ? types : types.concat(add);
}

/** Prism's nested token stream as lines of flat tokens, each with the types of its ancestors. */
export function normalizeTokens(tokens: (string | PrismNamespace.Token)[]): Token[][] {
  let line: Token[] = [];
  const lines = [line];
  const walk = (stream: (string | PrismNamespace.Token)[], inherited: string[], nested: boolean) => {
    for (const token of stream) {
      let types = nested ? inherited : ['plain'];
      let content: PrismNamespace.TokenStream;
      if (typeof token === 'string') content = token;
      else {
        types = appendType(inherited, token.type);
        if (token.alias) types = appendType(types, token.alias);
        content = token.content;
      }
      if (typeof content !== 'string') {
        walk(Array.isArray(content) ? content : [content], types, true);
        continue;
      }
      const parts = content.split(newline);
      line.push({types, content: parts[0]});
      for (const part of parts.slice(1)) {
        markEmptyLine(line);
        lines.push((line = []));
        line.push({types, content: part});
      }
    }
  };
  walk(tokens, [], false);
  markEmptyLine(line);
  return lines;
}

export function Highlight({children, language: rawLanguage, code, theme, prism = Prism}: HighlightProps): ReactNode {
  const language = rawLanguage.toLowerCase();
  const dict = useMemo(() => themeToDict(theme, language), [theme, language]);
  if (prism === Prism) loadLanguage(language);
  const grammar = prism.languages[language];
  const tokens = useMemo(() => {
    if (grammar == null) return normalizeTokens([code]);
    const env = {code, grammar, language, tokens: [] as (string | PrismNamespace.Token)[]};
    prism.hooks.run('before-tokenize', env);
    env.tokens = prism.tokenize(code, grammar);
    prism.hooks.run('after-tokenize', env);
    return normalizeTokens(env.tokens);
  }, [code, grammar, language, prism]);

  const getLineProps = useCallback(
    ({className, style, line: _line, ...rest}: Props & {line: Token[]}): Props => ({
      ...rest,
      className: clsx('token-line', className),
      style: typeof style === 'object' ? {...dict.plain, ...style} : dict.plain,
    }),
    [dict],
  );

  const getTokenProps = useCallback(
    ({token, className, style, ...rest}: Props & {token: Token}) => {
      const {types, empty} = token;
      let tokenStyle: CSSProperties | undefined;
      if (types.length === 1 && types[0] === 'plain') tokenStyle = empty ? {display: 'inline-block'} : undefined;
      else if (types.length === 1 && empty != null) tokenStyle = dict[types[0]];
      else tokenStyle = Object.assign(empty != null ? {display: 'inline-block'} : {}, ...types.map((type) => dict[type]));
      return {
        ...rest,
        className: clsx('token', ...types, className),
        children: token.content,
        style: style != null ? {...tokenStyle, ...style} : tokenStyle,
      };
    },
    [dict],
  );

  return children({tokens, className: `prism-code language-${language}`, style: dict.root, getLineProps, getTokenProps});
}
