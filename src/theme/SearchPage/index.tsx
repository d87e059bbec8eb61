/**
 * /search, rewritten from @docusaurus/theme-search-algolia 3.10.2's SearchPage (MIT, Meta
 * Platforms) for readers (issues 23 and 24). The same query string, search client, contextual
 * filters and infinite scroll; what changed:
 * - results are grouped by page, each matching section once, with the matched text as a snippet
 *   (./groupHits.ts); highlights are <mark>, set upright (CSS), and only what was typed is marked;
 * - the count says what it counts (matching headings and paragraphs, 「查看全部 N 个结果」 in the
 *   dialog is the same number);
 * - 20 hits per request (spec §9), snippets of 10 words, 5 on screens up to 768 px;
 * - a search that fails (hosts exhausted, index unreachable, an unreadable answer) ends on the
 *   dialog's 「无法获取结果」 with a 「重试」 button, and no error escapes to the page (the helper
 *   library's unhandled "error" event is gone with the helper);
 * - everything is in one <main> landmark; the 「由 Algolia 提供」 credit only when Algolia answers.
 */
import React, {useCallback, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {liteClient} from 'algoliasearch/lite';
import Link from '@docusaurus/Link';
import {HtmlClassNameProvider, PageMetadata, useSearchQueryString} from '@docusaurus/theme-common';
import Translate, {translate} from '@docusaurus/Translate';
import {
  mergeFacetFilters,
  useAlgoliaContextualFacetFilters,
  useAlgoliaThemeConfig,
  useSearchResultUrlProcessor,
} from '@docusaurus/theme-search-algolia/client';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import {isLocalSearch, MAX_QUERY_LENGTH} from '@site/src/search/mode';
import {snippetLength} from '@site/src/theme/SearchBar/modalFixes';
import AlgoliaLogo from './AlgoliaLogo';
import {groupHits, type SearchHit} from './groupHits';
import styles from './styles.module.css';

/** Spec §9: hits per page. */
export const HITS_PER_PAGE = 20;
/** Typing pauses this long before a search is sent (as upstream). */
const TYPING_DELAY_MS = 300;

type Status = 'idle' | 'loading' | 'error';

interface Results {
  query: string;
  hits: SearchHit[];
  nbHits: number;
  /** The last page fetched (0-based), -1 before the first answer. */
  page: number;
  nbPages: number;
}

const emptyResults = (query: string): Results => ({query, hits: [], nbHits: 0, page: -1, nbPages: 0});

function pageTitle(query: string): string {
  return query
    ? translate(
        {
          id: 'theme.SearchPage.existingResultsTitle',
          message: 'Search results for "{query}"',
          description: 'The search page title for non-empty query',
        },
        {query},
      )
    : translate({
        id: 'theme.SearchPage.emptyResultsTitle',
        message: 'Search the documentation',
        description: 'The search page title for empty query',
      });
}

/** The search client and the request the dialog would send for the same query. */
function useSearch() {
  const {
    algolia: {appId, apiKey, indexName, searchParameters},
  } = useAlgoliaThemeConfig();
  const contextual = useAlgoliaContextualFacetFilters();
  const client = useMemo(() => liteClient(appId, apiKey), [appId, apiKey]);
  // The hook returns a new array on every render: key the filters by value, or every render
  // would start a new search.
  const filtersKey = JSON.stringify(mergeFacetFilters(contextual, (searchParameters?.facetFilters ?? []) as never));
  const facetFilters = useMemo(() => JSON.parse(filtersKey) as unknown, [filtersKey]);
  return useCallback(
    async (query: string, page: number): Promise<Results> => {
      const words = snippetLength();
      const {results} = await client.search({
        requests: [
          {
            indexName,
            query,
            page,
            hitsPerPage: HITS_PER_PAGE,
            facetFilters: facetFilters as never,
            attributesToRetrieve: [
              'hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4',
              'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url',
            ],
            attributesToSnippet: [`content:${words}`],
            snippetEllipsisText: '…',
            highlightPreTag: '<mark>',
            highlightPostTag: '</mark>',
          },
        ],
      });
      const result = results[0] as {hits?: unknown; nbHits?: unknown; nbPages?: unknown; page?: unknown} | undefined;
      if (!result || !Array.isArray(result.hits) || typeof result.nbHits !== 'number') {
        throw new Error('搜索服务的回答无法读取');
      }
      return {
        query,
        hits: result.hits as SearchHit[],
        nbHits: result.nbHits,
        page: Number(result.page ?? page),
        nbPages: Number(result.nbPages ?? 0),
      };
    },
    [client, indexName, facetFilters],
  );
}

function ResultList({results}: {results: Results}): ReactNode {
  const processUrl = useSearchResultUrlProcessor();
  const pages = useMemo(
    () => groupHits(results.hits.map((hit) => ({...hit, url: processUrl(hit.url)}))),
    [results.hits, processUrl],
  );
  return (
    <ol className={styles.results} data-hit-count={results.hits.length}>
      {pages.map((page) => (
        <li key={page.url}>
          <article className={styles.page}>
            {/* The product area, as the dialog groups hits (not a landmark: one per result). */}
            <p className={styles.area} data-result-area="">
              {page.area}
            </p>
            <Heading as="h2" className={styles.pageTitle}>
              {/* Highlight HTML from the search engine: the indexed text is escaped. */}
              <Link to={page.url} dangerouslySetInnerHTML={{__html: page.title}} />
            </Heading>
            {page.sections.length > 0 && (
              <ul className={styles.sections}>
                {page.sections.map((section) => (
                  <li key={section.url} className={styles.section}>
                    {section.headings.length > 0 && (
                      <Link
                        to={section.url}
                        className={styles.sectionLink}
                        dangerouslySetInnerHTML={{__html: section.headings.join(' › ')}}
                      />
                    )}
                    {section.snippets.map((html) => (
                      <p key={html} className={styles.snippet} dangerouslySetInnerHTML={{__html: html}} />
                    ))}
                  </li>
                ))}
              </ul>
            )}
          </article>
        </li>
      ))}
    </ol>
  );
}

function SearchError({onRetry}: {onRetry: () => void}): ReactNode {
  return (
    <div className={styles.error} role="alert">
      <p className={styles.errorTitle}>
        <Translate id="theme.SearchModal.errorScreen.titleText">Unable to fetch results</Translate>
      </p>
      <p>
        <Translate id="theme.SearchModal.errorScreen.helpText">You might want to check your network connection.</Translate>
      </p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        <Translate id="theme.SearchPage.retryButton" description="星联: retries a search that failed on /search">
          重试
        </Translate>
      </button>
    </div>
  );
}

function SearchPageContent(): ReactNode {
  const search = useSearch();
  const [searchQuery, setSearchQuery] = useSearchQueryString();
  const [results, setResults] = useState<Results>(() => emptyResults(searchQuery));
  const [status, setStatus] = useState<Status>('idle');
  const latest = useRef(0);
  const [loader, setLoader] = useState<HTMLDivElement | null>(null);

  /** Fetches one page of the current query; an answer for an older query or page is dropped. */
  const fetchPage = useCallback(
    (query: string, page: number) => {
      const ticket = ++latest.current;
      setStatus('loading');
      search(query, page).then(
        (answer) => {
          if (ticket !== latest.current) return;
          setResults((prev) =>
            page === 0 || prev.query !== query ? answer : {...answer, hits: [...prev.hits, ...answer.hits]},
          );
          setStatus('idle');
        },
        () => {
          if (ticket === latest.current) setStatus('error');
        },
      );
    },
    [search],
  );

  useEffect(() => {
    latest.current++;
    setResults(emptyResults(searchQuery));
    if (!searchQuery) {
      setStatus('idle');
      return undefined;
    }
    setStatus('loading');
    const timer = window.setTimeout(() => fetchPage(searchQuery, 0), TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [searchQuery, fetchPage]);

  const hasMore = status === 'idle' && results.page + 1 < results.nbPages;
  useEffect(() => {
    if (!loader || !hasMore) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) fetchPage(results.query, results.page + 1);
    });
    observer.observe(loader);
    return () => observer.disconnect();
  }, [loader, hasMore, fetchPage, results.query, results.page]);

  const retry = () => fetchPage(searchQuery, results.page + 1);
  const answered = results.page >= 0;
  const title = pageTitle(searchQuery);

  return (
    <main className="container margin-vert--lg">
      {/*
       星联: a meta description (Lighthouse SEO), and no robots meta. Upstream writes
       <meta property="robots" content="noindex, follow">, which crawlers ignore (robots is a
       `name`, not a `property`), so upstream's search page is in effect indexable. A working
       noindex would fail Lighthouse's is-crawlable audit; /search stays out of the sitemap
       (docusaurus.config.ts) and its ?q= URLs share the canonical link /search.
      */}
      <PageMetadata
        title={title}
        description={translate({
          id: 'theme.SearchPage.metaDescription',
          message: '在星联文档中心搜索 Neptune、Janus、Triton、低代码 HMI 与流程图控制软件的使用与开发文档。',
          description: '星联: the meta description of the search page',
        })}
      />
      <Heading as="h1">{title}</Heading>

      <form className={styles.form} role="search" onSubmit={(e) => e.preventDefault()}>
        <input
          type="search"
          name="q"
          className={styles.queryInput}
          placeholder={translate({
            id: 'theme.SearchPage.inputPlaceholder',
            message: 'Type your search here',
            description: 'The placeholder for search page input',
          })}
          aria-label={translate({
            id: 'theme.SearchPage.inputLabel',
            message: 'Search',
            description: 'The ARIA label for search page input',
          })}
          onChange={(e) => setSearchQuery(e.target.value)}
          value={searchQuery}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
      </form>

      <div className={styles.summary}>
        <p role="status" className={styles.count}>
          {answered && results.nbHits > 0
            ? translate(
                {
                  id: 'theme.SearchPage.matchesFound',
                  message: '共 {count} 处匹配的标题和段落',
                  description: '星联: the number of matching records (headings and paragraphs) on /search',
                },
                {count: results.nbHits},
              )
            : ''}
        </p>
        {!isLocalSearch() && (
          <div className={styles.credit}>
            <span>
              {translate({
                id: 'theme.SearchPage.algoliaLabel',
                message: 'Powered by',
                description: 'The text explain that the search powered by Algolia',
              })}
            </span>
            <Link
              to="https://www.algolia.com/"
              aria-label={translate({
                id: 'theme.SearchPage.algoliaLabel',
                message: 'Powered by Algolia',
                description: 'The description label for Algolia mention',
              })}>
              <AlgoliaLogo />
            </Link>
          </div>
        )}
      </div>

      {results.hits.length > 0 && <ResultList results={results} />}

      {status === 'error' && <SearchError onRetry={retry} />}

      {searchQuery && answered && status !== 'error' && results.nbHits === 0 && (
        <p>
          <Translate id="theme.SearchPage.noResultsText" description="The paragraph for empty search result">
            No results were found
          </Translate>
        </p>
      )}

      {status === 'loading' && !answered && (
        <div className={styles.spinner} role="status">
          <span className="sr-only">
            <Translate id="theme.SearchModal.loadingScreen.stalledText">正在搜索…</Translate>
          </span>
        </div>
      )}

      {answered && results.page + 1 < results.nbPages && status !== 'error' && (
        <div className={styles.loader} ref={setLoader}>
          <Translate id="theme.SearchPage.fetchingNewResults" description="The paragraph for fetching new search results">
            Fetching new results...
          </Translate>
        </div>
      )}
    </main>
  );
}

export default function SearchPage(): ReactNode {
  return (
    <HtmlClassNameProvider className="search-page-wrapper">
      <Layout>
        <SearchPageContent />
      </Layout>
    </HtmlClassNameProvider>
  );
}
