import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {toCleanMarkdown} from '../../plugins/llms-txt/markdown';
import {markdownCopyPath, writeLlmsFiles} from '../../plugins/llms-txt/write';
import {BuildCache} from '../../src/utils/buildCache';
import {manualProducts} from '../../src/manuals/products';

const ctx = {
  title: '通过 Triton 接入设备',
  sourcePath: 'triton/deploy/access-neptune.md',
  permalink: '/docs/triton/deploy/access-neptune',
  siteUrl: 'https://docs.example.com',
  permalinkOfSource: (p: string) => ({'triton/deploy/configure-triton.md': '/docs/triton/deploy/configure-triton', 'neptune/user/device-access.md': '/docs/neptune/user/device-access'})[p],
};

const source = `---
title: 通过 Triton 接入设备
description: 在设备侧安装 Triton。
sidebar_position: 3
---

import Tabs from '@theme/Tabs';

本页说明接入步骤，见 [配置](./configure-triton.md#upstream) 与 [接入方式](../../neptune/user/device-access.md)。

## 前提条件 {#prerequisites}

- 已有 \`deviceId\`，详见 [下文](#steps)。

![Triton 接入 Neptune 的拓扑](/img/triton/topology.svg)

:::warning

密钥只显示一次。

:::

:::danger 设备会运动

先断开负载。

:::

:::tip[批量接入]

用 [OpenAPI 描述](pathname:///openapi/neptune.yaml)。

:::

<Tabs>
内部文字保留
</Tabs>

\`\`\`toml title="/opt/triton/conf/triton.toml"
[device]
id = "DEV-20240315-0001"
\`\`\`

## 步骤 {#steps}

1. 点击「设备管理」。
`;

test('a page as clean Markdown: H1 title, no front matter or MDX, admonitions as blockquotes, absolute links', () => {
  const md = toCleanMarkdown(source, ctx);
  const expected = `# 通过 Triton 接入设备

本页说明接入步骤，见 [配置](https://docs.example.com/docs/triton/deploy/configure-triton#upstream) 与 [接入方式](https://docs.example.com/docs/neptune/user/device-access)。

## 前提条件

- 已有 \`deviceId\`，详见 [下文](https://docs.example.com/docs/triton/deploy/access-neptune#steps)。

![Triton 接入 Neptune 的拓扑](https://docs.example.com/img/triton/topology.svg)

> **注意**
>
> 密钥只显示一次。

> **危险：设备会运动**
>
> 先断开负载。

> **提示：批量接入**
>
> 用 [OpenAPI 描述](https://docs.example.com/openapi/neptune.yaml)。

内部文字保留

\`\`\`toml title="/opt/triton/conf/triton.toml"
[device]
id = "DEV-20240315-0001"
\`\`\`

## 步骤

1. 点击「设备管理」。
`;
  assert.equal(md, expected);
});

test('an H1 in the body gives way to the title; text that looks like a directive stays text', () => {
  const md = toCleanMarkdown('# 旧标题\n\n地址写作 HR:100，时间 10:30，模式:auto 生效。\n', {...ctx, title: '新标题'});
  assert.equal(md, '# 新标题\n\n## 旧标题\n\n地址写作 HR:100，时间 10:30，模式:auto 生效。\n');
});

test('Markdown copies sit beside the page folder: /docs/<id>.md', () => {
  assert.equal(markdownCopyPath('/docs/neptune/user/quick-start'), 'docs/neptune/user/quick-start.md');
  assert.equal(markdownCopyPath('/docs/lowcode/dev-HMI-app/dev-page-layout/alignment-&-index'), 'docs/lowcode/dev-HMI-app/dev-page-layout/alignment-&-index.md');
  assert.equal(markdownCopyPath('/docs/a%20b/'), 'docs/a b.md');
});

test('a rebuild with the cache writes the same files and converts only the edited page', async () => {
  const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xl-llms-cache-'));
  const doc = (id: string, markdown: string) => ({
    id,
    title: id === 'a' ? '设备接入' : '告警规则',
    description: '',
    permalink: `/docs/neptune/${id}`,
    links: [],
    sourceFile: path.join(siteDir, `${id}.md`),
    sourcePath: `neptune/${id}.md`,
    markdown,
  });
  const docs = new Map([
    ['a', doc('a', '---\ntitle: 设备接入\n---\n\n## 接入 {#access}\n\n见[告警规则](./b.md#rules)。\n')],
    ['b', doc('b', '## 规则 {#rules}\n\n:::danger\n\n先停机。\n\n:::\n')],
  ]);
  const plans = [{product: manualProducts[0], chapters: [], pages: ['a', 'b']}];
  const run = async (label: string) => {
    const outDir = path.join(siteDir, label);
    const cache = new BuildCache<string>({siteDir, name: 'llms-txt', code: []});
    await writeLlmsFiles({outDir, siteUrl: 'https://docs.example.com', siteTitle: '星联文档中心', plans, docs, cache});
    cache.save();
    const read = (f: string) => fs.readFileSync(path.join(outDir, f), 'utf8');
    return {misses: cache.misses, files: ['llms.txt', 'llms-full.txt', 'docs/neptune/a.md', 'docs/neptune/b.md'].map(read)};
  };
  const uncached = await run('first');
  assert.equal(uncached.misses, 2);
  assert.match(uncached.files[2], /\[告警规则\]\(https:\/\/docs\.example\.com\/docs\/neptune\/b#rules\)/);
  const cached = await run('second');
  assert.deepEqual(cached, {misses: 0, files: uncached.files});
  docs.set('b', doc('b', '## 规则 {#rules}\n\n先切断电源。\n'));
  const edited = await run('third');
  assert.equal(edited.misses, 1);
  assert.match(edited.files[3], /先切断电源。/);
});
