// Remark plugin: a fenced code block whose meta names a project file, ```c title="triton.h"
// file="examples/triton/include/triton.h", shows that file's content. The docs then show the very
// file the example checker compiles against (scripts/lib/examples/blocks.ts reads it the same way),
// so the two cannot drift. The block is left empty in the Markdown source; a missing file fails the build.
import fs from 'node:fs';
import path from 'node:path';

interface MdNode {
  type: string;
  meta?: string | null;
  value?: string;
  children?: MdNode[];
}

/** The `file="…"` attribute of a code block's meta, if any. */
export function codeFileOf(meta: string | null | undefined): string | undefined {
  return meta?.match(/(?:^|\s)file="([^"]+)"/)?.[1];
}

/** Content shown for a block that names `file` (relative to the project root). */
export function readCodeFile(root: string, file: string): string {
  const abs = path.resolve(root, file);
  if (!abs.startsWith(path.resolve(root) + path.sep)) throw new Error(`代码块的 file="${file}" 不在项目目录中`);
  if (!fs.existsSync(abs)) throw new Error(`代码块引用的文件不存在：${file}`);
  return fs.readFileSync(abs, 'utf8').replace(/\s+$/, '');
}

export default function codeFromFile({root = process.cwd()}: {root?: string} = {}) {
  return (tree: MdNode): void => {
    const walk = (node: MdNode) => {
      if (node.type === 'code') {
        const file = codeFileOf(node.meta);
        if (file) {
          if (node.value?.trim()) throw new Error(`代码块 file="${file}" 的内容来自该文件，Markdown 中的代码块应留空`);
          node.value = readCodeFile(root, file);
        }
      }
      node.children?.forEach(walk);
    };
    walk(tree);
  };
}
