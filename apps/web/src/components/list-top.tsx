import { useEffect, useRef } from 'react';

/**
 * Placed just above a list: when what the list shows changes (`watch`: its page, search, filters,
 * sort) and the list's top is above the viewport, it scrolls back into view, below the sticky top
 * bar. A list still in view does not move; a change of path scrolls the page itself (ScrollToTop).
 */
export function ListTop({ watch }: { watch: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const seen = useRef(watch);
  useEffect(() => {
    if (seen.current === watch) return;
    seen.current = watch;
    const el = ref.current;
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
  }, [watch]);
  return <div ref={ref} aria-hidden="true" data-testid="list-top" className="scroll-mt-20" />;
}
