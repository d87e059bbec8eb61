// npm run test:examples — checks every code block of docs/ with the real tool of its language
// (Go, C, TypeScript/JavaScript, JSON/TOML/INI/properties/YAML, bash, HTML; see
// scripts/lib/examples/). Prints one line per problem as page:line, the blocks that opted out with
// skip-check="…", and last `examples: N checked, N failed`. Exits 1 when any block fails.
// Arguments: pages or folders (docs/…) to check only those.
import path from 'node:path';
import {checkExamples, formatReport} from './lib/examples';
import {docPages} from './lib/examples/blocks';

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..');
  const wanted = process.argv.slice(2).map((p) => path.relative(root, path.resolve(p)).replace(/\/$/, ''));
  const pages = docPages(root).filter((p) => wanted.some((w) => p === w || p.startsWith(w + '/')));
  const started = Date.now();
  const report = await checkExamples({root, pages: wanted.length ? pages : undefined});
  const lines = formatReport(report);
  lines.splice(lines.length - 1, 0, `用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
  console.log(lines.join('\n'));
  process.exit(report.results.some((r) => r.problems.length) ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
