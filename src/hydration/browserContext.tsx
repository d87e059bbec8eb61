/**
 * @docusaurus/core's client/browserContext.js (MIT, Meta Platforms, Docusaurus 3.10) with one
 * change: `isBrowser` becomes true in a transition. Everything that reads useIsBrowser() renders
 * again once the page has hydrated; as a plain update that render ran in one blocking task
 * (85 ms on a phone-class CPU, mobile navbar included), as a transition React splits it into
 * 5 ms slices that let taps and keys through. plugins/lean-bundle substitutes this file for the
 * core's.
 */
import React, {startTransition, useEffect, useState, type ReactNode} from 'react';

export const Context = React.createContext(false);

export function BrowserContextProvider({children}: {children: ReactNode}): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => {
    startTransition(() => setIsBrowser(true));
  }, []);
  return <Context.Provider value={isBrowser}>{children}</Context.Provider>;
}
