/**
 * The theme's MDX components (wrapped, not ejected), with Markdown tables that take keyboard
 * focus when they scroll (src/markdown/ScrollableTable.tsx).
 */
import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/markdown/ScrollableTable';

export default {
  ...MDXComponents,
  table: ScrollableTable,
};
