/**
 * Ejected from @docusaurus/theme-search-algolia 3.10.2 (SearchBar), because three things must
 * change and none can be reached by wrapping:
 * - local mode (no Algolia credentials, the intranet default) must not emit the
 *   `<link rel="preconnect" href="https://APPID-dsn.algolia.net">` the original always renders;
 * - local mode hands DocSearch the embedded-index client through `transformSearchClient`;
 * - the query is capped at 64 characters (DocSearch 4.7 hard-codes 512 for the input and for the
 *   selected text it turns into the initial query);
 * - Shift+Enter opens the hit in a new window (DocSearch's default opens a tab, as Ctrl+Enter does);
 * - a shortcut pressed before hydration (plugins/early-search-shortcut) opens the dialog on mount;
 * - the loading screen's text (plugins/docsearch-fixes) comes with the modal's translations;
 * - the button's accessible name holds its visible text (「搜索 CtrlK」 as axe reads the label and
 *   the two key caps, label-content-name-mismatch): DocSearch names it 「搜索 (Control+k)」.
 * Everything else follows the original.
 */
import React, {useCallback, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import {DocSearchButton} from '@docsearch/react/button';
import {useDocSearchKeyboardEvents} from '@docsearch/react/useDocSearchKeyboardEvents';
import type {DocSearchModalProps, DocSearchTransformClient} from '@docsearch/react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import {isRegexpStringMatch, useSearchLinkCreator} from '@docusaurus/theme-common';
import {
  useAlgoliaContextualFacetFilters,
  useSearchResultUrlProcessor,
  useAlgoliaAskAi,
  mergeFacetFilters,
} from '@docusaurus/theme-search-algolia/client';
import Translate, {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import translations from '@theme/SearchTranslations';
import {isLocalSearch, MAX_QUERY_LENGTH, initialQueryFromSelection} from '@site/src/search/mode';
import {lazyLocalSearchClient} from '@site/src/search/lazyClient';
import {countFor, withResultCounts} from '@site/src/search/resultCounts';
import {useModalFixes, snippetLength} from './modalFixes';

type DocSearchProps = Omit<DocSearchModalProps, 'onClose' | 'initialScrollY'> & {
  contextualSearch?: string;
  externalUrlRegex?: string;
  searchPagePath: boolean | string;
  askAi?: unknown;
  [key: string]: unknown;
};

let DocSearchModal: typeof import('@docsearch/react/modal').DocSearchModal | null = null;

function importDocSearchModalIfNeeded() {
  if (DocSearchModal) {
    return Promise.resolve();
  }
  return Promise.all([
    import('@docsearch/react/modal'),
    import('@docsearch/react/style'),
    import('./styles.css'),
  ]).then(([{DocSearchModal: Modal}]) => {
    DocSearchModal = Modal;
  });
}

/** The `window.open` features of Shift+Enter (spec §4: a new window, where Ctrl/⌘+Enter opens a tab). */
export const NEW_WINDOW_FEATURES = 'popup,noopener,noreferrer';

function useNavigator({externalUrlRegex}: Pick<DocSearchProps, 'externalUrlRegex'>) {
  const history = useHistory();
  const [navigator] = useState<DocSearchModalProps['navigator']>(() => ({
    navigate(params) {
      // Algolia results could contain URLs from other domains which cannot be served
      // through history and should navigate with window.location
      if (isRegexpStringMatch(externalUrlRegex, params.itemUrl)) {
        window.location.href = params.itemUrl;
      } else {
        history.push(params.itemUrl);
      }
    },
    navigateNewTab({itemUrl}) {
      window.open(itemUrl, '_blank', 'noopener');
    },
    navigateNewWindow({itemUrl}) {
      window.open(itemUrl, '_blank', NEW_WINDOW_FEATURES);
    },
  }));
  return navigator;
}

/**
 * The search button's accessible name: its visible text. DocSearch shows the shortcut keys only
 * once mounted (Ctrl, or ⌘ on Apple devices, then K); the shortcut itself stays in
 * aria-keyshortcuts, which DocSearch sets.
 */
function useButtonLabel(buttonText: string): string {
  const [keys, setKeys] = useState<string | null>(null);
  useEffect(() => {
    // The two <kbd>s, as their text reads without a space between them.
    setKeys(/(Mac|iPhone|iPod|iPad)/i.test(navigator.platform) ? '⌘K' : 'CtrlK');
  }, []);
  return keys ? `${buttonText} ${keys}` : buttonText;
}

type EarlySearch = {pending: boolean; listener: (event: KeyboardEvent) => void};

/** Takes over from plugins/early-search-shortcut: a press it caught opens the dialog now. */
function useEarlyShortcut(openModal: () => void) {
  useEffect(() => {
    const holder = window as unknown as {__xlEarlySearch?: EarlySearch};
    const early = holder.__xlEarlySearch;
    if (!early) return;
    document.removeEventListener('keydown', early.listener, true);
    delete holder.__xlEarlySearch;
    if (early.pending) openModal();
  }, [openModal]);
}

/** The modal's translations plus the loading screen's text (used by plugins/docsearch-fixes). */
function useModalTranslations(fromConfig: unknown) {
  return useMemo(
    () => ({
      ...((fromConfig as object | undefined) ?? translations.modal),
      loadingScreen: {
        stalledText: translate({
          id: 'theme.SearchModal.loadingScreen.stalledText',
          message: '正在搜索…',
          description: '星联: the text of the search dialog while a search has been running for 300 ms',
        }),
      },
    }),
    [fromConfig],
  );
}

type TransformSearchClient = (searchClient: DocSearchTransformClient) => DocSearchTransformClient;

function useTransformSearchClient(): TransformSearchClient {
  const {
    siteMetadata: {docusaurusVersion},
  } = useDocusaurusContext();
  return useCallback<TransformSearchClient>(
    (searchClient) => {
      if (isLocalSearch()) {
        return withResultCounts(lazyLocalSearchClient) as unknown as typeof searchClient;
      }
      searchClient.addAlgoliaAgent('docusaurus', docusaurusVersion);
      return withResultCounts(searchClient as never) as typeof searchClient;
    },
    [docusaurusVersion],
  );
}

function useTransformItems(props: Pick<DocSearchProps, 'transformItems'>) {
  const processSearchResultUrl = useSearchResultUrlProcessor();
  type Items = Parameters<NonNullable<DocSearchModalProps['transformItems']>>[0];
  const [transformItems] = useState<DocSearchModalProps['transformItems']>(() => {
    return (items: Items) =>
      props.transformItems
        ? props.transformItems(items)
        : items.map((item) => ({...item, url: processSearchResultUrl(item.url)}));
  });
  return transformItems;
}

function ResultsFooter({state, onClose}: {state: {query: string; context: {nbHits?: unknown}}; onClose: () => void}) {
  const createSearchLink = useSearchLinkCreator();
  return (
    <Link to={createSearchLink(state.query)} onClick={onClose}>
      <Translate id="theme.SearchBar.seeAll" values={{count: String(countFor(state.query) ?? state.context.nbHits ?? 0)}}>
        {'See all {count} results'}
      </Translate>
    </Link>
  );
}

function useResultsFooterComponent({closeModal}: {closeModal: () => void}) {
  return useMemo(
    () =>
      ({state}: {state: {query: string; context: {nbHits?: unknown}}}) => (
        <ResultsFooter state={state} onClose={closeModal} />
      ),
    [closeModal],
  );
}

/** The no-results screen's "请告知我们。" link: a mail to support with the query filled in. */
const getMissingResultsUrl = ({query}: {query: string}) =>
  `mailto:support@example.com?subject=${encodeURIComponent(`文档搜索没有结果：${query}`)}&body=${encodeURIComponent(
    `我搜索了「${query}」，认为应该有结果。我想找的是：`,
  )}`;

/**
 * A hit links to its page without Docusaurus' <Link> for pages of this site: <Link> prefetches the
 * route chunks of every link that scrolls into view, and the modal shows up to twenty new hits on
 * every key press, so typing a query fetched the scripts of dozens of pages nobody opened (12–25
 * KB each, more than the search itself). As <Link>, a hit preloads its page when the pointer
 * rests on it or a finger touches it (the reader is about to open it), and a plain click
 * navigates in the app; a click with a modifier key opens a tab as any link does.
 */
function Hit({hit, children}: {hit: {url: string}; children: ReactNode}) {
  const history = useHistory();
  if (!hit.url.startsWith('/') || hit.url.startsWith('//')) return <Link to={hit.url}>{children}</Link>;
  const preload = () => void window.docusaurus?.preload(hit.url);
  return (
    <a
      href={hit.url}
      onMouseEnter={preload}
      onTouchStart={preload}
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        history.push(hit.url);
      }}>
      {children}
    </a>
  );
}

