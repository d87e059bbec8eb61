// C blocks: `gcc -fsyntax-only -Wall -Werror` against the one real triton.h (examples/triton/include),
// as C99 on Linux pages; Windows and WinCE pages against the declaration shim in ./win32 (a syntax
// and type check, nothing is linked): Windows desktop as C11 with MSVC's C4996 deprecations, WinCE
// as C89 with MS extensions (Visual Studio 2008 and eMbedded Visual C++ 4.0 compile .c files as C89).
// A block with `cxx` in its meta (its page says the code also compiles as C++) is checked by g++ too;
// a `cpp` block by g++ only.
import path from 'node:path';
import type {Block, Problem} from '../blocks';
import {pageLine, pool, run, wrap, type Wrapped} from '../run';

export const TRITON_INCLUDE = path.join('examples', 'triton', 'include');
const WIN32_SHIM = path.join(__dirname, 'win32');

export type CPlatform = 'linux' | 'windows' | 'wince';

/** The platform a block is written for, from its page (triton/developer/windows|wince/…) or its includes. */
export function platformOf(block: Block): CPlatform {
  if (/\/wince\//.test(block.page)) return 'wince';
  if (/\/windows\//.test(block.page) || /#include\s*<windows\.h>/.test(block.code)) return 'windows';
  return 'linux';
}

/** Compiler runs (command and arguments, reading the source from stdin) for one block. */
export function compilerRuns(block: Block, root: string): {cmd: string; args: string[]}[] {
  const platform = platformOf(block);
  const common = ['-fsyntax-only', '-Wall', '-Werror', '-I', path.join(root, TRITON_INCLUDE)];
  // -Wno-format: gcc checks printf formats by glibc's rules, which read Microsoft's %I64d as a width.
  const win = ['-I', WIN32_SHIM, '-include', path.join(WIN32_SHIM, 'win32-compat.h'), '-D_WIN32', '-DWIN32', '-DUNICODE', '-D_UNICODE', '-Wno-format'];
  const c = platform === 'linux'
    ? ['-std=c99', '-D_POSIX_C_SOURCE=200809L', '-D_DEFAULT_SOURCE']
    : platform === 'windows'
      ? ['-std=c11', ...win]
      : ['-std=gnu89', '-Werror=declaration-after-statement', ...win, '-D_WIN32_WCE=0x600', '-DUNDER_CE'];
  const cxx = platform === 'linux' ? ['-std=c++11'] : ['-std=c++03', ...win, ...(platform === 'wince' ? ['-D_WIN32_WCE=0x600', '-DUNDER_CE'] : [])];
  const gxx = {cmd: 'g++', args: [...common, ...cxx, '-x', 'c++', '-']};
  if (block.lang === 'cpp') return [gxx];
  return 'cxx' in block.meta ? [{cmd: 'gcc', args: [...common, ...c, '-x', 'c', '-']}, gxx] : [{cmd: 'gcc', args: [...common, ...c, '-x', 'c', '-']}];
}

export async function checkC(blocks: Block[], root: string): Promise<Map<Block, Problem[]>> {
  const results = new Map<Block, Problem[]>();
  await pool(blocks, async (block) => {
    const problems: Problem[] = [];
    results.set(block, problems);
    let wrapped: Wrapped;
    try {
      wrapped = wrap(block, 'c');
    } catch (e) {
      problems.push({message: (e as Error).message});
      return;
    }
    for (const {cmd, args} of compilerRuns(block, root)) {
      const r = await run(cmd, args, {input: wrapped.source});
      if (r.missing) { problems.push({message: `没有安装 ${cmd}（Debian 软件包 ${cmd === 'gcc' ? 'gcc' : 'g++'}）`}); continue; }
      if (r.code === 0) continue;
      const label = `${cmd} ${platformOf(block) === 'linux' ? '' : `(${platformOf(block)}) `}`;
      let found = false;
      for (const m of r.stderr.matchAll(/^<stdin>:(\d+):\d+: (?:fatal )?error: (.*)$/gm)) {
        const line = pageLine(block, wrapped, Number(m[1]));
        problems.push({line: line ?? block.line, message: `${label}${m[2]}`});
        found = true;
      }
      if (!found) problems.push({message: `${label}失败：${r.stderr.trim().split('\n').slice(0, 4).join(' | ')}`});
    }
  });
  return results;
}
