import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {AllContent, LoadContext, Plugin} from '@docusaurus/types';
import pdfManuals, {buildDate, manualsDisabled} from '../../plugins/pdf-manuals';

/**
 * The build without Chromium (or with PDF_MANUALS=off): it succeeds, prints one Chinese line and
 * leaves the pages without any 「下载 PDF 手册」 link. Runs the plugin's lifecycle on a one-page site.
 */
const siteDir = path.join(__dirname, '../..');
const page = '<!doctype html><html><head><title>x</title></head><body><div class="xl-pdf-manuals" data-pdf-manuals=automation></div></body></html>';

const allContent = {
  'docusaurus-plugin-content-docs': {
    default: {
      loadedVersions: [
        {
          contentPath: path.join(siteDir, 'docs'),
          docs: [{id: 'automation/work-flow-intro', title: '简介', description: '', permalink: '/docs/automation/work-flow-intro', source: '@site/docs/automation/work-flow-intro.md'}],
          sidebars: {automation: [{type: 'doc', id: 'automation/work-flow-intro'}]},
        },
      ],
    },
  },
} as unknown as AllContent;

async function buildWith(env: Record<string, string | undefined>, chromiumPath: string): Promise<{lines: string[]; outDir: string}> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xl-pdf-skip-'));
  fs.writeFileSync(path.join(outDir, 'index.html'), page);
  const saved = {...process.env};
  Object.assign(process.env, {NODE_ENV: 'production'}, env);
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
  const lines: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => void lines.push(args.join(' '));
  try {
    const plugin = pdfManuals({siteDir} as LoadContext, {chromiumPath}) as Plugin;
    await plugin.allContentLoaded!({allContent, actions: {} as never});
    await plugin.postBuild!({outDir, siteConfig: {url: 'https://docs.example.com', baseUrl: '/'}} as never);
  } finally {
    console.log = log;
    process.env = saved;
  }
  return {lines, outDir};
}

test('without Chromium the build goes on: one Chinese line saying how to get the manuals, no link, no pdf/', async () => {
  const {lines, outDir} = await buildWith({PDF_MANUALS: undefined}, '/nonexistent/chromium');
  assert.equal(lines.length, 1);
  assert.match(lines[0], /^\[pdf-manuals\] 未找到 Chromium（\/nonexistent\/chromium），已跳过 PDF 手册：站点照常生成，页面上不显示「下载 PDF 手册」。/);
  assert.match(lines[0], /apt-get install chromium fonts-noto-cjk/);
  assert.match(lines[0], /重新运行 npm run build，即在 build\/pdf\/ 生成 6 本手册。$/);
  assert.equal(fs.existsSync(path.join(outDir, 'pdf')), false);
  assert.equal(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'), page);
});

test('a Chromium that does not start is skipped the same way', async () => {
  const {lines, outDir} = await buildWith({PDF_MANUALS: undefined}, '/bin/false');
  assert.equal(lines.length, 1);
  assert.match(lines[0], /^\[pdf-manuals\] Chromium（\/bin\/false）无法启动，已跳过 PDF 手册（.+）；修复后重新运行 npm run build/);
  assert.equal(fs.existsSync(path.join(outDir, 'pdf')), false);
  assert.equal(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'), page);
});

test('PDF_MANUALS=off skips them on purpose (the hosted-search build of npm test)', async () => {
  const {lines, outDir} = await buildWith({PDF_MANUALS: 'off'}, '/usr/bin/chromium');
  assert.deepEqual(lines, ['[pdf-manuals] PDF_MANUALS=off：本次构建不生成 PDF 手册，页面上不显示「下载 PDF 手册」。']);
  assert.equal(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'), page);
  assert.equal(manualsDisabled({PDF_MANUALS: 'OFF'}), true);
  assert.equal(manualsDisabled({PDF_MANUALS: '0'}), true);
  assert.equal(manualsDisabled({}), false);
  assert.equal(manualsDisabled({PDF_MANUALS: 'on'}), false);
});

test('the cover date is SOURCE_DATE_EPOCH when set', () => {
  assert.equal(buildDate({SOURCE_DATE_EPOCH: '1742428800'}).toISOString(), '2025-03-20T00:00:00.000Z');
  assert.ok(Math.abs(buildDate({}).getTime() - Date.now()) < 5000);
});
