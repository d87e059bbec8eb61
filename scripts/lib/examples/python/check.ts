// python blocks: pyflakes (Debian package python3-pyflakes) — syntax errors, undefined names,
// unused imports; the reference clients on the Neptune API pages are standard-library Python 3.
import type {Block, Problem} from '../blocks';
import {pool, run} from '../run';

export async function checkPython(blocks: Block[]): Promise<Map<Block, Problem[]>> {
  const results = new Map<Block, Problem[]>();
  await pool(blocks, async (block) => {
    const r = await run('pyflakes3', [], {input: block.code + '\n'});
    if (r.missing) {
      results.set(block, [{message: '没有安装 pyflakes3（Debian 软件包 python3-pyflakes，npm test 会自动安装）'}]);
      return;
    }
    const out = `${r.stdout}\n${r.stderr}`;
    results.set(block, [...out.matchAll(/^<stdin>:(\d+):(?:\d+:)? (.*)$/gm)].map((m) => ({line: block.line + Number(m[1]), message: `pyflakes：${m[2]}`})));
  });
  return results;
}
