import type { PublicUser } from '#shared/auth/user.schemas.ts';
import type { ApiSuccessBody } from '#shared/api/errors.ts';
import { api } from '#client/lib/api-client.ts';
import { useAuthStore } from '../stores/auth-store.ts';
import { refreshSession } from './refresh-session.ts';

// Spec §4: on session start the app tries a token refresh; on success the profile is fetched; a
// failed refresh clears the token and the user. It runs even with no remembered user: the
// HttpOnly refresh cookie may hold a session this tab's storage does not know about.
export async function bootstrapSession(): Promise<void> {
  const accessToken = await refreshSession();
  if (!accessToken) return;
  try {
    const profile = await api.get<ApiSuccessBody<PublicUser>>('/api/auth/profile');
    useAuthStore
      .getState()
      .setSession({ user: profile.data, accessToken: useAuthStore.getState().accessToken ?? accessToken });
  } catch {
    useAuthStore.getState().clear();
  }
}
