import type {Plugin} from '@docusaurus/types';

/**
 * Ctrl/⌘ + K or `/` pressed while the page is still loading (before React has hydrated the navbar
 * and DocSearch has registered its shortcut) would do nothing — or, for Ctrl + K, move focus to
 * the browser's address bar. A few bytes of inline script in <head> take such a press, remember
 * it, and the search bar opens the dialog as soon as it has mounted (src/theme/SearchBar).
 * The same keys as DocSearch: Ctrl/⌘ + K anywhere, `/` outside text fields.
 */
export const earlySearchShortcutScript = `(function(){var s={pending:!1};s.listener=function(e){var t=e.target,k=(e.key||"").toLowerCase(),f=t&&(t.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));if(k==="k"&&(e.ctrlKey||e.metaKey)||k==="/"&&!f&&!e.ctrlKey&&!e.metaKey&&!e.altKey){e.preventDefault();s.pending=!0}};window.__xlEarlySearch=s;document.addEventListener("keydown",s.listener,!0)})();`;

export default function earlySearchShortcut(): Plugin {
  return {
    name: 'early-search-shortcut',
    injectHtmlTags() {
      return {headTags: [{tagName: 'script', innerHTML: earlySearchShortcutScript}]};
    },
  };
}
