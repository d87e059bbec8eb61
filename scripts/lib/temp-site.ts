import fs from 'node:fs';
import path from 'node:path';

/**
 * node_modules for a site built in a temporary folder (benchmark copies): symlinks to every package
 * of the project's node_modules, but a .cache of its own, so the bundler's persistent cache of the
 * copy never lands in (or clears) the project's.
 */
export function shadowNodeModules(siteDir: string, projectRoot = process.cwd()): void {
  const shared = fs.realpathSync(path.join(projectRoot, 'node_modules'));
  const own = path.join(siteDir, 'node_modules');
  fs.mkdirSync(path.join(own, '.cache'), {recursive: true});
  for (const entry of fs.readdirSync(shared)) {
    if (entry === '.cache') continue;
    fs.symlinkSync(path.join(shared, entry), path.join(own, entry));
  }
}
