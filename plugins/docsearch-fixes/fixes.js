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

/**
 * The no-results screen must not appear before the engine has answered the query on screen. With
 * a cold index (or a slow network) DocSearch 4.7 renders 「没有结果："设"」 for the first typed
 * character while the search is still running: the query reaches the screen before the status
 * turns to 'loading', and the screen is then frozen while loading. Each answer now records its
 * query in the autocomplete context (`answeredQuery`) …
 *
 * The query recorded is the one the answer says it is for (`results[0].query`, which Algolia and
 * the local client both echo), not the one this call asked: the local client settles a search
 * that a newer keystroke overtook with the newest answer (src/search/localClient.ts), and that
 * older call's continuation runs after the newest one's. Recording the asked query would leave an
 * older query in the context, and a query without hits on the loading screen for good.
 */
const answeredQueryFix = {
  name: 'record which query the last answer was for',
  pattern:
    /(\w+)=(\w+)\.query,(\w+)=\2\.state,(\w+)=\2\.setContext,([\s\S]{0,2000}?)case 2:return (\w+)=(\w+)\.v,(\w+)=\6\.results,/,
  replace: (_m, query, args, state, setContext, between, response, step, results) =>
    `${query}=${args}.query,${state}=${args}.state,${setContext}=${args}.setContext,${between}` +
    `case 2:return ${response}=${step}.v,${results}=${response}.results,` +
    `${setContext}({answeredQuery:${results}&&${results}[0]&&"string"==typeof ${results}[0].query?${results}[0].query:${query}}),`,
};

/**
 * … and the screen shows a loading state instead of 「没有结果」 until the answer for the current
 * query is in: empty while loading, 「正在搜索…」 once the search has stalled (spec §4: stalled
 * after 300 ms). The text comes from `translations.loadingScreen.stalledText` (src/theme/SearchBar).
 */
const loadingScreenFix = {
  name: 'loading screen instead of no results before the answer',
  pattern: /:(\w+)\.createElement\((\w+),(\w+)\(\{\},(\w+),\{translations:null==(\w+)\?void 0:\5\.noResultsScreen\}\)\):\1\.createElement\((\w+),\3\(\{\},\4,\{hasCollections:/,
  replace: (_m, react, noResults, assign, props, translations, startScreen) =>
    `:${props}.state.context.answeredQuery!==${props}.state.query` +
    `?${react}.createElement("div",{className:"DocSearch-LoadingScreen",role:"status"},"stalled"===${props}.state.status` +
    `?${react}.createElement("p",{className:"DocSearch-Help"},(${translations}&&${translations}.loadingScreen&&${translations}.loadingScreen.stalledText)||"正在搜索…"):null)` +
    `:${react}.createElement(${noResults},${assign}({},${props},{translations:null==${translations}?void 0:${translations}.noResultsScreen}))` +
    `:${react}.createElement(${startScreen},${assign}({},${props},{hasCollections:`,
};

/**
 * The screen is memoised so that it does not change while a search runs (the previous results
 * stay on screen). With nothing on screen yet it must update, to show the loading and stalled
 * states above.
 */
const screenMemoFix = {
  name: 'screen frozen while loading even with nothing to show',
  pattern: /function\((\w+),(\w+)\)\{return"loading"===\2\.state\.status\|\|"stalled"===\2\.state\.status\}/,
  replace: (_m, prev, next) =>
    `function(${prev},${next}){return("loading"===${next}.state.status||"stalled"===${next}.state.status)&&${prev}.hasCollections&&${next}.hasCollections}`,
};

/**
 * Every failed search ends on the error screen (「无法获取结果」), not only a RetryError (all hosts
 * down): a 4xx answer or a response that cannot be read leaves the reader with no answer too …
 */
const anyFailureFix = {
  name: 'error screen only for RetryError',
  pattern: /"RetryError"===\((\w+)=(\w+)\.v\)\.name&&(\w+)\("error"\),\1;/,
  replace: (_m, error, step, setStatus) => `${error}=${step}.v,${setStatus}("error"),${error};`,
};

/**
 * … and the failure does not escape as an unhandled promise rejection: DocSearch rethrows it after
 * setting the error status, and nobody awaits the promise the input handler returns.
 */
const unhandledRejectionFix = {
  name: 'failed search rejects unhandled',
  pattern: /pendingRequests\.add\((\w+)\)\}function /,
  replace: (_m, request) => `pendingRequests.add(${request}).catch(function(){})}function `,
};

const fixes = [suggestionsFix, errorStatusFix, answeredQueryFix, loadingScreenFix, screenMemoFix, anyFailureFix, unhandledRejectionFix];

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
