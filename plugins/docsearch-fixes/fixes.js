/**
 * DocSearch 4.7.0 keeps the no-results "试试搜索" suggestions (the result groups of earlier
 * searches) with `{...suggestions, ...Object.keys(groups)}`: an object, not an array. The
 * no-results screen renders them only when `suggestions.length > 0`, so they never appear, and
 * the list is never updated again. Store the array of group names instead.
 */
const suggestionsFix = {
  name: 'no-results suggestions stored as an object',
  pattern:
    /searchSuggestions:(\w+)\(\1\(\{\},null!==\((\w+)=(\w+)\.context\.searchSuggestions\)&&void 0!==\2\?\2:\[\]\),Object\.keys\((\w+)\)\)/,
  replace: (_match, _spread, _tmp, _state, groups) => `searchSuggestions:Object.keys(${groups})`,
};

/**
 * The autocomplete core bundled in DocSearch 4.7.0 ends every search with
 * `.finally(() => setStatus('idle'))`, which overwrites the 'error' status DocSearch sets when all
 * hosts fail (RetryError): the error screen "无法获取结果" never shows, and readers whose network
 * dropped see "没有结果" instead. Keep an 'error' status; the next keystroke sets 'loading' again,
 * so recovery is unchanged.
 */
const errorStatusFix = {
  name: 'error status overwritten by finally',
  pattern: /\.finally\(function\(\)\{(\w+)\("idle"\),(\w+)&&(\w+)\.environment\.clearTimeout\(\2\)\}\);return (\w+)\.pendingRequests/,
  replace: (_m, setStatus, timer, props, store) =>
    `.finally(function(){"error"!==${store}.getState().status&&${setStatus}("idle"),${timer}&&${props}.environment.clearTimeout(${timer})});return ${store}.pendingRequests`,
};

const fixes = [suggestionsFix, errorStatusFix];

/** Applies every fix to the module source; throws when a fix no longer matches. */
function applyFixes(source) {
  return fixes.reduce((code, fix) => {
    if (!fix.pattern.test(code)) {
      throw new Error(`docsearch-fixes: 找不到要修补的代码「${fix.name}」，请检查 @docsearch/react 升级后是否仍需要此修补。`);
    }
    return code.replace(fix.pattern, fix.replace);
  }, source);
}

module.exports = {applyFixes, fixes};
