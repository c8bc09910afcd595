import { TOKEN_REFRESH_COOLDOWN_MS } from '#shared/app/app.constants.ts';
import { postData, setRefreshHandler } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';

// Refresh at most once per 60 s and never concurrently; a failed refresh clears the token and the
// user (docs/product/states.md). Every caller (start-up, a 401 anywhere) goes through here.

let inFlight: Promise<string | null> | null = null;
let lastRefreshAt = Number.NEGATIVE_INFINITY;

/** Keeps the new token, or signs out when the refresh was refused (or there was no session). */
async function settle(pending: Promise<string | null>): Promise<string | null> {
  try {
    const accessToken = await pending;
    if (!accessToken) throw new Error('No session to refresh.');
    lastRefreshAt = Date.now();
    useAuthStore.setState({ accessToken });
    return accessToken;
  } catch {
    useAuthStore.getState().clear();
    return null;
  }
}

async function postRefresh(): Promise<string> {
  // Imported on use: the schemas (and zod) are not part of the landing page's bundle.
  const { accessTokenSchema } = await import('#shared/auth/auth.schemas.ts');
  return (await postData('/api/auth/refresh', undefined, accessTokenSchema)).accessToken;
}

function track(pending: Promise<string | null>): Promise<string | null> {
  inFlight = pending.finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** A fresh access token, the current one if a refresh ran within the cooldown, or null when signed out. */
export function refreshSession(): Promise<string | null> {
  if (inFlight) return inFlight;
  if (Date.now() - lastRefreshAt < TOKEN_REFRESH_COOLDOWN_MS)
    return Promise.resolve(useAuthStore.getState().accessToken);
  return track(settle(postRefresh()));
}

/**
 * A refresh the pre-rendered landing page sent before the app loaded (landing/landing-entry.ts; null when
 * it was refused): it counts as this module's own, so the start-up refresh waits for its answer instead of
 * sending the same refresh cookie again (a reused refresh token ends the session family).
 */
export function adoptRefresh(pending: Promise<string | null>): void {
  void track(settle(pending));
}

/** Tests only: forget the cooldown. */
export function resetRefreshState(): void {
  inFlight = null;
  lastRefreshAt = Number.NEGATIVE_INFINITY;
}

setRefreshHandler(refreshSession);
