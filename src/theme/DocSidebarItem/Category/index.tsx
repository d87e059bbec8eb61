import React, {type KeyboardEvent, type ReactNode} from 'react';
import Category from '@theme-original/DocSidebarItem/Category';
import type {Props} from '@theme/DocSidebarItem/Category';

/**
 * A category without its own page renders as `<a role="button" aria-expanded>`: Enter toggles it
 * (a link's click), Space scrolled the page instead. Buttons answer to Space too, so make it click.
 * The extra prop reaches the link: the theme spreads the remaining props onto it.
 */
function onKeyDown(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== ' ' || e.currentTarget.getAttribute('role') !== 'button') return;
  e.preventDefault();
  if (!e.repeat) e.currentTarget.click();
}

export default function DocSidebarItemCategoryWrapper(props: Props): ReactNode {
  return <Category {...({...props, onKeyDown} as Props)} />;
}
