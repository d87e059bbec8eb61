/**
 * The app root (an empty swizzle of @theme/Root, which renders its children): replaces an address
 * ending in `.html` or `/index.html` with the normalised one, keeping the query and the hash.
 */
import React, {useEffect, type ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import {withoutHtmlSuffix} from '@site/src/routing/htmlSuffix';

function NormaliseHtmlSuffix(): null {
  const location = useLocation();
  const history = useHistory();
  useEffect(() => {
    const pathname = withoutHtmlSuffix(location.pathname);
    if (pathname !== location.pathname) history.replace({...location, pathname});
  }, [location, history]);
  return null;
}

export default function Root({children}: {children: ReactNode}): ReactNode {
  return (
    <>
      <NormaliseHtmlSuffix />
      {children}
    </>
  );
}
