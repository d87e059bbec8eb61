import type {PrismTheme} from 'prism-react-renderer';

// Hand-tuned palettes: every token colour keeps a WCAG AA contrast ratio (≥ 4.5:1) against its
// code-block background. The stock Prism themes fail this for comments and punctuation.

export const lightCodeTheme: PrismTheme = {
  plain: {color: '#1f2328', backgroundColor: '#f6f8fa'},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: '#57606a', fontStyle: 'italic'}},
    {types: ['punctuation', 'operator'], style: {color: '#1f2328'}},
    {types: ['keyword', 'selector', 'important', 'atrule', 'builtin'], style: {color: '#b3261e'}},
    {types: ['string', 'char', 'attr-value', 'regex', 'url', 'inserted'], style: {color: '#0a3069'}},
    {types: ['function', 'class-name'], style: {color: '#6639ba'}},
    {types: ['number', 'boolean', 'constant', 'symbol'], style: {color: '#0550ae'}},
    {types: ['property', 'attr-name', 'key', 'table'], style: {color: '#0550ae'}},
    {types: ['tag', 'section'], style: {color: '#116329'}},
    {types: ['variable', 'parameter', 'environment'], style: {color: '#953800'}},
    {types: ['deleted'], style: {color: '#82071e'}},
    {types: ['shell-symbol', 'output'], style: {color: '#424a53'}},
  ],
};

export const darkCodeTheme: PrismTheme = {
  plain: {color: '#e6edf3', backgroundColor: '#161b22'},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: '#9ea7b3', fontStyle: 'italic'}},
    {types: ['punctuation', 'operator'], style: {color: '#e6edf3'}},
    {types: ['keyword', 'selector', 'important', 'atrule', 'builtin'], style: {color: '#ff7b72'}},
    {types: ['string', 'char', 'attr-value', 'regex', 'url', 'inserted'], style: {color: '#a5d6ff'}},
    {types: ['function', 'class-name'], style: {color: '#d2a8ff'}},
    {types: ['number', 'boolean', 'constant', 'symbol'], style: {color: '#79c0ff'}},
    {types: ['property', 'attr-name', 'key', 'table'], style: {color: '#79c0ff'}},
    {types: ['tag', 'section'], style: {color: '#7ee787'}},
    {types: ['variable', 'parameter', 'environment'], style: {color: '#ffa657'}},
    {types: ['deleted'], style: {color: '#ffa198'}},
    {types: ['shell-symbol', 'output'], style: {color: '#c9d1d9'}},
  ],
};
