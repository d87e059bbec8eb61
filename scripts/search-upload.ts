/**
 * npm run search:upload — pushes the same records that feed the embedded index to a hosted
 * Algolia index, with the settings a DocSearch crawler would give it, the project's question
 * words as optional words and its synonyms (src/search/synonyms.ts), so hosted search answers
 * reader questions as the embedded engine does. Reads the built site (run `npm run build` first)
 * and ALGOLIA_APP_ID, ALGOLIA_ADMIN_API_KEY, ALGOLIA_INDEX_NAME.
 */
import path from 'node:path';
import {algoliasearch} from 'algoliasearch';
import {buildSearchIndex, routesInBuild} from '../plugins/local-search/buildIndex';
import {loadSplitIndex} from '../src/search/indexFile';
import {QUESTION_WORDS} from '../src/search/questionWords';
import {SYNONYMS, type Synonym} from '../src/search/synonyms';
import type {SearchRecord} from '../src/search/types';

/** The index settings the DocSearch crawler applies to a Docusaurus site. */
export const docsearchSettings = {
  searchableAttributes: [
    'unordered(hierarchy.lvl0)',
    'unordered(hierarchy.lvl1)',
    'unordered(hierarchy.lvl2)',
    'unordered(hierarchy.lvl3)',
    'unordered(hierarchy.lvl4)',
    'unordered(hierarchy.lvl5)',
    'unordered(hierarchy.lvl6)',
    'content',
  ],
  attributesForFaceting: ['type', 'language', 'docusaurus_tag'],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
  camelCaseAttributes: ['hierarchy', 'content'],
  minWordSizefor1Typo: 3,
  minWordSizefor2Typos: 7,
  allowTyposOnNumericTokens: false,
  minProximity: 1,
  ignorePlurals: true,
  advancedSyntax: true,
  attributeCriteriaComputedByMinProximity: true,
  removeWordsIfNoResults: 'allOptional' as const,
  // Question words (怎么、如何、吗 …) are dropped by the embedded engine; Algolia makes them optional.
  optionalWords: QUESTION_WORDS,
  distinct: true,
  attributeForDistinct: 'url',
  indexLanguages: ['zh'],
  queryLanguages: ['zh', 'en'],
  highlightPreTag: '<span class="algolia-docsearch-suggestion--highlight">',
  highlightPostTag: '</span>',
};

/** Algolia's synonym objects for the project's synonyms; the object IDs name the entry's first word. */
export type AlgoliaSynonym = Synonym & {objectID: string};

export function algoliaSynonyms(entries: Synonym[] = SYNONYMS): AlgoliaSynonym[] {
  return entries.map((entry) => ({
    objectID: entry.type === 'synonym' ? `synonym-${entry.synonyms[0]}` : `oneway-${entry.input}`,
    ...entry,
  }));
}

interface UploadClient {
  setSettings(args: {indexName: string; indexSettings: typeof docsearchSettings}): Promise<unknown>;
  replaceAllObjects(args: {indexName: string; objects: Record<string, unknown>[]}): Promise<unknown>;
  saveSynonyms(args: {indexName: string; synonymHit: AlgoliaSynonym[]; replaceExistingSynonyms: boolean}): Promise<unknown>;
}

export async function uploadRecords(client: UploadClient, indexName: string, records: SearchRecord[]) {
  await client.replaceAllObjects({indexName, objects: records as unknown as Record<string, unknown>[]});
  await client.setSettings({indexName, indexSettings: docsearchSettings});
  // The whole list each time: synonyms removed from the file disappear from the index too.
  const synonyms = algoliaSynonyms();
  await client.saveSynonyms({indexName, synonymHit: synonyms, replaceExistingSynonyms: true});
  return {indexName, records: records.length, synonyms: synonyms.length};
}

export function readCredentials(env: NodeJS.ProcessEnv) {
  const missing = ['ALGOLIA_APP_ID', 'ALGOLIA_ADMIN_API_KEY', 'ALGOLIA_INDEX_NAME'].filter((k) => !env[k]);
  if (missing.length) {
    throw new Error(`缺少环境变量：${missing.join('、')}。上传需要 Algolia 应用 ID、管理员密钥（Admin API Key）和索引名。`);
  }
  return {appId: env.ALGOLIA_APP_ID!, adminKey: env.ALGOLIA_ADMIN_API_KEY!, indexName: env.ALGOLIA_INDEX_NAME!};
}

async function main() {
  const {appId, adminKey, indexName} = readCredentials(process.env);
  const outDir = path.resolve('build');
  const routesPaths = await routesInBuild(outDir);
  if (routesPaths.length === 0) throw new Error('build/ 中没有页面，请先运行 npm run build。');
  // The records exactly as the embedded index serves them (same objectIDs).
  const {files} = await buildSearchIndex({outDir, routesPaths, siteUrl: 'https://docs.example.com'});
  const records = loadSplitIndex(files).allRecords();
  const result = await uploadRecords(algoliasearch(appId, adminKey) as unknown as UploadClient, indexName, records);
  console.log(`已上传 ${result.records} 条记录和 ${result.synonyms} 组同义词到 Algolia 索引 ${result.indexName}。`);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(`上传失败：${error.message}`);
    process.exit(1);
  });
}
