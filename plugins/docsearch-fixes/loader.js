const {applyFixes} = require('./fixes');
const {stripAskAi} = require('./stripAskAi');

/**
 * Webpack/Rspack loader: patches DocSearchModal.js (see fixes.js), then removes Ask AI (see
 * stripAskAi.js). The patch files are dependencies of the module: without them, the persistent
 * build cache (node_modules/.cache/rspack) keeps serving the module patched by an older fixes.js.
 */
module.exports = function docsearchFixesLoader(source) {
  this.addDependency(require.resolve('./fixes'));
  this.addDependency(require.resolve('./stripAskAi'));
  return stripAskAi(applyFixes(source));
};
