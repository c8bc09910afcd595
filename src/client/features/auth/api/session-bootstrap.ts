import { getData } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { refreshSession } from './refresh-session.ts';

// On session start the app tries a token refresh; on success the profile is fetched; a failed
// refresh clears the token and the user (docs/product/states.md). It runs even with no
// remembered user: the HttpOnly refresh cookie may hold a session this tab's storage does not know.
export async function bootstrapSession(): Promise<void> {
  try {
    const accessToken = await refreshSession();
    if (!accessToken) return;
    try {
      const { publicUserSchema } = await import('#shared/auth/user.schemas.ts');
      const user = await getData('/api/auth/profile', publicUserSchema);
      useAuthStore.getState().setSession({ user, accessToken: useAuthStore.getState().accessToken ?? accessToken });
    } catch {
      useAuthStore.getState().clear();
    }
  } finally {
    // Whatever the answer, the session is now known: a signed-in-only page opened signed out may go to sign-in.
    useAuthStore.getState().markSessionChecked();
  }
}
