import type {LoadContext, Plugin} from '@docusaurus/types';
import {docsForManuals, type DocsForManuals} from '../../src/manuals/fromDocs';
import {BuildCache} from '../../src/utils/buildCache';
import {writeLlmsFiles} from './write';

/**
 * The site in Markdown for AI assistants (llmstxt.org): build/llms.txt, build/llms-full.txt and a
 * clean Markdown copy of every doc page at /docs/<id>.md, made from the Markdown sources in the
 * reading order of the manuals (src/manuals). Builds only; `docusaurus start` skips it.
 */
export default function llmsTxt(context: LoadContext): Plugin {
  let loaded: DocsForManuals | undefined;
  return {
    name: 'llms-txt',

    async allContentLoaded({allContent}) {
      if (process.env.NODE_ENV === 'production') loaded = await docsForManuals(allContent, context.siteDir);
    },

    async postBuild({outDir, siteConfig}) {
      if (!loaded) return;
      const started = performance.now();
      const cache = new BuildCache<string>({siteDir: context.siteDir, name: 'llms-txt', code: ['plugins/llms-txt/markdown.ts']});
      const result = await writeLlmsFiles({outDir, siteUrl: siteConfig.url, siteTitle: siteConfig.title, ...loaded, cache});
      cache.save();
      console.log(
        `[llms-txt] llms.txt（${loaded.plans.length} 个产品、${result.pages} 个页面）、llms-full.txt（${Math.round(result.fullBytes / 1024)} KB）` +
          `和 ${result.pages} 个 Markdown 副本 /docs/<id>.md（${cache.misses} 个重新转换），用时 ${Math.round(performance.now() - started)} ms`,
      );
    },
  };
}
