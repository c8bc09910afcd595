import { useEffect, useRef, type RefObject } from 'react';

// Keyboard rules every overlay and menu shares (issue 13): Escape closes it from anywhere on the page, and
// focus goes back to what opened it. A modal overlay also keeps Tab inside itself.

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** The element to give focus back to: the one focused when an overlay opened (null if that was <body>). */
export function currentOpener(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** Focuses `element` if it is still on the page; says whether it did. */
export function returnFocus(element: HTMLElement | null): boolean {
  if (!element?.isConnected) return false;
  element.focus();
  return true;
}

/** While `isOpen`, Escape anywhere on the page calls `onClose` (a menu or panel that is not modal). */
export function useEscapeToClose(isOpen: boolean, onClose: () => void): void {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);
}

/**
 * A modal overlay drawn without Radix (the search progress overlay): focus moves into it when it mounts,
 * Tab and Shift+Tab cycle inside it, Escape calls `onEscape` (if given), and when it unmounts focus goes
 * back to the element that had it before.
 */
export function useModalFocus(ref: RefObject<HTMLElement | null>, onEscape?: () => void): void {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  });
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const opener = currentOpener();
    const focusables = () => [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
    (focusables()[0] ?? node).focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (!onEscapeRef.current) return;
        event.preventDefault();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items.at(-1);
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        node.focus();
      } else if (!node.contains(active)) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      returnFocus(opener);
    };
  }, [ref]);
}
