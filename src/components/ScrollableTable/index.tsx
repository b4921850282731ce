/**
 * A Markdown table that a keyboard can scroll. Infima makes `.markdown table` a block that scrolls
 * sideways when it is wider than the column; a region that scrolls must be focusable, or keyboard
 * readers cannot reach its hidden columns (WCAG 2.1.1; axe `scrollable-region-focusable`). The
 * table joins the Tab order only while it actually overflows, so narrow tables add no tab stop.
 */
import React, {useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';

export default function ScrollableTable(props: ComponentProps<'table'>): ReactNode {
  const ref = useRef<HTMLTableElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const table = ref.current;
    if (!table) return undefined;
    // A table the reader cannot see (inside a shut disclosure, as a folded reference table on a
    // phone) cannot scroll either; reading its scroll size would make the browser lay out what it
    // had skipped, again at every read. The observer measures it when it is opened.
    const measure = () => setOverflows(table.checkVisibility() && table.scrollWidth > table.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    return () => observer.disconnect();
  }, []);
  return <table {...props} ref={ref} tabIndex={overflows ? 0 : undefined} />;
}
