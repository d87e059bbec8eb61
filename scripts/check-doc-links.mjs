#!/usr/bin/env node
// Fast pre-build check of relative Markdown links between docs: each `.md` link must point at an
// existing source file or at a doc id listed in the route fixture (a page another writer owns).
// The Docusaurus build is the final judge; this only gives writers feedback in a second.
// Usage: node scripts/check-doc-links.mjs [path-prefix-under-docs]
import fs from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const docsDir = path.join(root, 'docs');
const routesFile = fs.existsSync(path.join(root, 'e2e/fixtures/routes.tsv'))
  ? path.join(root, 'e2e/fixtures/routes.tsv')
  : path.join(root, '../shared/routes.tsv');
const routeIds = new Set(
  fs.readFileSync(routesFile, 'utf8').split('\n')
    .filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t')[0]),
);
const prefix = process.argv[2] ?? '';

function walk(dir, out = []) {
  for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.mdx?$/.test(e.name)) out.push(p);
  }
  return out;
}

let bad = 0;
for (const file of walk(docsDir)) {
  const rel = path.relative(docsDir, file);
  if (!rel.startsWith(prefix)) continue;
  const src = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const m of src.matchAll(/\]\(([^)\s]+?\.mdx?)(#[^)\s]*)?\)/g)) {
    const target = m[1];
    if (/^[a-z]+:/i.test(target)) continue;
    const abs = path.resolve(path.dirname(file), decodeURIComponent(target));
    const id = path.relative(docsDir, abs).replace(/\.mdx?$/, '').split(path.sep).join('/');
    if (!fs.existsSync(abs) && !routeIds.has(id)) {
      console.log(`${rel}: broken link ${target}`);
      bad++;
    }
  }
}
console.log(bad ? `${bad} broken link(s)` : 'links ok');
process.exit(bad ? 1 : 0);
