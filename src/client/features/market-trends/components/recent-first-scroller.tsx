import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The heat map's sideways-scrolling region, opened at its right end: on a phone the recent years are what a
 * reader came for, and the map used to open on 2005–09 with no cue (issue 29). When it overflows, a line says
 * that earlier years are to the left.
 */
export function RecentFirstScroller({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.scrollLeft = el.scrollWidth;
    setOverflows(el.scrollWidth > el.clientWidth + 1);
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
