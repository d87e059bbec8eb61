/**
 * Checks the embedded index of the built site (npm test builds before the unit tests): every
 * page of the route list is indexed and is found by its own title.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {parseRoutes} from '../../scripts/lib/content-lint.mjs';
import {newestIndexFile, loadIndexFile, distinctPages, EVAL_REQUEST} from '../../scripts/search-eval';
import {answer} from '../../src/search/localClient';

const indexFile = newestIndexFile();
const routes = parseRoutes(fs.readFileSync('e2e/fixtures/routes.tsv', 'utf8')).map((r) => `/docs/${r.id}`);

test('the built site has an embedded search index', () => {
  assert.ok(indexFile && fs.existsSync(indexFile), 'build/search-index.*.json exists (run npm run build)');
});

test('every doc page is in the index, under its product area', {skip: !indexFile}, () => {
  const index = loadIndexFile(indexFile!);
  const indexed = new Set(index.allRecords().map((r) => new URL(r.url_without_anchor).pathname));
  const missing = routes.filter((r) => !indexed.has(r));
  assert.deepEqual(missing, []);
  const areas = new Set(index.allRecords().map((r) => r.hierarchy.lvl0));
  for (const area of ['Neptune 工业云平台', 'Janus 边缘计算系统软件', 'Triton 设备端连接器', '低代码 HMI 组态软件', '低代码流程图控制软件', '开放平台', '应用']) {
    assert.ok(areas.has(area), area);
  }
});

test('every doc page is found by its title in the first five pages', {skip: !indexFile}, () => {
  const index = loadIndexFile(indexFile!);
  const titles = new Map<string, string>();
  for (const r of index.allRecords()) if (r.type === 'lvl1') titles.set(new URL(r.url).pathname, r.hierarchy.lvl1!);
  const notFound: string[] = [];
  for (const route of routes) {
    const title = titles.get(route)!;
    const query = Array.from(title).slice(0, 64).join('');
    const pages = distinctPages(answer(index, {...EVAL_REQUEST, query}).hits as never).slice(0, 5);
    if (!pages.includes(route)) notFound.push(`${route}「${title}」→ ${pages.slice(0, 3).join(', ')}`);
  }
  assert.deepEqual(notFound, []);
});
