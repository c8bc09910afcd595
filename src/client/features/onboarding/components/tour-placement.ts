import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

// Where the tour card goes: beside the element its step is about (issue 29: the card sat in a corner and
// pointed at nothing). The first visible element matching one of the step's selectors is the target; the
// card goes below it when there is room, else above, with an arrow at the target's centre. With no target
// on the page (the tour replayed from Help, say), the card docks at the bottom and points at nothing.

export type Rect = { top: number; left: number; width: number; height: number };
export type Placement = {
  target: Rect | null;
  card: { top: number; left: number; width: number };
  /** Where the arrow sits: the card's edge facing the target, and its x inside the card. */
  arrow: { side: 'top' | 'bottom'; x: number } | null;
};

const GAP = 12;
const MARGIN = 8;
const CARD_MAX_WIDTH = 384;

function visibleTarget(selectors: readonly string[]): Element | null {
  for (const selector of selectors) {
    for (const el of document.querySelectorAll(selector)) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden') return el;
    }
  }
  return null;
}

/** Pure: the card's place for a target rect, a card height and the viewport. */
export function placeCard(target: Rect | null, cardHeight: number, viewport: { width: number; height: number }) {
  const width = Math.min(CARD_MAX_WIDTH, viewport.width - 2 * MARGIN);
  if (!target) {
    return {
      target: null,
      card: { top: viewport.height - cardHeight - MARGIN, left: viewport.width - width - MARGIN, width },
      arrow: null,
    } satisfies Placement;
  }
  const below = target.top + target.height + GAP;
  const fitsBelow = below + cardHeight <= viewport.height - MARGIN;
  const top = fitsBelow ? below : Math.max(MARGIN, target.top - GAP - cardHeight);
  const centre = target.left + target.width / 2;
  const left = Math.min(Math.max(MARGIN, centre - width / 2), viewport.width - width - MARGIN);
  const x = Math.min(Math.max(16, centre - left), width - 16);
  return {
    target,
    card: { top, left, width },
    arrow: { side: fitsBelow ? 'top' : 'bottom', x },
  } satisfies Placement;
}

/** Follows the step's target through scrolling and resizing; scrolls it into view once when the step opens. */
export function useTourPlacement(
  selectors: readonly string[] | null,
  card: RefObject<HTMLElement | null>,
): Placement | null {
  const [placement, setPlacement] = useState<Placement | null>(null);
  const key = selectors?.join('|') ?? '';

  useEffect(() => {
    if (!selectors) return;
    const el = visibleTarget(selectors);
    if (!el) return;
    const r = el.getBoundingClientRect();
    if (r.top < 64 || r.bottom > window.innerHeight) el.scrollIntoView({ block: 'center' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the selectors are compared by `key`
  }, [key]);

  useLayoutEffect(() => {
    if (!selectors) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const el = visibleTarget(selectors);
        const r = el?.getBoundingClientRect();
        const rect = r ? { top: r.top, left: r.left, width: r.width, height: r.height } : null;
        const height = card.current?.offsetHeight ?? 220;
        setPlacement(placeCard(rect, height, { width: window.innerWidth, height: window.innerHeight }));
      });
    };
    update();
    window.addEventListener('scroll', update, { passive: true, capture: true });
    window.addEventListener('resize', update);
    // The card's own height changes with each step's text.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    if (card.current) observer?.observe(card.current);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update, { capture: true });
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the selectors are compared by `key`
  }, [key, card]);

  return selectors ? placement : null;
}
