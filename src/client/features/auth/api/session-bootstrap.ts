import type { PublicUser } from '#shared/auth/user.schemas.ts';
import type { ApiSuccessBody } from '#shared/api/errors.ts';
import { api } from '#client/lib/api-client.ts';
import { useAuthStore } from '../stores/auth-store.ts';

// Spec §4: on session start the app tries a token refresh; on success the profile is fetched; a
// failed refresh clears the token and the user. Only a remembered user (auth-storage) starts one:
// an anonymous visitor's refresh would always fail, and the failed request is logged by the browser
// on every landing-page view.
let pending: Promise<void> | null = null;

/** Runs once per page load, however many times it is called (StrictMode mounts effects twice). */
export function bootstrapSession(): Promise<void> {
  pending ??= refreshSession();
  return pending;
}

async function refreshSession(): Promise<void> {
  const { user, setSession, clear } = useAuthStore.getState();
  if (!user) return;
  try {
    const refreshed = await api.post<ApiSuccessBody<{ accessToken: string }>>('/api/auth/refresh');
    const accessToken = refreshed.data.accessToken;
    useAuthStore.setState({ accessToken });
    const profile = await api.get<ApiSuccessBody<PublicUser>>('/api/auth/profile');
    setSession({ user: profile.data, accessToken });
  } catch {
    clear();
  }
}
