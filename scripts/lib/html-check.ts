/**
 * The W3C Nu Html Checker (vnu-jar from npm, run with the system's Java: Debian's
 * default-jre-headless, which `npm test` installs) over a built site, every page in one JVM run.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface HtmlMessage {
  file: string;
  line?: number;
  message: string;
  extract?: string;
}

/** vnu-jar's main export is the path of the jar. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const vnuJar: string = String(require('vnu-jar'));

export const haveJava = (): boolean => spawnSync('java', ['-version']).status === 0;

/** The HTML files of a built site, relative paths sorted. */
export function htmlFiles(buildDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.html')) out.push(path.relative(buildDir, p));
    }
  };
  walk(buildDir);
  return out.sort();
}

/** Errors (not warnings) the checker reports for every HTML file under `buildDir`. */
export function checkHtml(buildDir: string): HtmlMessage[] {
  // vnu exits non-zero when it finds errors; the JSON report is on stderr either way.
  const run = spawnSync('java', ['-Xss8m', '-jar', vnuJar, '--errors-only', '--format', 'json', '--skip-non-html', buildDir], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const report = (run.stderr || run.stdout || '').trim();
  if (!report.startsWith('{')) throw new Error(`W3C Nu Html Checker 没有给出报告：${report.slice(0, 500) || run.error?.message}`);
  const {messages} = JSON.parse(report) as {messages: {type: string; url?: string; lastLine?: number; message: string; extract?: string}[]};
  return messages
    .filter((m) => m.type === 'error' || m.type === 'non-document-error')
    .map((m) => ({
      file: m.url ? path.relative(buildDir, new URL(m.url).pathname) : '',
      line: m.lastLine,
      message: m.message,
      extract: m.extract,
    }));
}

/** Messages grouped by text, most frequent first, with up to three places each. */
export function summarise(messages: HtmlMessage[]): string {
  const groups = new Map<string, HtmlMessage[]>();
  for (const m of messages) groups.set(m.message, [...(groups.get(m.message) ?? []), m]);
  return [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([text, ms]) => `${ms.length} × ${text}\n${ms.slice(0, 3).map((m) => `    ${m.file}:${m.line ?? '?'}  ${(m.extract ?? '').replace(/\s+/g, ' ').slice(0, 120)}`).join('\n')}`)
    .join('\n');
}

/** `npm run check:html [buildDir]`: prints the errors and exits 1 if there are any. */
if (require.main === module) {
  const buildDir = path.resolve(process.argv[2] ?? 'build');
  const started = Date.now();
  const messages = checkHtml(buildDir);
  const files = htmlFiles(buildDir).length;
  if (messages.length > 0) console.log(summarise(messages));
  console.log(`W3C Nu Html Checker：${files} 个页面，${messages.length} 个错误（${((Date.now() - started) / 1000).toFixed(1)} s）`);
  process.exit(messages.length > 0 ? 1 : 0);
}
