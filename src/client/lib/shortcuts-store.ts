import { create } from 'zustand';

type ShortcutsState = { isOpen: boolean; setOpen: (isOpen: boolean) => void };

/** Lets any button open the keyboard-shortcuts modal mounted once in the shell. */
export const useShortcutsStore = create<ShortcutsState>()((set) => ({
  isOpen: false,
  setOpen: (isOpen) => set({ isOpen }),
}));

/** The element Ctrl/Cmd+K focuses: search screens mark their field with this attribute. */
export const SEARCH_INPUT_SELECTOR = '[data-search-input]';
