import type {PrismTheme} from 'prism-react-renderer';

/**
 * One Prism theme for both colour modes: every colour is a CSS custom property, set per mode in
 * src/css/custom.css (`--xl-code-*`). The server renders the same inline styles whatever mode the
 * reader has chosen, so code blocks hydrate as they are instead of being rendered again in the
 * browser to swap a light palette for a dark one (src/theme/CodeBlock), and printing from dark
 * mode only has to switch the variables.
 *
 * The palettes are hand-tuned: every token colour keeps a WCAG AA contrast ratio (≥ 4.5:1) against
 * its code-block background. The stock Prism themes fail this for comments and punctuation.
 */
const color = (name: string) => `var(--xl-code-${name})`;

export const codeTheme: PrismTheme = {
  plain: {color: color('text'), backgroundColor: color('background')},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: color('comment'), fontStyle: 'italic'}},
    {types: ['punctuation', 'operator'], style: {color: color('punctuation')}},
    {types: ['keyword', 'selector', 'important', 'atrule', 'builtin'], style: {color: color('keyword')}},
    {types: ['string', 'char', 'attr-value', 'regex', 'url', 'inserted'], style: {color: color('string')}},
    {types: ['function', 'class-name'], style: {color: color('function')}},
    {types: ['number', 'boolean', 'constant', 'symbol'], style: {color: color('number')}},
    {types: ['property', 'attr-name', 'key', 'table'], style: {color: color('property')}},
    {types: ['tag', 'section'], style: {color: color('tag')}},
    {types: ['variable', 'parameter', 'environment'], style: {color: color('variable')}},
    {types: ['deleted'], style: {color: color('deleted')}},
    {types: ['shell-symbol', 'output'], style: {color: color('output')}},
  ],
};
