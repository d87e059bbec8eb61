// bash blocks: `bash -n`, and ShellCheck (Debian package shellcheck) when the block is a script of
// more than one command. shell-session blocks: the commands after each `$ ` prompt (with their
// `\` continuation lines) get `bash -n`; the rest of the block is output. A session without any
// `$ ` prompt is only output and should be a `text` block.
import type {Block, Problem} from '../blocks';
import {pool, run} from '../run';

export interface SessionCommand {
  /** Page line of the prompt. */
  line: number;
  command: string;
}

/** Commands of a shell-session block: lines starting with `$ `, joined with their continuation lines. */
export function sessionCommands(block: Block): SessionCommand[] {
  const lines = block.code.split('\n');
  const out: SessionCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i].match(/^\$ (.*)$/);
    if (!m) continue;
    const line = block.line + i + 1;
    let command = m[1];
    while (/\\$/.test(command) && i + 1 < lines.length) command += '\n' + lines[++i];
    out.push({line, command});
  }
  return out;
}

/** A script of more than one command (comments, blank lines and continuation lines don't count). */
function isScript(code: string): boolean {
  const commands = code.split('\n').filter((l, i, all) => l.trim() && !/^\s*#/.test(l) && !/\\$/.test(all[i - 1] ?? ''));
  return commands.length > 1;
}

async function bashN(code: string, firstLine: number, label: string): Promise<Problem[]> {
  const r = await run('bash', ['-n'], {input: code + '\n'});
  if (r.code === 0) return [];
  return [...r.stderr.matchAll(/line (\d+): (.*)$/gm)].map((m) => ({line: firstLine + Number(m[1]) - 1, message: `${label}：${m[2]}`}))
    .concat(r.stderr.match(/line \d+:/) ? [] : [{line: firstLine, message: `${label}：${r.stderr.trim()}`}]);
}

async function shellcheck(block: Block): Promise<Problem[]> {
  const r = await run('shellcheck', ['--shell=bash', '--format=gcc', '-'], {input: block.code + '\n'});
  if (r.missing) return [{message: '没有安装 shellcheck（Debian 软件包 shellcheck，npm test 会自动安装）'}];
  return [...r.stdout.matchAll(/^-:(\d+):\d+: (\w+): (.*)$/gm)].map((m) => ({line: block.line + Number(m[1]), message: `shellcheck ${m[2]}：${m[3]}`}));
}

export async function checkShell(blocks: Block[]): Promise<Map<Block, Problem[]>> {
  const results = new Map<Block, Problem[]>();
  await pool(blocks, async (block) => {
    const problems: Problem[] = [];
    results.set(block, problems);
    if (block.lang === 'bash') {
      problems.push(...await bashN(block.code, block.line + 1, 'bash -n'));
      if (problems.length === 0 && isScript(block.code)) problems.push(...await shellcheck(block));
      return;
    }
    const commands = sessionCommands(block);
    if (commands.length === 0) {
      problems.push({message: 'shell-session 代码块没有以「$ 」开头的命令行：只有输出时请用 text，其他 shell 的会话请写 skip-check="原因"'});
      return;
    }
    for (const c of commands) problems.push(...await bashN(c.command, c.line, 'bash -n（会话中的命令）'));
  });
  return results;
}
