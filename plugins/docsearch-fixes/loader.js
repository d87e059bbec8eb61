const {applyFixes} = require('./fixes');
const {stripAskAi} = require('./stripAskAi');

/** Webpack/Rspack loader: patches DocSearchModal.js (see fixes.js), then removes Ask AI (see stripAskAi.js). */
module.exports = function docsearchFixesLoader(source) {
  return stripAskAi(applyFixes(source));
};
