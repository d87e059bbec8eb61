/**
 * Ejected from @docusaurus/theme-classic 3.10 (MIT, Meta Platforms) for two changes:
 * - the bar was a second `role="banner"` landmark beside the navbar's header (axe
 *   landmark-no-duplicate-banner); it is a labelled region 「网站公告」 instead;
 * - the theme's early inline script marks the bar as dismissed from the stored flag alone, before
 *   React compares the stored announcement id; a CSS rule then keeps a *new* announcement hidden
 *   for readers who closed an older one. Once React has decided the bar is active, clear the mark.
 * Colours are in src/css/custom.css (the config sets none, so no inline style overrides them).
 */
import React, {useEffect, type ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames, useThemeConfig} from '@docusaurus/theme-common';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import AnnouncementBarCloseButton from '@theme/AnnouncementBar/CloseButton';
import AnnouncementBarContent from '@theme/AnnouncementBar/Content';
import styles from './styles.module.css';

export default function AnnouncementBar(): ReactNode {
  const {announcementBar} = useThemeConfig();
  const {isActive, close} = useAnnouncementBar();
  useEffect(() => {
    if (isActive) document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
  }, [isActive]);
  if (!isActive || !announcementBar) {
    return null;
  }
  const {backgroundColor, textColor, isCloseable} = announcementBar;
  return (
    <div
      className={clsx(ThemeClassNames.announcementBar.container, styles.announcementBar)}
      style={{backgroundColor, color: textColor}}
      role="region"
      aria-label="网站公告">
      {isCloseable && <div className={styles.announcementBarPlaceholder} />}
      <AnnouncementBarContent className={styles.announcementBarContent} />
      {isCloseable && <AnnouncementBarCloseButton onClick={close} className={styles.announcementBarClose} />}
    </div>
  );
}
