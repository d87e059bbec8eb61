/**
 * A Markdown table. Tables scroll sideways in their own box when they are wider than the article
 * (src/css/custom.css, 「Tables」); such a table takes keyboard focus, so that a keyboard reader
 * can scroll it with the arrow keys (axe scrollable-region-focusable). A table that fits is no
 * Tab stop.
 */
import React, {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';

export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  const ref = useRef<HTMLTableElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const table = ref.current;
    if (!table || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => setScrolls(table.scrollWidth > table.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    return () => observer.disconnect();
  }, []);
  return <table {...props} ref={ref} tabIndex={scrolls ? 0 : undefined} />;
}