function useSearchParameters({contextualSearch, ...props}: DocSearchProps) {
  const contextualSearchFacetFilters = useAlgoliaContextualFacetFilters();
  const configFacetFilters = (props.searchParameters?.facetFilters ?? []) as string[];
  const facetFilters = contextualSearch
    ? mergeFacetFilters(contextualSearchFacetFilters, configFacetFilters)
    : configFacetFilters;
  // The spec's snippet size: 10 words, 5 on screens up to 768 px (DocSearch 4.7 sends 15).
  const words = snippetLength();
  const attributesToSnippet = [1, 2, 3, 4, 5, 6].map((n) => `hierarchy.lvl${n}:${words}`).concat(`content:${words}`);
  return {attributesToSnippet, ...props.searchParameters, facetFilters};
}

/** DocSearch renders its input with maxLength 512; hold it to the spec's 64 while open. */
function useQueryLengthCap(isOpen: boolean) {
  useEffect(() => {
    if (!isOpen) return undefined;
    const cap = () => {
      const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
      if (input && input.maxLength !== MAX_QUERY_LENGTH) input.maxLength = MAX_QUERY_LENGTH;
    };
    cap();
    const observer = new MutationObserver(cap);
    observer.observe(document.body, {childList: true, subtree: true, attributes: true, attributeFilter: ['maxlength']});
    return () => observer.disconnect();
  }, [isOpen]);
}

