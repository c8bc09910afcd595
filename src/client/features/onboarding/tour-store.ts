import { create } from 'zustand';

type TourState = {
  isOpen: boolean;
  step: number;
  /** Whether opening should move focus into the tour (when the user asked for it). */
  takeFocus: boolean;
  /** Closed with "Later", Skip, Finish or Escape: not opened by itself again until the next visit. */
  isClosedForVisit: boolean;
  /** What the live region last said when the tour closed. */
  closedMessage: string;
  restartRequested: boolean;
  open: (options: { takeFocus: boolean; step: number }) => void;
  setStep: (step: number) => void;
  close: (message: string) => void;
  /** Help's "Replay the tour". */
  restart: () => void;
};

export const useTourStore = create<TourState>()((set) => ({
  isOpen: false,
  step: 0,
  takeFocus: false,
  isClosedForVisit: false,
  closedMessage: '',
  restartRequested: false,
  open: ({ takeFocus, step }) => set({ isOpen: true, takeFocus, step }),
  setStep: (step) => set({ step, takeFocus: true }),
  close: (closedMessage) => set({ isOpen: false, takeFocus: false, isClosedForVisit: true, closedMessage }),
  restart: () => set({ isOpen: true, step: 0, takeFocus: true, isClosedForVisit: false, restartRequested: true }),
}));
