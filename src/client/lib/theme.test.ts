import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, THEME_STORAGE_KEY, type Theme } from '#shared/app/app.constants.ts';
import themeInitScript from '../public/theme-init.js?raw';
import { testUser } from '#client/test/test-user.ts';
import { useAuthStore } from './auth-store.ts';
import {
  applyResolvedTheme,
  applyThemeChoice,
  nextTheme,
  readStoredTheme,
  resolveTheme,
  storeTheme,
  themeToggleText,
} from './theme.ts';
import { useThemeStore } from './theme-store.ts';

afterEach(() => {
  if (document.defaultView) Reflect.deleteProperty(document.defaultView, 'matchMedia');
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-theme-choice');
});

/** Runs public/theme-init.js in the page, as the browser does before first paint; returns <html>'s classes. */
function runThemeInit(stored: string | null, prefersDark: boolean): string[] {
  if (stored === null) localStorage.removeItem(THEME_STORAGE_KEY);
  else localStorage.setItem(THEME_STORAGE_KEY, stored);
  // jsdom has no matchMedia; give the page's window (where the script runs) the preference under test.
  const pageWindow = document.defaultView;
  if (!pageWindow) throw new Error('jsdom has no window');
  Object.defineProperty(pageWindow, 'matchMedia', { configurable: true, value: () => ({ matches: prefersDark }) });
  document.documentElement.className = '';
  // jsdom here does not run <script> elements; evaluate the file in the page's global instead.
  (pageWindow as Window & { eval: (code: string) => unknown }).eval(themeInitScript);
  return [...document.documentElement.classList];
}

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('theme choice', () => {
  it('is dark when nothing, or something unknown, is stored', () => {
    expect(readStoredTheme(memoryStorage())).toBe('dark');
    expect(readStoredTheme(memoryStorage({ [THEME_STORAGE_KEY]: 'purple' }))).toBe('dark');
  });

  it('round-trips every choice through storage under the fixed key', () => {
    for (const theme of ['light', 'dark', 'system'] as const) {
      const storage = memoryStorage();
      storeTheme(storage, theme);
      expect(storage.getItem(THEME_STORAGE_KEY)).toBe(theme);
      expect(readStoredTheme(storage)).toBe(theme);
    }
  });

  it('falls back to dark when storage throws (blocked storage)', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(readStoredTheme(blocked)).toBe('dark');
  });

  it('resolves "system" from the operating-system preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('names the toggle by the current choice and the next one', () => {
    expect(themeToggleText('dark')).toEqual({ label: 'Theme: Dark. Switch to System theme', title: 'Theme: Dark' });
    expect(themeToggleText('light').label).toBe('Theme: Light. Switch to Dark theme');
  });

  it('cycles through all three choices', () => {
    expect(nextTheme('dark')).toBe('system');
    expect(nextTheme('system')).toBe('light');
    expect(nextTheme('light')).toBe('dark');
  });
});

describe('public/theme-init.js (applied before first paint)', () => {
  it.each<[string | null, boolean]>([
    [null, false],
    [null, true],
    ['light', true],
    ['dark', false],
    ['system', true],
    ['system', false],
    ['bogus', false],
  ])('stored %s, OS prefers dark %s: same result as the app', (stored, prefersDark) => {
    const root = document.createElement('html');
    const expected = resolveTheme(
      readStoredTheme(memoryStorage(stored === null ? {} : { [THEME_STORAGE_KEY]: stored })),
      prefersDark,
    );
    applyResolvedTheme(root, expected);
    expect(runThemeInit(stored, prefersDark).sort()).toEqual([...root.classList].sort());
    expect(runThemeInit(stored, prefersDark)).toContain(expected);
    // The choice the theme toggle's icon is drawn from (CSS), as the store would record it.
    const choice = document.createElement('html');
    applyThemeChoice(choice, readStoredTheme(memoryStorage(stored === null ? {} : { [THEME_STORAGE_KEY]: stored })));
    expect(document.documentElement.dataset.themeChoice).toBe(choice.dataset.themeChoice);
  });

  it('marks a user the auth store remembers, and nobody else (the landing page is hidden for them)', () => {
    const isMarked = () => {
      runThemeInit(null, true);
      return document.documentElement.hasAttribute('data-remembered-user');
    };
    expect(isMarked()).toBe(false);
    useAuthStore.getState().setSession({ user: testUser(), accessToken: 'token' });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
    expect(isMarked()).toBe(true);
    useAuthStore.getState().clear();
    expect(isMarked()).toBe(false);
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(isMarked()).toBe(false);
  });
});

describe('theme store', () => {
  it('persists the choice and applies it to <html>', () => {
    const choices: Theme[] = ['light', 'dark'];
    for (const theme of choices) {
      useThemeStore.getState().setTheme(theme);
      expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe(theme);
      expect(document.documentElement.classList.contains(theme)).toBe(true);
      expect(document.documentElement.dataset.themeChoice).toBe(theme);
      expect(useThemeStore.getState().theme).toBe(theme);
    }
  });
});
