/**
 * plugins/lean-bundle replaces a few library modules with the files of src/ that do the same job
 * more cheaply. The replacement is keyed on the importing directory and the request, so a library
 * upgrade that moves or renames a module would silently undo it: these tests find every importer
 * in node_modules and check that each one is redirected, and that each replacement exports what
 * the original exports.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {replacementFor} from '../../plugins/lean-bundle';

const modules = path.resolve('node_modules');
const src = path.resolve('src');

function jsFiles(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? jsFiles(full) : e.name.endsWith('.js') ? [full] : [];
  });
}

/** [importing directory, request] for every static import of a module whose path ends in `target`. */
function importers(packageDir: string, target: RegExp): [string, string][] {
  const found: [string, string][] = [];
  for (const file of jsFiles(path.join(modules, packageDir))) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bfrom\s+'([^']+)'|require\('([^']+)'\)/g)) {
      const request = m[1] ?? m[2];
      if (target.test(request)) found.push([path.dirname(file), request]);
    }
  }
  return found;
}

function exportedNames(source: string): string[] {
  return [...source.matchAll(/^export (?:const|function|class) (\w+)/gm)].map((m) => m[1]).sort();
}

const cases = [
  {packageDir: '@docusaurus/core/lib/client', target: /(^|\/)browserContext(\.js)?$/, original: '@docusaurus/core/lib/client/browserContext.js', replacement: 'hydration/browserContext.tsx', min: 2},
  {packageDir: '@docusaurus/theme-common/lib', target: /(^|\/)useWindowSize(\.js)?$/, original: '@docusaurus/theme-common/lib/hooks/useWindowSize.js', replacement: 'hydration/useWindowSize.ts', min: 2},
  {packageDir: '@docusaurus/core/lib/client', target: /^\.\/preload(\.js)?$/, original: '@docusaurus/core/lib/client/preload.js', replacement: 'routing/startupPreload.ts', min: 2},
  {packageDir: 'docusaurus-plugin-image-zoom/lib', target: /^medium-zoom$/, original: 'medium-zoom/dist/medium-zoom.esm.js', replacement: 'image-zoom/lazyMediumZoom.ts', min: 1},
];

for (const {packageDir, target, original, replacement, min} of cases) {
  test(`every import of ${path.basename(original)} in ${packageDir} is redirected to src/${replacement}`, () => {
    const found = importers(packageDir, target);
    assert.ok(found.length >= min, `${found.length} importers found: ${JSON.stringify(found)}`);
    for (const [dir, request] of found) {
      assert.equal(replacementFor(dir, request), path.join(src, replacement), `${request} from ${dir}`);
    }
  });
}

test('the replacements of Docusaurus modules export what the originals export', () => {
  for (const {original, replacement} of cases.slice(0, 2)) {
    const originalNames = exportedNames(fs.readFileSync(path.join(modules, original), 'utf8'));
    assert.ok(originalNames.length > 0, original);
    assert.deepEqual(exportedNames(fs.readFileSync(path.join(src, replacement), 'utf8')), originalNames, replacement);
  }
});

test('other modules, and the same names elsewhere, are left alone', () => {
  assert.equal(replacementFor(path.join(modules, '@docusaurus/core/lib/client'), './App'), undefined);
  assert.equal(replacementFor(path.join(src, 'theme'), './browserContext'), undefined);
  assert.equal(replacementFor(path.join(modules, 'some-package/lib'), 'medium-zoom'), undefined);
  // startupPreload and lazyMediumZoom import the real modules: not redirected to themselves.
  assert.equal(replacementFor(path.join(src, 'routing'), '@docusaurus/core/lib/client/preload'), undefined);
  assert.equal(replacementFor(path.join(src, 'image-zoom'), 'medium-zoom'), undefined);
});
