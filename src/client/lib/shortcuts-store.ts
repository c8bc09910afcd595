import { create } from 'zustand';
import { defaultBindings, type ShortcutBindings } from '#shared/preferences/shortcuts.constants.ts';

type ShortcutsState = {
  isOpen: boolean;
  setOpen: (isOpen: boolean) => void;
  /** The signed-in user's bindings (the defaults until they load, and when signed out). */
  bindings: ShortcutBindings;
  setBindings: (bindings: ShortcutBindings) => void;
};

/** Lets any button open the keyboard-shortcuts modal mounted once in the shell, and holds the bindings it applies. */
export const useShortcutsStore = create<ShortcutsState>()((set) => ({
  isOpen: false,
  setOpen: (isOpen) => set({ isOpen }),
  bindings: defaultBindings(),
  setBindings: (bindings) => set({ bindings }),
}));

/** The element Ctrl/Cmd+K focuses: search screens mark their field with this attribute. */
export const SEARCH_INPUT_SELECTOR = '[data-search-input]';
