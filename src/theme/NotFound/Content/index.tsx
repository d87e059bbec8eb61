import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof ContentType>;

/** Adds a way out of the 404 page: home, the docs main page, search, and support. */
export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <Content {...props} />
      <div className="container margin-bottom--xl">
        <div className="row">
          <div className="col col--6 col--offset-3">
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
      </div>
    </>
  );
}
