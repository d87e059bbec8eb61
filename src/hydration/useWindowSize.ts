/**
 * @docusaurus/theme-common's hooks/useWindowSize.js (MIT, Meta Platforms, Docusaurus 3.10) with
 * one change: the size is set in a transition. Right after hydration the hook switches from "ssr"
 * to "mobile" or "desktop", and on a phone that renders the whole mobile navbar menu; as a
 * transition React does it in short slices instead of one blocking task (see browserContext.tsx).
 * plugins/lean-bundle substitutes this file for the theme's.
 */
import {startTransition, useEffect, useState} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

type WindowSize = 'desktop' | 'mobile' | 'ssr';

// Also hard-coded in Infima's CSS: both must agree (facebook/docusaurus#9603).
const DesktopBreakpoint = 996;

function getWindowSize(desktopBreakpoint: number): WindowSize {
  if (!ExecutionEnvironment.canUseDOM) {
    throw new Error('getWindowSize() should only be called after React hydration');
  }
  return window.innerWidth > desktopBreakpoint ? 'desktop' : 'mobile';
}

/**
 * The window size as "desktop" or "mobile", or "ssr" on the server and during hydration (render
 * both variants, hidden by media query, until then).
 */
export function useWindowSize({desktopBreakpoint = DesktopBreakpoint}: {desktopBreakpoint?: number} = {}): WindowSize {
  // A constant first value, so the first render matches the server's (facebook/docusaurus#9379).
  const [windowSize, setWindowSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    const updateWindowSize = () => startTransition(() => setWindowSize(getWindowSize(desktopBreakpoint)));
    updateWindowSize();
    window.addEventListener('resize', updateWindowSize);
    return () => window.removeEventListener('resize', updateWindowSize);
  }, [desktopBreakpoint]);
  return windowSize;
}
