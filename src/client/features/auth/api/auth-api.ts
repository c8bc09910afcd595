import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_STALE_TIME_MS } from '#shared/app/app.constants.ts';
import type { ApiSuccessBody } from '#shared/api/errors.ts';
import type {
  AuthResponse,
  ChangePasswordInput,
  ForgotPasswordInput,
  LoginInput,
  ProfileUpdateInput,
  RegisterInput,
  ResetPasswordInput,
} from '#shared/auth/auth.schemas.ts';
import type { PublicUser } from '#shared/auth/user.schemas.ts';
import { api } from '#client/lib/api-client.ts';
import { useAuthStore } from '../stores/auth-store.ts';

// Calls of /api/auth (paths documented in the server's auth.routes.ts).

function acceptSession(body: AuthResponse, failure: string): void {
  // Spec §5: login or registration fails if the response lacks success or a user.
  if (!body.success || !body.data.user) throw new Error(failure);
  useAuthStore.getState().setSession({ user: body.data.user, accessToken: body.data.accessToken });
}

// Signing in swaps the signed-out routes for the signed-in ones, unmounting the form before a
// mutate() callback could run: the follow-up goes in the hook's options, which always run.
type SessionOptions = { onSignedIn?: () => void };

export function useLogin({ onSignedIn }: SessionOptions = {}) {
  return useMutation({
    mutationFn: async (input: LoginInput) =>
      acceptSession(await api.post<AuthResponse>('/api/auth/login', input), 'Login failed'),
    onSuccess: onSignedIn,
  });
}

export function useRegister({ onSignedIn }: SessionOptions = {}) {
  return useMutation({
    mutationFn: async (input: RegisterInput) =>
      acceptSession(await api.post<AuthResponse>('/api/auth/register', input), 'Registration failed'),
    onSuccess: onSignedIn,
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post('/api/auth/logout', {});
      } finally {
        useAuthStore.getState().clear();
        queryClient.clear();
      }
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) => api.post<ApiSuccessBody<null>>('/api/auth/password/forgot', input),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post<ApiSuccessBody<null>>('/api/auth/password/reset', input),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<ApiSuccessBody<null>>('/api/auth/password/change', input),
  });
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput) => {
      const body = await api.patch<ApiSuccessBody<PublicUser>>('/api/auth/profile', input);
      // Spec §5: profile update fails if no user is returned.
      if (!body.data) throw new Error('Profile update failed');
      useAuthStore.getState().setUser(body.data);
      return body.data;
    },
  });
}

/**
 * The signed-in user as a query (spec §9: stale after 5 minutes), so the plan and status shown follow
 * the server; each fetch also updates the auth store. Seeded from the store, so start-up (which has
 * just fetched the profile) does not fetch it again.
 */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'user'],
    queryFn: async () => {
      const body = await api.get<ApiSuccessBody<PublicUser>>('/api/auth/user');
      useAuthStore.getState().setUser(body.data);
      return body.data;
    },
    staleTime: CURRENT_USER_STALE_TIME_MS,
    initialData: () => useAuthStore.getState().user ?? undefined,
    initialDataUpdatedAt: () => Date.now(),
  });
}
