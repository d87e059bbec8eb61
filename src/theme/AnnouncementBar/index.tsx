import React, {useEffect, type ReactNode} from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof AnnouncementBarType>;

/**
 * The theme's early inline script marks the bar as dismissed from the stored flag alone, before
 * React compares the stored announcement id; a CSS rule then keeps a *new* announcement hidden
 * for readers who closed an older one. Once React has decided the bar is active, clear the mark.
 */
export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
