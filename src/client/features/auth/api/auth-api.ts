import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_STALE_TIME_MS } from '#shared/app/app.constants.ts';
import { noDataSchema } from '#shared/api/envelope.schemas.ts';
import {
  authSessionSchema,
  type AuthSession,
  type ChangePasswordInput,
  type ConfirmRegistrationInput,
  type ForgotPasswordInput,
  type LoginInput,
  type ProfileUpdateInput,
  type RegisterInput,
  type ResetPasswordInput,
} from '#shared/auth/auth.schemas.ts';
import { publicUserSchema } from '#shared/auth/user.schemas.ts';
import { apiRequest, getData, patchData, postData, requestEnvelope } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';

// Calls of /api/auth (paths documented in the server's auth.routes.ts).

function acceptSession(session: AuthSession, isNewAccount = false): void {
  useAuthStore.getState().setSession({ user: session.user, accessToken: session.accessToken, isNewAccount });
}

// Signing in swaps the signed-out routes for the signed-in ones, unmounting the form before a
// mutate() callback could run: the follow-up goes in the hook's options, which always run.
type SessionOptions = { onSignedIn?: () => void };

export function useLogin({ onSignedIn }: SessionOptions = {}) {
  return useMutation({
    mutationFn: async (input: LoginInput) => acceptSession(await postData('/api/auth/login', input, authSessionSchema)),
    onSuccess: onSignedIn,
  });
}

/**
 * Registration answers the same for a new and a taken address (docs/decisions/034): "check your
 * e-mail". Nobody is signed in until the e-mailed link is opened (useConfirmRegistration).
 */
export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput & { redirectTo?: string | undefined }) =>
      requestEnvelope('/api/auth/register', noDataSchema, { method: 'POST', body: input }),
  });
}

/** The e-mailed link: creates the account and signs in as it. */
export function useConfirmRegistration({ onSignedIn }: SessionOptions = {}) {
  return useMutation({
    mutationFn: async (input: ConfirmRegistrationInput) =>
      acceptSession(await postData('/api/auth/register/confirm', input, authSessionSchema), true),
    onSuccess: onSignedIn,
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiRequest('/api/auth/logout', { method: 'POST', body: {} });
      } finally {
        useAuthStore.getState().clear({ isSignOut: true });
        queryClient.clear();
      }
    },
  });
}

/** The envelope's message is what these screens show on success. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      requestEnvelope('/api/auth/password/forgot', noDataSchema, { method: 'POST', body: input }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      requestEnvelope('/api/auth/password/reset', noDataSchema, { method: 'POST', body: input }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => {
      const result = await requestEnvelope('/api/auth/password/change', noDataSchema, { method: 'POST', body: input });
      // A required change is now done: the fresh user lets the rest of the app open again.
      const user = await getData('/api/auth/user', publicUserSchema);
      useAuthStore.getState().setUser(user);
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
      return result;
    },
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput) => {
      const user = await patchData('/api/auth/profile', input, publicUserSchema);
      // The header and account menu read the store; the current-user query would put the old name back.
      useAuthStore.getState().setUser(user);
      queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
      return user;
    },
  });
}

/**
 * The signed-in user as a query (stale after 5 minutes), so the plan and status shown follow the
 * server; each fetch also updates the auth store. Seeded from the store, so start-up (which has
 * just fetched the profile) does not fetch it again.
 */
export const authKeys = {
  all: ['auth'] as const,
  user: () => ['auth', 'user'] as const,
};

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.user(),
    queryFn: async () => {
      const user = await getData('/api/auth/user', publicUserSchema);
      useAuthStore.getState().setUser(user);
      return user;
    },
    staleTime: CURRENT_USER_STALE_TIME_MS,
    initialData: () => useAuthStore.getState().user ?? undefined,
    initialDataUpdatedAt: () => Date.now(),
  });
}
