import { TOKEN_REFRESH_COOLDOWN_MS } from '#shared/app/app.constants.ts';
import type { ApiSuccessBody } from '#shared/api/errors.ts';
import { api, setRefreshHandler } from '#client/lib/api-client.ts';
import { useAuthStore } from '../stores/auth-store.ts';

// Spec §7, §9: refresh at most once per 60 s and never concurrently; a failed refresh clears the
// token and the user. Every caller (start-up, a 401 anywhere) goes through here.

let inFlight: Promise<string | null> | null = null;
let lastRefreshAt = Number.NEGATIVE_INFINITY;

async function doRefresh(): Promise<string | null> {
  try {
    const body = await api.post<ApiSuccessBody<{ accessToken: string }>>('/api/auth/refresh');
    lastRefreshAt = Date.now();
    useAuthStore.setState({ accessToken: body.data.accessToken });
    return body.data.accessToken;
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
