const {applyFixes} = require('./fixes');

/** Webpack/Rspack loader: patches DocSearchModal.js (see fixes.js). */
module.exports = function docsearchFixesLoader(source) {
  return applyFixes(source);
};
