import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { TOUR_STEP_COUNT } from '#shared/preferences/ui-preferences.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useShortcutsStore } from '#client/lib/shortcuts-store.ts';
import { uiPreferencesQueryOptions, useTourUpdate } from '../api/ui-preferences-api.ts';
import { useTourStore } from '../tour-store.ts';
import { useTourPlacement } from './tour-placement.ts';

// The onboarding tour (docs/product/screens.md: mounted for everyone signed in). It opens by itself
// on the first signed-in visit to Discover, as a non-modal panel that does not take focus from what
// the user is doing (it is announced instead); Start/Next/Back move focus to each step's heading,
// Escape or "Later" closes it until the next visit (it resumes at that step), Skip ends it for good,
// and Help → "Replay the tour" starts it again. The card sits beside the element its step is about, which
// is outlined (tour-placement.ts); nothing on the page moves.

/** Each step names what it is about: the first visible element matching `targets` (tour-placement.ts). */
export const TOUR_STEPS: { title: string; text: string; targets: string[] }[] = [
  {
    title: 'Search for a market',
    text: 'Type a market as “what for whom” — for example “scheduling software for dental clinics” — and press Enter. Ctrl+K (⌘K on a Mac) jumps to the search field.',
    targets: ['[data-search-input]'],
  },
  {
    title: 'Narrow it with filters',
    text: 'The filter panel beside the search bar limits categories, score ranges, market potential, dates and keywords. Presets set common combinations in one click.',
    targets: ['[data-tour="filters"]'],
  },
  {
    title: 'Read results and their evidence',
    text: 'Each opportunity has a 0–100 opportunity score with innovation, market size, feasibility and confidence. “How this was computed” lists the evidence behind every number.',
    targets: ['[data-tour="results"]', '[data-search-input]'],
  },
  {
    title: 'Find your way around',
    text: 'Discover, Validate, Trends and Analytics are in the header; History, Saved, Settings and Help are in your account menu. The resource library has guides and data sources for each phase.',
    targets: ['header nav[aria-label="Main"]', 'header button[aria-label="Open menu"]'],
  },
  {
    title: 'Help whenever you need it',
    text: 'Press ? for keyboard shortcuts (change them in Settings). Help explains the scores, the data and the plans, and can replay this tour.',
    targets: ['header button[aria-label="Keyboard shortcuts"]', 'header button[aria-label^="Account menu for"]'],
  },
];
if (TOUR_STEPS.length !== TOUR_STEP_COUNT) throw new Error('tour steps out of step with TOUR_STEP_COUNT');

/** Loads the user's preferences once signed in: applies the shortcut bindings and shows the tour when due. */
export function OnboardingTour() {
  const prefs = useQuery(uiPreferencesQueryOptions());
  const setBindings = useShortcutsStore((s) => s.setBindings);
  const { isOpen, isClosedForVisit, step, takeFocus, closedMessage, restartRequested, open, setStep, close } =
    useTourStore();
  const location = useLocation();
  const update = useTourUpdate();
  const heading = useRef<HTMLHeadingElement>(null);
  const card = useRef<HTMLElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const data = prefs.data;
  useEffect(() => {
    if (data) setBindings(data.keyboardShortcuts);
  }, [data, setBindings]);

  // First visit: open by itself on Discover, at the step where it was left.
  useEffect(() => {
    if (!data || data.onboardingCompleted || isOpen || isClosedForVisit || location.pathname !== '/') return;
    open({ takeFocus: false, step: Math.min(data.tourProgress.step, TOUR_STEP_COUNT - 1) });
  }, [data, isOpen, isClosedForVisit, location.pathname, open]);

  // Opened from Help ("Replay the tour"): record the restart.
  const { mutate } = update;
  useEffect(() => {
    if (!restartRequested) return;
    useTourStore.setState({ restartRequested: false });
    mutate({ action: 'restart' });
  }, [restartRequested, mutate]);

  // Focus follows the user's own moves (never taken when the tour opens by itself).
  useEffect(() => {
    if (!isOpen || !takeFocus) return;
    if (!returnFocus.current && document.activeElement instanceof HTMLElement)
      returnFocus.current = document.activeElement;
    heading.current?.focus();
  }, [isOpen, step, takeFocus]);

  const finish = (action: 'skip' | 'complete' | 'later') => {
    if (action !== 'later') mutate({ action });
    close(
      action === 'complete'
        ? 'Tour finished.'
        : action === 'skip'
          ? 'Tour skipped.'
          : 'Tour closed. It resumes on your next visit.',
    );
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target?.isConnected) target.focus();
  };
  const go = (next: number) => {
    if (!returnFocus.current && document.activeElement instanceof HTMLElement)
      returnFocus.current = document.activeElement;
    setStep(next);
    mutate({ action: 'progress', step: next });
  };

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // A modal dialog or a menu open on top closes first.
      if (document.querySelector('[role="dialog"][aria-modal="true"], [role="menu"]')) return;
      finish('later');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const current = TOUR_STEPS[step];
  const placement = useTourPlacement(isOpen && current ? current.targets : null, card);
  const announcement =
    isOpen && current ? `Product tour, step ${step + 1} of ${TOUR_STEP_COUNT}: ${current.title}` : closedMessage;
  return (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {isOpen && current && placement?.target ? (
        <div
          aria-hidden="true"
          data-tour-highlight
          className="pointer-events-none fixed z-40 rounded-md ring-2 ring-primary ring-offset-2 ring-offset-background"
          style={{
            top: placement.target.top - 4,
            left: placement.target.left - 4,
            width: placement.target.width + 8,
            height: placement.target.height + 8,
          }}
        />
      ) : null}
      {isOpen && current ? (
        <section
          ref={card}
          role="dialog"
          aria-modal="false"
          aria-labelledby="tour-title"
          aria-describedby="tour-text"
          className="fixed z-40 rounded-lg border bg-background p-4 shadow-lg"
          style={
            placement
              ? { top: placement.card.top, left: placement.card.left, width: placement.card.width }
              : { bottom: 8, right: 8, width: 'min(24rem, calc(100vw - 1rem))', visibility: 'hidden' }
          }
        >
          {placement?.arrow ? (
            <span
              aria-hidden="true"
              data-tour-arrow={placement.arrow.side}
              className={`absolute size-3 rotate-45 border bg-background ${placement.arrow.side === 'top' ? '-top-1.5 border-r-0 border-b-0' : '-bottom-1.5 border-t-0 border-l-0'}`}
              style={{ left: placement.arrow.x - 6 }}
            />
          ) : null}
          <p className="text-xs text-muted-foreground">
            Product tour · step {step + 1} of {TOUR_STEP_COUNT}
          </p>
          <h2 id="tour-title" ref={heading} tabIndex={-1} className="mt-1 text-lg font-semibold focus:outline-none">
            {current.title}
          </h2>
          <p id="tour-text" className="mt-1 text-sm">
            {current.text}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {step > 0 ? (
              <Button variant="outline" size="sm" onClick={() => go(step - 1)}>
                Back
              </Button>
            ) : null}
            {step < TOUR_STEP_COUNT - 1 ? (
              <Button size="sm" onClick={() => go(step + 1)}>
                Next
              </Button>
            ) : (
              <Button size="sm" onClick={() => finish('complete')}>
                Finish
              </Button>
            )}
            <Button variant="ghost" size="sm" onClick={() => finish('later')}>
              Later
            </Button>
            <Button variant="ghost" size="sm" className="ml-auto" onClick={() => finish('skip')}>
              Skip tour
            </Button>
          </div>
        </section>
      ) : null}
    </>
  );
}
