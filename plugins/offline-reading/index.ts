import fs from 'node:fs/promises';
import path from 'node:path';
import {createHash} from 'node:crypto';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {PluginOptions as PwaOptions} from '@docusaurus/plugin-pwa';
import pluginPwa from '@docusaurus/plugin-pwa/lib/index.js';
import {searchIndexWritten} from '../local-search/indexPath';

export interface OfflineReadingOptions {
  /** The embedded search index's entry file (build-relative), kept offline too; absent with hosted Algolia. */
  searchIndexPath?: string;
}

/** The offline bundle of the search index's parts: one download instead of hundreds. */
export const isSearchBundle = (file: string): boolean => /^search\/[0-9a-f]+\/all\.json$/.test(file);

const PLACEHOLDER = /(["'`])__XL_OFFLINE_ESSENTIALS__\1/g;

/**
 * Offline reading for the shop floor: @docusaurus/plugin-pwa (service worker, web app manifest,
 * Docusaurus' offline mode once installed) plus sw-offline-reading.js, which keeps visited pages,
 * the site's JS/CSS and the search index (entry file, shards and fragments) for every reader. After the PWA plugin has written
 * build/sw.js, the list of those files is written into it, so the worker matches its build.
 */
export default function offlineReading(context: LoadContext, options: OfflineReadingOptions): Plugin | null {
  const {searchIndexPath} = options;
  /** The search index's files, once plugins/local-search has written them (none when hosted). */
  const searchFiles = (outDir: string) => (searchIndexPath ? searchIndexWritten.wait(outDir) : Promise.resolve([]));
  const pwaOptions: PwaOptions = {
    debug: false,
    offlineModeActivationStrategies: ['appInstalled', 'standalone', 'queryString'],
    injectManifestConfig: {
      // The index is written by a concurrent postBuild step (a glob could see half of it), and
      // its hundreds of parts would swell sw.js: the installed app, too, gets them from the
      // offline bundle that sw-offline-reading.js downloads and unpacks. The PDF manuals and the
      // Markdown copies (plugins/pdf-manuals, plugins/llms-txt) are for taking away, not for
      // reading offline in the browser: never precached.
      globIgnores: ['**/node_modules/**/*', 'search-index.*.json', 'search/**', 'pdf/**', 'llms*.txt', 'docs/**/*.md'],
    } as PwaOptions['injectManifestConfig'], // swSrc, swDest and globDirectory are the PWA plugin's own
    pwaHead: [
      {tagName: 'link', rel: 'manifest', href: 'manifest.json'},
      {tagName: 'meta', name: 'theme-color', content: '#0b5cad'},
      {tagName: 'link', rel: 'apple-touch-icon', href: 'img/apple-touch-icon.png'},
    ],
    swCustom: path.join(__dirname, 'sw-offline-reading.js'),
    swRegister: path.join(__dirname, 'registerWhenIdle.ts'),
  };
  // Typed Plugin<void> upstream; widened so it composes with the config's Plugin<unknown>.
  const pwa = pluginPwa(context, pwaOptions) as Plugin | null;
  if (!pwa) return null; // `docusaurus start`: no service worker in development.

  // The PWA plugin names its theme folder relative to its own module; this plugin lives elsewhere.
  const pwaRoot = path.dirname(require.resolve('@docusaurus/plugin-pwa/package.json'));
  return {
    ...pwa,
    name: 'offline-reading',
    getThemePath: () => path.join(pwaRoot, 'lib/theme'),
    getTypeScriptThemePath: () => path.join(pwaRoot, 'src/theme'),
    getClientModules() {
      return [...(pwa.getClientModules?.() ?? []), path.join(__dirname, 'client.ts')];
    },
    async postBuild(props) {
      await pwa.postBuild!(props);
      const essentials = await listEssentials(props.outDir, await searchFiles(props.outDir));
      await writeEssentials(props.outDir, essentials, context.baseUrl);
    },
  };
}

/**
 * Every JS and CSS file of the build (content-hashed names), the search index's entry file and the
 * bundle of its parts (the worker unpacks it into the parts), sorted.
 */
export async function listEssentials(outDir: string, searchFiles: string[] = []): Promise<string[]> {
  const files = await fs.readdir(path.join(outDir, 'assets'), {recursive: true});
  const assets = files
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => `assets/${file.split(path.sep).join('/')}`);
  const search = searchFiles.filter((file) => /^search-index\./.test(file) || isSearchBundle(file));
  return [...assets, ...search].sort();
}

/**
 * Writes the list into the compiled worker code. Depending on the bundler the custom code is
 * inlined in sw.js or split into a chunk beside it (rspack: N.sw.js, loaded by importScripts).
 */
export async function writeEssentials(outDir: string, essentials: string[], baseUrl: string): Promise<string> {
  const urls = essentials.map((file) => `${baseUrl}${file}`);
  const version = createHash('sha256').update(urls.join('\n')).digest('hex').slice(0, 12);
  const literal = JSON.stringify(JSON.stringify({version, urls}));
  const workerFiles = (await fs.readdir(outDir)).filter((file) => /^(\w+\.)?sw\.js$/.test(file));
  const withPlaceholder = [];
  for (const file of workerFiles) {
    const source = await fs.readFile(path.join(outDir, file), 'utf8');
    const found = source.match(PLACEHOLDER)?.length ?? 0;
    if (found === 0) continue;
    withPlaceholder.push(file);
    await fs.writeFile(path.join(outDir, file), source.replace(PLACEHOLDER, () => literal));
  }
  if (withPlaceholder.length !== 1) {
    throw new Error(`offline-reading: expected the essentials placeholder in one worker file, found it in ${withPlaceholder.length} (${workerFiles.join(', ')})`);
  }
  return withPlaceholder[0];
}