function DocSearch({externalUrlRegex, ...props}: DocSearchProps) {
  const navigator = useNavigator({externalUrlRegex});
  const searchParameters = useSearchParameters({...props} as DocSearchProps);
  const transformItems = useTransformItems(props);
  const transformSearchClient = useTransformSearchClient();
  const searchContainer = useRef<HTMLDivElement | null>(null);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState<string | undefined>(undefined);
  const {isAskAiActive, currentPlaceholder, onAskAiToggle, extraAskAiProps} = useAlgoliaAskAi(props as never);

  const prepareSearchContainer = useCallback(() => {
    if (!searchContainer.current) {
      const divElement = document.createElement('div');
      // Styles key off this: in local mode the "Search by Algolia" logo would be untrue.
      divElement.dataset.searchMode = isLocalSearch() ? 'local' : 'hosted';
      searchContainer.current = divElement;
      document.body.insertBefore(divElement, document.body.firstChild);
    }
  }, []);

  const openModal = useCallback(() => {
    prepareSearchContainer();
    // Start fetching the embedded index while the reader types the first characters.
    if (isLocalSearch()) void lazyLocalSearchClient.preload();
    // A selection of up to 64 characters becomes the initial query (unless a key was typed).
    setInitialQuery((typed) => typed ?? initialQueryFromSelection(window.getSelection()?.toString() ?? ''));
    importDocSearchModalIfNeeded().then(() => setIsOpen(true));
  }, [prepareSearchContainer]);

  const closeModal = useCallback(() => {
    setIsOpen(false);
    searchButtonRef.current?.focus();
    setInitialQuery(undefined);
    onAskAiToggle(false);
  }, [onAskAiToggle]);

  const handleInput = useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'f' && (event.metaKey || event.ctrlKey)) {
        return; // the browser's own find
      }
      event.preventDefault(); // prevents duplicate key insertion in the modal input
      setInitialQuery(event.key);
      openModal();
    },
    [openModal],
  );

  const resultsFooterComponent = useResultsFooterComponent({closeModal});
  const buttonTranslations = (props.translations as {button?: {buttonText?: string}})?.button ?? translations.button;
  const buttonLabel = useButtonLabel(buttonTranslations?.buttonText ?? '搜索');
  const modalTranslations = useModalTranslations((props.translations as {modal?: unknown})?.modal);
  useEarlyShortcut(openModal);
  useQueryLengthCap(isOpen);
  useModalFixes(isOpen);

  useDocSearchKeyboardEvents({
    isOpen,
    onOpen: openModal,
    onClose: closeModal,
    onInput: handleInput,
    searchButtonRef,
    isAskAiActive: isAskAiActive ?? false,
    onAskAiToggle: onAskAiToggle ?? (() => {}),
  } as Parameters<typeof useDocSearchKeyboardEvents>[0]);

  const Modal = DocSearchModal as unknown as React.ComponentType<Record<string, unknown>>;
  return (
    <>
      {!isLocalSearch() && (
        <Head>
          {/* Lets the browser open the connection to the Algolia cluster early (hosted mode only). */}
          <link rel="preconnect" href={`https://${props.appId}-dsn.algolia.net`} crossOrigin="anonymous" />
        </Head>
      )}

      <DocSearchButton
        aria-label={buttonLabel}
        onTouchStart={importDocSearchModalIfNeeded}
        onFocus={importDocSearchModalIfNeeded}
        onMouseOver={importDocSearchModalIfNeeded}
        onClick={openModal}
        ref={searchButtonRef}
        translations={buttonTranslations as never}
      />

      {isOpen &&
        DocSearchModal &&
        searchContainer.current &&
        createPortal(
          <Modal
            onClose={closeModal}
            initialScrollY={window.scrollY}
            initialQuery={initialQuery}
            navigator={navigator}
            transformItems={transformItems}
            hitComponent={Hit}
            transformSearchClient={transformSearchClient}
            {...(props.searchPagePath && {resultsFooterComponent})}
            getMissingResultsUrl={getMissingResultsUrl}
            placeholder={currentPlaceholder}
            {...props}
            translations={modalTranslations}
            searchParameters={searchParameters}
            {...extraAskAiProps}
          />,
          searchContainer.current,
        )}
    </>
  );
}

export default function SearchBar(props: Partial<DocSearchProps>): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const docSearchProps = {
    ...(siteConfig.themeConfig.algolia as DocSearchProps),
    // Let props override theme config
    ...props,
  } as DocSearchProps;
  return <DocSearch {...docSearchProps} />;
}
