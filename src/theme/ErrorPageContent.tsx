/**
 * Replaces theme-classic's ErrorPageContent (shown when a page's content crashes) only to label
 * the error chain in Chinese: theme-common joins it with a hard-coded English "Cause:".
 * Shares its wording with the app-level fallback in ./Error.tsx.
 */
import React, {type ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import {ErrorBoundaryTryAgainButton} from '@docusaurus/theme-common';
import {errorChainText} from '@site/src/utils/errorChain';
import type {Props} from '@theme/Error';
import Heading from '@theme/Heading';

export default function ErrorPageContent({error, tryAgain}: Props): ReactNode {
  return (
    <main className="container margin-vert--xl">
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            <Translate id="theme.ErrorPageContent.title">This page crashed.</Translate>
          </Heading>
          <p>页面在显示时发生了错误。可以重试；如果问题持续出现，请把下面的错误信息发送到 support@example.com。</p>
          <div className="margin-vert--lg">
            <ErrorBoundaryTryAgainButton onClick={tryAgain} className="button button--primary shadow--lw" />
          </div>
          <hr />
          <p style={{whiteSpace: 'pre-wrap'}}>{errorChainText(error)}</p>
        </div>
      </div>
    </main>
  );
}
