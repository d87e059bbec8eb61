/**
 * Ejected from @docusaurus/theme-classic 3.10 (MIT, Meta Platforms) for one change: the theme
 * renders every code block a second time after hydration (`key={String(isBrowser)}`) because its
 * light and dark Prism themes put different colours in the server-rendered inline styles. This
 * site's single theme (src/prism/themes.ts) colours tokens through CSS variables, so the server's
 * markup is right in both modes and the second render — Prism tokenizing every block again in one
 * blocking task right after the page became interactive — is dropped.
 */
import React, {isValidElement, type ReactNode} from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';

/**
 * Best attempt to make the children a plain string so it is copyable. If there are React
 * elements it cannot be, and the children are returned as they are.
 */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) return children;
  // The children are now one or more plain strings.
  return Array.isArray(children) ? children.join('') : (children as string);
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  const CodeBlockComp = typeof children === 'string' ? StringContent : ElementContent;
  return <CodeBlockComp {...props}>{children as string}</CodeBlockComp>;
}
