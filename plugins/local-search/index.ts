import type {LoadContext, Plugin} from '@docusaurus/types';
import {BuildCache} from '../../src/utils/buildCache';
import type {SearchRecord} from '../../src/search/types';
import type {TextTokens} from '../../src/search/invertedIndex';
import {buildSearchIndex, writeSearchIndex} from './buildIndex';
import {IndexWorkers} from './indexWorkers';
import {searchIndexPath, searchIndexWritten} from './indexPath';

export interface LocalSearchGlobalData {
  indexPath: string;
}

/**
 * The embedded search backend (the default, and what factory intranets use). At build time it
 * reads every built page, extracts DocSearch-shaped records and writes the split index (an entry
 * file, term shards and display fragments, see src/search/splitFormat.ts); in the browser the
 * search client answers from it (see plugins/search-client and src/search), so the DocSearch
 * modal and the /search page work unchanged without network or credentials.
 */
export default function localSearchPlugin(context: LoadContext): Plugin {
  const indexPath = searchIndexPath;

  return {
    name: 'local-search',

    async contentLoaded({actions}) {
      actions.setGlobalData({indexPath} satisfies LocalSearchGlobalData);
    },

    async postBuild({outDir, routesPaths, siteConfig}) {
      const started = performance.now();
      const written = (async () => {
        const code = ['src/search', 'src/data'];
        const cache = new BuildCache<SearchRecord[]>({siteDir: context.siteDir, name: 'local-search-records', code});
        const tokenCache = new BuildCache<TextTokens>({siteDir: context.siteDir, name: 'local-search-tokens', code});
        const workers = new IndexWorkers();
        try {
          const {files, staged, stats} = await buildSearchIndex({outDir, routesPaths, siteUrl: siteConfig.url, cache, tokenCache, workers, writeTo: outDir});
          cache.save();
          tokenCache.save();
          const paths = await writeSearchIndex(outDir, indexPath, files, {workers, staged});
          const bytes = [...files.parts].reduce((n, [name, json]) => (name === files.entry.bundle ? n : n + json.length), 0);
          const ms = Math.round(performance.now() - started);
          console.log(
            `[local-search] ${stats.pages} 个页面（${cache.misses} 个重新提取），${stats.records} 条记录，索引 ${(bytes / 1024).toFixed(0)} KB（${files.entry.shards} 个分片，` +
              `${paths.filter((p) => /\/f\d+\.json$/.test(p)).length} 个内容片段），用时 ${ms} ms → /${indexPath}、/${files.entry.dir}`,
          );
          return paths;
        } finally {
          await workers.close();
        }
      })();
      searchIndexWritten.resolve(outDir, written);
      await written;
    },
  };
}
