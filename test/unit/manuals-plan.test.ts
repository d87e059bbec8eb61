import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {parseRoutes} from '../../scripts/lib/content-lint.mjs';
import {manualOfDoc, manualProducts} from '../../src/manuals/products';
import {linkedDocIds, pagesOf, planManuals, type ManualDoc, type TocNode} from '../../src/manuals/readingOrder';
import {normalizedSidebars, siteDocs} from './lib/docs-fixture';

const routes = parseRoutes(fs.readFileSync('e2e/fixtures/routes.tsv', 'utf8'));
const docs = siteDocs();
const plans = planManuals(normalizedSidebars(), docs);
const planOf = (key: string) => plans.find((p) => p.product.key === key)!;

test('the six manuals hold every doc page of the route fixture exactly once', () => {
  assert.deepEqual(plans.map((p) => p.product.key), ['neptune', 'janus', 'triton', 'lowcode', 'automation', 'open-platform']);
  const all = plans.flatMap((p) => p.pages);
  assert.equal(all.length, routes.length);
  assert.deepEqual([...all].sort(), routes.map((r) => r.id).sort());
  for (const plan of plans) {
    for (const id of plan.pages) assert.equal(manualOfDoc(id)?.key, plan.product.key, id);
  }
  // The app page is read in the Neptune sidebar, so it is in the Neptune manual.
  assert.ok(planOf('neptune').pages.includes('apps/denture/denture-device-management'));
});

test('pages in a sidebar keep the sidebar order; the manual starts with its introduction page', () => {
  for (const plan of plans) {
    assert.equal(plan.pages[0], plan.product.introduction, plan.product.key);
    const inSidebars = routes.filter((r) => r.sidebar).map((r) => r.id);
    const sidebarOrder = pagesOf(Object.values(normalizedSidebars()).flatMap((items) => items.map((i) => toNode(i))));
    const expected = sidebarOrder.filter((id) => inSidebars.includes(id) && plan.pages.includes(id));
    assert.deepEqual(plan.pages.filter((id) => inSidebars.includes(id)), expected, plan.product.key);
  }
});

function toNode(item: ReturnType<typeof normalizedSidebars>[string][number]): TocNode {
  if ('id' in item) return {title: item.id as string, docId: item.id as string, children: []};
  if ('items' in item) return {title: String(item.label), children: (item.items as typeof item[]).map(toNode)};
  return {title: '', children: []};
}

test('chapters are the top-level entries of the sidebar, in order', () => {
  const titles = (key: string) => planOf(key).chapters.map((c) => c.title);
  assert.deepEqual(titles('neptune'), ['Neptune 工业云平台简介', '快速入门', '设备接入', '设备管理', '消息中心与告警处理', '添加面板', '团队设置', '应用', 'Open API', '版本说明']);
  // Triton is read inside the Neptune sidebar: its two categories are its chapters.
  assert.deepEqual(titles('triton'), ['Triton 部署', 'Triton 开发']);
  // The open platform is one category of the Janus sidebar: its content is the manual.
  assert.equal(planOf('open-platform').chapters[0].docId, 'open-platform/introduction');
  assert.deepEqual(titles('automation'), ['Automation 低代码流程图控制软件简介', '工程与控制器', '运动参数与安全', '变量与流程图', '下发与调试', '集成与维护']);
  assert.ok(!titles('janus').includes('开放平台'));
});

test('pages in no sidebar follow the page that leads to them', () => {
  const order = (key: string) => planOf(key).pages;
  const after = (key: string, first: string, then: string[]) => {
    const pages = order(key);
    const at = pages.indexOf(first);
    assert.ok(at >= 0, first);
    assert.deepEqual(pages.slice(at + 1, at + 1 + then.length), then, `after ${first}`);
  };
  after('triton', 'triton/deploy/configure-triton', ['triton/deploy/configure-triton-wince', 'triton/deploy/configure-triton-go']);
  after('triton', 'triton/deploy/introduction', ['triton/deploy/neptune-register', 'triton/deploy/neptune-create-device']);
  // The connection parameters reference is first linked from the user guide's 设备接入 page.
  after('janus', 'janus/user/connection', ['janus/api/device/device_connection']);
  // Janus' introduction leads to the requirements and the six activation steps: one chapter.
  const first = planOf('janus').chapters[0];
  assert.equal(first.title, 'Janus 边缘计算系统软件简介');
  assert.deepEqual(pagesOf([first]).slice(0, 3), ['janus/user/introduction', 'janus/user/requirements', 'janus/user/activate/preparation']);
  assert.equal(pagesOf([first]).filter((id) => id.startsWith('janus/user/activate/')).length, 6);
});

test('a page nothing links to still gets into its manual, in a last chapter', () => {
  const doc = (id: string, links: string[] = []): ManualDoc => ({id, title: `标题 ${id}`, description: '', permalink: `/docs/${id}`, links});
  const list = [doc('automation/a', ['automation/x']), doc('automation/b'), doc('automation/x'), doc('automation/orphan')];
  const [plan] = planManuals({automation: [{type: 'doc', id: 'automation/a'}, {type: 'category', label: '流程', items: [{type: 'doc', id: 'automation/b'}]}]}, list).filter(
    (p) => p.product.key === 'automation',
  );
  assert.deepEqual(plan.pages, ['automation/a', 'automation/x', 'automation/b', 'automation/orphan']);
  assert.deepEqual(plan.chapters.map((c) => c.title), ['标题 automation/a', '流程', '其他页面']);
});

test('linkedDocIds: relative .md links in order, not in code blocks, not external', () => {
  const md = [
    '见 [A](./a.md#x) 和 [B](../other/b.md)，[外部](https://example.com/c.md)。',
    '```markdown',
    '[代码中的链接](./c.md)',
    '```',
    '再见 [A](./a.md) 与 [D](d.md "标题")。',
  ].join('\n');
  const known = new Set(['guide/a.md', 'other/b.md', 'guide/c.md', 'guide/d.md']);
  const ids = linkedDocIds(md, 'guide/page.md', (rel) => (known.has(rel) ? rel.replace(/\.md$/, '') : undefined));
  assert.deepEqual(ids, ['guide/a', 'other/b', 'guide/d']);
});

test('each manual names the version registered in glossary/registry', () => {
  const fact = (file: string, id: string) => {
    const doc = YAML.parse(fs.readFileSync(path.join('glossary', 'registry', file), 'utf8'));
    const found = (doc.facts as {id: string; value: string; name: string}[]).find((f) => f.id === id);
    assert.ok(found, `${file} registers ${id}`);
    return found!;
  };
  assert.match(fact('neptune.yaml', 'neptune.v2_9').name, /^Neptune 2\.9 /);
  assert.equal(fact('janus.yaml', 'janus.version').value, '3.4.2');
  assert.equal(fact('triton.yaml', 'triton.version').value, '3.2.0');
  assert.equal(String(fact('automation.yaml', 'automation.version').value), '2.6');
  assert.match(fact('lowcode.yaml', 'lowcode.version').value, /^1\.8（/);
  const versions = Object.fromEntries(manualProducts.map((m) => [m.key, m.version]));
  assert.deepEqual(versions, {
    neptune: 'Neptune 2.9',
    janus: 'Janus 3.4.2',
    triton: 'Triton 3.2.0',
    lowcode: 'Lowcode 1.8',
    automation: 'Automation 2.6',
    // Open-platform apps run in Janus: the manual documents the Janus release they run on.
    'open-platform': 'Janus 3.4.2',
  });
});
