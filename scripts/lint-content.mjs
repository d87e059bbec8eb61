#!/usr/bin/env node
// npm run lint:content — checks every Markdown page against the contributor guide's rules and the
// facts registry (glossary/registry/, rules in its README), and reports coverage of the full route
// list (e2e/fixtures/routes.tsv). Exits 1 on any problem.
import fs from 'node:fs';
import path from 'node:path';
import {lintMarkdown, parseRoutes} from './lib/content-lint.mjs';
import {loadRegistry} from './lib/registry/load.mjs';
import {lintPage} from './lib/registry/rules.mjs';
import {registrySummary} from './lib/registry/summary.mjs';

const root = process.cwd();
const files = [];
(function walk(dir) {
  for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.mdx?$/.test(e.name)) files.push(p);
  }
})(path.join(root, 'docs'));
for (const f of fs.readdirSync(path.join(root, 'src/pages'))) {
  if (/\.mdx?$/.test(f)) files.push(path.join(root, 'src/pages', f));
}

const registryDir = path.join(root, 'glossary/registry');
const registry = loadRegistry(registryDir);
for (const p of registry.problems) console.log(`${path.relative(root, path.join(registryDir, p.file))}:${p.line} [registry] ${p.message}`);

let count = registry.problems.length;
const pageResults = [];
for (const file of files.sort()) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  const src = fs.readFileSync(file, 'utf8');
  for (const p of lintMarkdown(src)) {
    console.log(`${rel}:${p.line} [${p.rule}] ${p.message}`);
    count++;
  }
  if (!rel.startsWith('docs/')) continue;
  const result = lintPage(rel, src, registry.index);
  pageResults.push({file: rel, ...result});
  for (const p of result.problems) {
    console.log(`${rel}:${p.line} [${p.rule}] ${p.message}`);
    count++;
  }
}
for (const line of registrySummary(registry, pageResults)) console.log(line);

const routes = parseRoutes(fs.readFileSync(path.join(root, 'e2e/fixtures/routes.tsv'), 'utf8'));
const missing = routes.filter(({id}) => !['.md', '.mdx'].some((ext) => fs.existsSync(path.join(root, 'docs', id + ext))));
const byArea = {};
for (const {id} of routes) {
  const area = id.split('/')[0];
  byArea[area] ??= {total: 0, present: 0};
  byArea[area].total++;
  if (!missing.some((m) => m.id === id)) byArea[area].present++;
}
console.log(`路由覆盖：${routes.length - missing.length}/${routes.length} 个文档页已存在`);
for (const [area, {total, present}] of Object.entries(byArea)) console.log(`  ${area}: ${present}/${total}`);
for (const {id} of missing) console.log(`  缺少页面：docs/${id}.md`);

const failed = count + missing.length;
console.log(failed ? `内容检查失败：${count} 个问题，${missing.length} 个页面缺失` : `内容检查通过：${files.length} 个文件`);
process.exit(failed ? 1 : 0);
