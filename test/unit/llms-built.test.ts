/**
 * The Markdown for assistants in the built site (npm test builds before the unit tests):
 * build/llms.txt, build/llms-full.txt and the copy of every doc page at /docs/<id>.md.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {parseRoutes} from '../../scripts/lib/content-lint.mjs';
import {manualProducts} from '../../src/manuals/products';
import {planManuals} from '../../src/manuals/readingOrder';
import {normalizedSidebars, siteDocs} from './lib/docs-fixture';

const buildDir = path.join(__dirname, '../../build');
const llmsFile = path.join(buildDir, 'llms.txt');
const skip = !fs.existsSync(llmsFile) && 'run npm run build first';
const routes = parseRoutes(fs.readFileSync('e2e/fixtures/routes.tsv', 'utf8'));
const docs = siteDocs();
const docById = new Map(docs.map((d) => [d.id, d]));
const plans = planManuals(normalizedSidebars(), docs);
const SITE = 'https://docs.example.com';

test('llms.txt: the site, a one-line summary, one section per product listing every doc page with its description', {skip}, () => {
  const text = fs.readFileSync(llmsFile, 'utf8');
  const lines = text.split('\n');
  assert.equal(lines[0], '# 星联文档中心');
  assert.equal(lines[1], '');
  assert.match(lines[2], new RegExp(`^> 星联工业科技有限公司全系列产品的简体中文文档：Neptune 工业云平台、.+，共 ${routes.length} 个页面。$`));
  const sections = lines.filter((l) => l.startsWith('## '));
  assert.deepEqual(sections, manualProducts.map((m) => `## ${m.name}（${m.version}）`));
  const items = lines.filter((l) => l.startsWith('- ['));
  assert.equal(items.length, routes.length);
  const listed = items.map((l) => {
    const m = l.match(/^- \[([^\]]+)\]\((\S+)\)(?:: (.+))?$/);
    assert.ok(m, l);
    const id = decodeURI(m[2]).replace(`${SITE}/docs/`, '').replace(/\.md$/, '');
    const doc = docById.get(id);
    assert.ok(doc, m[2]);
    assert.equal(m[1], doc.title);
    assert.equal(m[3], doc.description.replace(/\s+/g, ' ').trim());
    return id;
  });
  assert.deepEqual([...listed].sort(), routes.map((r) => r.id).sort());
  // Each section lists its product's pages in reading order.
  assert.deepEqual(listed, plans.flatMap((p) => p.pages));
});

test('every page has a Markdown copy at /docs/<id>.md that starts with its H1 and holds no front matter or MDX syntax', {skip}, () => {
  for (const {id} of routes) {
    const file = path.join(buildDir, 'docs', `${id}.md`);
    assert.ok(fs.existsSync(file), file);
    const md = fs.readFileSync(file, 'utf8');
    assert.ok(md.startsWith(`# ${docById.get(id)!.title}\n\n`), id);
    // Outside code blocks (a shell comment is not a heading).
    const prose = md.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
    assert.equal(prose.match(/^# /gm)?.length, 1, `${id}: one H1`);
    for (const [what, re] of [
      ['front matter', /^---\n[\s\S]*?\ntitle:/],
      ['heading ids', /^#{2,6} .*\{#[\w-]+\}\s*$/m],
      ['admonition fences', /^:::/m],
      ['relative .md links', /\]\((?!https?:|mailto:)[^)]*\.md(#[^)]*)?\)/],
      ['root-relative links or images', /\]\(\/[^)]*\)/],
    ] as const) {
      assert.doesNotMatch(prose, re, `${id}: ${what}`);
    }
  }
});

test('llms-full.txt holds every page in reading order, each with its address', {skip}, () => {
  const full = fs.readFileSync(path.join(buildDir, 'llms-full.txt'), 'utf8');
  let last = -1;
  for (const id of plans.flatMap((p) => p.pages)) {
    const at = full.indexOf(`\n# ${docById.get(id)!.title}\n\n网址：${SITE}/docs/${id}\n`);
    assert.ok(at > last, `${id} after the page before it`);
    last = at;
  }
  assert.equal(full.match(/^网址：/gm)?.length, routes.length);
});
