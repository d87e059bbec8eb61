/**
 * Replaces theme-classic's 404 content (not wrapped: the way-out links must sit inside the same
 * <main> landmark as the message). Texts come from the zh-Hans translations, as in the original.
 * It also sets the page title: under /docs an unknown path renders this content without the
 * NotFound page around it, and the tab read only 「星联文档中心」.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate, {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';
import type {Props} from '@theme/NotFound/Content';
import Heading from '@theme/Heading';

export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <PageMetadata title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})} />
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            <Translate id="theme.NotFound.title">Page Not Found</Translate>
          </Heading>
          <p>
            <Translate id="theme.NotFound.p1">We could not find what you were looking for.</Translate>
          </p>
          <p>
            <Translate id="theme.NotFound.p2">
              Please contact the owner of the site that linked you to the original URL and let them know their link is
              broken.
            </Translate>
          </p>
          <ul>
            <li>
              <Link to="/">返回首页</Link>
            </li>
            <li>
              <Link to="/docs/neptune/user/introduction">浏览文档首页</Link>
            </li>
            <li>
              <Link to="/search">搜索文档</Link>
            </li>
            <li>
              如果你认为这是本站的错误，请写信到 <a href="mailto:support@example.com">support@example.com</a>。
            </li>
          </ul>
        </div>
      </div>
    </main>
  );
}
