/**
 * Ejected from @docusaurus/theme-classic 3.10 (MIT, Meta Platforms) for one change: each line is a
 * `<span>` shown as a block instead of a `<div>`. A `<div>` is not allowed inside `<code>` (W3C Nu
 * Html Checker: 「Element div not allowed as child of element code」, once per code line of the
 * site); rendering, selection and copying are unchanged.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import LineToken from '@theme/CodeBlock/Line/Token';
import type {Props} from '@theme/CodeBlock/Line';
import styles from './styles.module.css';

type Line = Props['line'];

/**
 * A line holding only '\n' becomes '' so the <br/> below does not double it (an empty line must
 * keep its height; see facebook/docusaurus#11565).
 */
function fixLineBreak(line: Line): Line {
  const single = line.length === 1 && line[0].content === '\n' ? line[0] : undefined;
  return single ? [{...single, content: ''}] : line;
}

export default function CodeBlockLine({
  line: lineProp,
  classNames,
  showLineNumbers,
  getLineProps,
  getTokenProps,
}: Props): ReactNode {
  const line = fixLineBreak(lineProp);
  const lineProps = getLineProps({
    line,
    className: clsx(classNames, styles.line, showLineNumbers && styles.codeLine),
  });
  const lineTokens = line.map((token, key) => {
    const tokenProps = getTokenProps({token});
    return (
      <LineToken key={key} {...tokenProps} line={line} token={token}>
        {tokenProps.children}
      </LineToken>
    );
  });
  return (
    <span {...lineProps}>
      {showLineNumbers ? (
        <>
          <span className={styles.codeLineNumber} />
          <span className={styles.codeLineContent}>{lineTokens}</span>
        </>
      ) : (
        lineTokens
      )}
      <br />
    </span>
  );
}
