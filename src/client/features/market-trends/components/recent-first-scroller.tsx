import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The heat map's sideways-scrolling region, opened at its right end: on a phone the recent years are what a
 * reader came for, and the map used to open on 2005–09 with no cue (issue 29). While it overflows, a line says
 * that earlier years are to the left — measured again whenever the region or the grid changes size (a phone
 * turned sideways, a window widened), so the cue never outlives the overflow.
 */
export function RecentFirstScroller({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.scrollLeft = el.scrollWidth;
    const measure = (): void => setOverflows(el.scrollWidth > el.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {overflows ? (
        <p className="text-sm text-muted-foreground" data-testid="earlier-years-cue">
          Showing the latest years: scroll left for earlier ones.
        </p>
      ) : null}
      <div
        ref={ref}
        className="overflow-x-auto pb-2"
        role="region"
        aria-label="Heat map (scrolls sideways)"
        tabIndex={-1}
        data-testid="heat-map-scroller"
      >
        {children}
      </div>
    </>
  );
}
