import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { AUTH_STORAGE_KEY } from '#shared/app/app.constants.ts';
import type { PublicUser } from '#shared/auth/user.schemas.ts';
import { setAccessTokenSource } from './api-client.ts';

export type AuthStatus = 'unknown' | 'signed-in' | 'signed-out';

type AuthState = {
  user: PublicUser | null;
  /** docs/product/data.md lists the access token among persisted client data. */
  accessToken: string | null;
  /** Not persisted: decided on every start (docs/product/screens.md shows a spinner while it is unknown). */
  status: AuthStatus;
  /** Not persisted: this session began with registering (home says "Welcome", not "Welcome back"). */
  isNewAccount: boolean;
  /**
   * Not persisted: the start-up refresh has answered (signed in or not). Until then "signed-out" may only
   * mean "no remembered user": the refresh cookie can still sign the tab in, so nothing redirects to
   * sign-in before this is true (issue 29: a redirect on load bounced signed-in users to sign-in).
   */
  isSessionChecked: boolean;
  /** Not persisted: the user signed out in this tab (a signed-in page then goes home, not to sign-in). */
  hasSignedOut: boolean;
  markSessionChecked: () => void;
  setSession: (session: { user: PublicUser; accessToken: string; isNewAccount?: boolean }) => void;
  setUser: (user: PublicUser) => void;
  clear: (options?: { isSignOut?: boolean }) => void;
};

type PersistedAuth = Pick<AuthState, 'user' | 'accessToken'>;

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      accessToken: null,
      status: 'signed-out',
      isNewAccount: false,
      isSessionChecked: false,
      hasSignedOut: false,
      markSessionChecked: () => set({ isSessionChecked: true }),
      setSession: ({ user, accessToken, isNewAccount = false }) =>
        set({ user, accessToken, status: 'signed-in', isNewAccount, hasSignedOut: false }),
      setUser: (user) => set({ user, status: 'signed-in' }),
      clear: (options) =>
        set({
          user: null,
          accessToken: null,
          status: 'signed-out',
          isNewAccount: false,
          hasSignedOut: options?.isSignOut ?? false,
        }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedAuth => ({ user: state.user, accessToken: state.accessToken }),
      // A remembered user must be confirmed by the server before signed-in pages show; with none,
      // the visitor is signed out at once (the start-up refresh may still sign them in).
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<PersistedAuth>;
        const user = saved.user ?? null;
        return { ...current, user, accessToken: saved.accessToken ?? null, status: user ? 'unknown' : 'signed-out' };
      },
    },
  ),
);

setAccessTokenSource(() => useAuthStore.getState().accessToken);
