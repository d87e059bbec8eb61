import {test} from 'node:test';
import assert from 'node:assert/strict';
import {lintMarkdown, splitMarkdown, parseRoutes} from '../../scripts/lib/content-lint.mjs';

const page = (body: string, fm = 'title: 设备类型\ndescription: 定义设备类型。') => `---\n${fm}\n---\n\n${body}\n`;
const rules = (src: string) => lintMarkdown(src).map((p: {rule: string}) => p.rule);

test('a clean page has no problems', () => {
  const src = page('说明。\n\n## 创建设备类型 {#create}\n\n```json\n{"code": 0}\n```\n\n![设备类型列表](/img/x.svg)');
  assert.deepEqual(lintMarkdown(src), []);
});

test('missing title and description are reported', () => {
  const problems = lintMarkdown(page('正文', 'sidebar_position: 1'));
  assert.deepEqual(problems.map((p: {message: string}) => p.message), [
    '缺少 front matter 字段 title',
    '缺少 front matter 字段 description',
  ]);
});

test('placeholder text is reported in prose and code', () => {
  assert.deepEqual(rules(page('本节待补充。')), ['placeholder']);
  assert.deepEqual(rules(page('```go\n// TODO: implement\n```')), ['placeholder']);
  assert.deepEqual(rules(page('Lorem ipsum dolor.')), ['placeholder']);
});

test('a code block without a language is reported with its line', () => {
  const problems = lintMarkdown(page('文字\n\n```\nls -l\n```'));
  assert.equal(problems.length, 1);
  assert.equal(problems[0].rule, 'code-language');
  assert.equal(problems[0].line, 8);
});

test('JSON and TOML blocks must parse', () => {
  assert.deepEqual(rules(page('```json\n{"a": 1,}\n```')), ['json']);
  assert.deepEqual(rules(page('```json\n{"a": 1} // 注释\n```')), ['json']);
  assert.deepEqual(rules(page('```toml title="triton.toml"\n[device]\nid = \n```')), ['toml']);
  assert.deepEqual(rules(page('```toml\n[device]\nid = "DEV-20240315-0001"\n```')), []);
});

test('images need alt text', () => {
  assert.deepEqual(rules(page('![](/img/a.svg)')), ['image-alt']);
});

test('h2 and h3 need explicit ASCII ids, h4 does not', () => {
  assert.deepEqual(rules(page('## 设备接入')), ['heading-id']);
  assert.deepEqual(rules(page('### 参数 {#参数}')), ['heading-id']);
  assert.deepEqual(rules(page('## 设备接入 {#device-access}\n\n#### 细节')), []);
});

test('headings inside code blocks are not headings', () => {
  assert.deepEqual(rules(page('```bash\n## not a heading\necho hi\n```')), []);
});

test('four-backtick fences may contain three-backtick fences', () => {
  const {blocks} = splitMarkdown(page('````markdown\n```json\n{}\n```\n````'));
  assert.equal(blocks.length, 1);
  assert.equal(blocks[0].lang, 'markdown');
});

test('routes parse with "-" meaning no sidebar', () => {
  assert.deepEqual(parseRoutes('# header\na/b\tneptune\nc/d\t-\n'), [
    {id: 'a/b', sidebar: 'neptune'},
    {id: 'c/d', sidebar: null},
  ]);
});

test('code in a fence indented inside a list item loses that indentation', () => {
  const {blocks} = splitMarkdown(page('1. 第一步：\n\n   ```json\n   {"a": 1}\n   ```'));
  assert.equal(blocks[0].code, '{"a": 1}');
  const go = splitMarkdown(page('1. 步骤\n\n   ```go\n   package main\n\n   func main() {\n   \tprintln(1)\n   }\n   ```')).blocks[0];
  assert.equal(go.code, 'package main\n\nfunc main() {\n\tprintln(1)\n}');
});

test('a table header with an empty cell is reported at its line', () => {
  const page = '---\ntitle: 标题\ndescription: 说明\n---\n\n正文。\n\n| | 路线 A | 路线 B |\n| --- | --- | --- |\n| 编辑器 | 云端 | Janus |\n';
  const problems = lintMarkdown(page).filter((p) => p.rule === 'table-header');
  assert.deepEqual(problems.map((p) => p.line), [8]);
  assert.equal(lintMarkdown(page.replace('| | 路线 A', '| 对比项 | 路线 A')).filter((p) => p.rule === 'table-header').length, 0);
});
