/**
 * Replaces the core fallback `@theme/Error`, whose texts ("This page crashed", "Try again",
 * "Page Error") are hard-coded English and cannot be translated through code.json.
 * Same structure as the original: the layout is rendered inside its own error boundary, and
 * the bare message is the fallback if the layout itself throws.
 */
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import type {Props} from '@theme/Error';
import Layout from '@theme/Layout';
import {RouteContextProvider} from '@docusaurus/core/lib/client/routeContext';
import {errorChainText} from '@site/src/utils/errorChain';

function ErrorDisplay({error, tryAgain}: Props): ReactNode {
  const chain = errorChainText(error);
  return (
    <main className="container margin-vert--xl" role="alert">
      <h1>页面已崩溃。</h1>
      <p>页面在显示时发生了错误。可以重试；如果问题持续出现，请把下面的错误信息发送到 support@example.com。</p>
      <button type="button" className="button button--primary" onClick={tryAgain}>
        重试
      </button>
      <pre style={{whiteSpace: 'pre-wrap', marginTop: '1rem'}}>{chain}</pre>
    </main>
  );
}

export default function Error({error, tryAgain}: Props): ReactNode {
  return (
    <RouteContextProvider value={{plugin: {name: 'docusaurus-core-error-boundary', id: 'default'}}}>
      <ErrorBoundary fallback={() => <ErrorDisplay error={error} tryAgain={tryAgain} />}>
        <Head>
          <title>页面错误</title>
        </Head>
        <Layout>
          <ErrorDisplay error={error} tryAgain={tryAgain} />
        </Layout>
      </ErrorBoundary>
    </RouteContextProvider>
  );
}
