import { TOKEN_REFRESH_COOLDOWN_MS } from '#shared/app/app.constants.ts';
import { postData, setRefreshHandler } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';

// Refresh at most once per 60 s and never concurrently; a failed refresh clears the token and the
// user (docs/product/states.md). Every caller (start-up, a 401 anywhere) goes through here.

let inFlight: Promise<string | null> | null = null;
let lastRefreshAt = Number.NEGATIVE_INFINITY;

async function doRefresh(): Promise<string | null> {
  try {
    // Imported on use: the schemas (and zod) are not part of the landing page's bundle.
    const { accessTokenSchema } = await import('#shared/auth/auth.schemas.ts');
    const { accessToken } = await postData('/api/auth/refresh', undefined, accessTokenSchema);
    lastRefreshAt = Date.now();
    useAuthStore.setState({ accessToken });
    return accessToken;
  } catch {
    useAuthStore.getState().clear();
    return null;
  }
}

/** A fresh access token, the current one if a refresh ran within the cooldown, or null when signed out. */
export function refreshSession(): Promise<string | null> {
  if (inFlight) return inFlight;
  if (Date.now() - lastRefreshAt < TOKEN_REFRESH_COOLDOWN_MS)
    return Promise.resolve(useAuthStore.getState().accessToken);
  inFlight = doRefresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Tests only: forget the cooldown. */
export function resetRefreshState(): void {
  inFlight = null;
  lastRefreshAt = Number.NEGATIVE_INFINITY;
}

setRefreshHandler(refreshSession);
