import React, {useEffect, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Layout from '@theme/Layout';

export const docsMainPage = '/docs/neptune/user/introduction';

export default function DocsRootRedirect(): ReactNode {
  const history = useHistory();
  const target = useBaseUrl(docsMainPage);
  const isBrowser = useIsBrowser();
  useEffect(() => {
    history.replace(target);
  }, [history, target]);
  return (
    <Layout title="文档首页" description="星联文档中心的文档首页，跳转到 Neptune 工业云平台介绍。">
      <Head>
        {/* For the static HTML only: in the browser the router redirects without a reload. */}
        {!isBrowser && <meta httpEquiv="refresh" content={`0; url=${target}`} />}
        <link rel="canonical" href={`https://docs.example.com${target}`} />
        <meta name="robots" content="noindex" />
      </Head>
      <main className="container margin-vert--xl">
        <h1>正在前往文档首页</h1>
        <p>
          如果页面没有自动跳转，请打开 <Link to={target}>Neptune 工业云平台介绍</Link>。
        </p>
      </main>
    </Layout>
  );
}
