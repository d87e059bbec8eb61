// The registry part of lint:content's closing summary: findings per rule, which registry files
// exist, which docs/ directories are not checked against a product file yet (the migration rule of
// glossary/registry/README.md), and the code blocks marked config="none".

export const RULES = ['ui-label', 'ui-path', 'topic', 'error-code', 'host', 'config-key', 'fact', 'example-device', 'example-point'];

/** Lines to print; pageResults are [{file, problems, noneBlocks}] for the docs/ pages. */
export function registrySummary(registry, pageResults) {
  const counts = Object.fromEntries(RULES.map((r) => [r, 0]));
  for (const {problems} of pageResults) for (const p of problems) counts[p.rule] = (counts[p.rule] ?? 0) + 1;
  const lines = [];
  const loaded = [...registry.files.keys()].map((p) => `${p}.yaml`);
  lines.push(`登记表：${loaded.length ? loaded.join('、') : '（没有登记文件）'}${registry.problems.length ? `，${registry.problems.length} 个格式问题` : ''}`);
  lines.push(`登记表检查：${RULES.map((r) => `${r} ${counts[r]}`).join('，')}`);
  const unchecked = new Map();
  for (const {file} of pageResults) {
    const area = file.split('/')[1];
    if (!registry.index.areaToProduct.has(area)) unchecked.set(area, (unchecked.get(area) ?? 0) + 1);
  }
  if (unchecked.size) {
    const list = [...unchecked].map(([area, n]) => `docs/${area}（${n} 页）`).join('、');
    lines.push(`  没有登记文件在 areas 中列出、只按 site.yaml 与 examples.yaml 检查：${list}`);
  }
  const none = pageResults.flatMap(({file, noneBlocks}) => noneBlocks.map((l) => `${file}:${l}`));
  if (none.length) lines.push(`  config="none" 代码块 ${none.length} 个：${none.join('、')}`);
  return lines;
}
