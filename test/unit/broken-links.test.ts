import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

test('a broken link fails the build under the site configuration', () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broken-link-build-'));
  const fixture = path.resolve('test/fixtures/broken-link-site');
  const run = spawnSync(
    process.execPath,
    [require.resolve('@docusaurus/core/bin/docusaurus.mjs'), 'build', fixture, '--out-dir', outDir],
    {encoding: 'utf8', timeout: 180_000, env: {...process.env, NODE_ENV: 'production'}},
  );
  const output = run.stdout + run.stderr;
  fs.rmSync(outDir, {recursive: true, force: true});
  fs.rmSync(path.join(fixture, '.docusaurus'), {recursive: true, force: true});
  assert.notEqual(run.status, 0, 'build must fail');
  assert.match(output, /broken links/i);
  assert.match(output, /\/docs\/no-such-page/);
});
