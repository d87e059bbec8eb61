import fs from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {buildSearchIndex} from './buildIndex';
import {searchIndexPath} from './indexPath';

export interface LocalSearchGlobalData {
  indexPath: string;
}

/**
 * The embedded search backend (the default, and what factory intranets use). At build time it
 * reads every built page, extracts DocSearch-shaped records and writes one index file; in the
 * browser the search client answers from that file (see plugins/search-client and src/search),
 * so the DocSearch modal and the /search page work unchanged without network or credentials.
 */
export default function localSearchPlugin(_context: LoadContext): Plugin {
  const indexPath = searchIndexPath;

  return {
    name: 'local-search',

    async contentLoaded({actions}) {
      actions.setGlobalData({indexPath} satisfies LocalSearchGlobalData);
    },

    async postBuild({outDir, routesPaths, siteConfig}) {
      const started = performance.now();
      const {file, stats} = await buildSearchIndex({outDir, routesPaths, siteUrl: siteConfig.url});
      const json = JSON.stringify(file);
      await fs.writeFile(path.join(outDir, indexPath), json);
      const ms = Math.round(performance.now() - started);
      console.log(
        `[local-search] ${stats.pages} 个页面，${stats.records} 条记录，索引 ${(json.length / 1024).toFixed(0)} KB，用时 ${ms} ms → /${indexPath}`,
      );
    },
  };
}

