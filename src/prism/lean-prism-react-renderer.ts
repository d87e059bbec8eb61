/**
 * What the Docusaurus theme uses of prism-react-renderer (`Highlight`, `Prism`), on Prism's core
 * with only the grammars these docs use. The package bundles its own Prism with some twenty
 * grammars (Swift, Kotlin, Reason, GraphQL, …) and twenty colour themes into every page's main
 * bundle: about 26 KB gzip, of which this keeps a third. plugins/lean-bundle aliases the package
 * to this module for the client and server bundles, so both render the same tokens.
 *
 * Highlight, the token normalisation and the theme dictionary follow prism-react-renderer 2.4.1
 * (MIT, FormidableLabs), whose markup and class names the theme's CSS and Line component expect.
 * Languages listed in themeConfig.prism.additionalLanguages (bash, shell-session, toml, ini,
 * properties, go) are added to this Prism by the theme's prism-include-languages.
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

// Grammar files register themselves on the global Prism, as the theme's language loader does.
const globalScope = globalThis as {Prism?: typeof Prism};
const previousPrism = globalScope.Prism;
globalScope.Prism = Prism;
/* eslint-disable global-require */
require('prismjs/components/prism-markup'); // html, xml, svg
require('prismjs/components/prism-css'); // <style> inside HTML
require('prismjs/components/prism-css-extras');
require('prismjs/components/prism-clike');
require('prismjs/components/prism-regex'); // regex literals inside JavaScript
require('prismjs/components/prism-javascript');
require('prismjs/components/prism-typescript');
// After typescript, in the package's order: module, control-flow, … for JavaScript only.
require('prismjs/components/prism-js-extras');
require('prismjs/components/prism-json');
require('prismjs/components/prism-c');
/* eslint-enable global-require */
if (previousPrism === undefined) delete globalScope.Prism;
else globalScope.Prism = previousPrism;

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
