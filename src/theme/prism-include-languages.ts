import type * as PrismNamespace from 'prismjs';

/**
 * Swizzled (replaces @docusaurus/theme-classic's): the theme's version requires
 * `prismjs/components/prism-${lang}` for each themeConfig.prism.additionalLanguages entry at
 * start-up. This site has none: src/prism/lean-prism-react-renderer.ts defines every grammar the
 * docs use when a code block first needs it. Kept empty rather than left to the theme, whose
 * dynamic require with an empty language list bundles prismjs' whole component index (52 KB)
 * into every page.
 */
export default function prismIncludeLanguages(_prism: typeof PrismNamespace): void {}
