import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '#shared/auth/user.schemas.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { adoptRefresh, refreshSession, resetRefreshState } from './refresh-session.ts';

// fetch is the boundary: a tiny fake API that expires the first access token and counts refreshes.
let refreshCalls = 0;
let validToken = 'fresh-1';
let refreshWorks = true;

const user = { id: 1, email: 'a@example.test', name: 'A', firstName: 'A' } as PublicUser;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  refreshCalls = 0;
  validToken = 'fresh-1';
  refreshWorks = true;
  resetRefreshState();
  useAuthStore.getState().setSession({ user, accessToken: 'expired' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const auth = (init.headers as Record<string, string>).authorization;
    if (url === '/api/auth/refresh') {
      refreshCalls++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (!refreshWorks) return json(401, { success: false, code: 'UNAUTHENTICATED', message: 'no' });
      validToken = `fresh-${refreshCalls}`;
      return json(200, { success: true, data: { accessToken: validToken } });
    }
    if (url === '/api/auth/login') return json(401, { success: false, code: 'INVALID_CREDENTIALS', message: 'no' });
    if (auth !== `Bearer ${validToken}`)
      return json(401, { success: false, code: 'UNAUTHENTICATED', message: 'expired' });
    return json(200, { success: true, data: 'ok' });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('401 → one refresh → one retry', () => {
  it('refreshes once for many concurrent 401s and retries each call with the new token', async () => {
    const results = await Promise.all([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c')]);
    expect(results).toEqual(Array(3).fill({ success: true, data: 'ok' }));
    expect(refreshCalls).toBe(1);
    expect(useAuthStore.getState().accessToken).toBe('fresh-1');
  });

  it('refreshes at most once per 60 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await refreshSession();
    await refreshSession();
    expect(refreshCalls).toBe(1);
    vi.setSystemTime(Date.now() + 61_000);
    await refreshSession();
    expect(refreshCalls).toBe(2);
  });

  it('a failed refresh clears the token and the user, and the call fails', async () => {
    refreshWorks = false;
    await expect(apiRequest('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState()).toMatchObject({ user: null, accessToken: null, status: 'signed-out' });
  });

  it('does not refresh on a failed login', async () => {
    await expect(
      apiRequest('/api/auth/login', { method: 'POST', body: { email: 'a@example.test', password: 'x' } }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(refreshCalls).toBe(0);
  });
});

describe('a refresh the pre-rendered landing page sent (ADR 041)', () => {
  it('is the start-up refresh: its token is kept and the refresh cookie is not sent again', async () => {
    useAuthStore.getState().clear();
    let answer: (token: string | null) => void = () => undefined;
    adoptRefresh(new Promise((resolve) => (answer = resolve)));
    const startUp = refreshSession();
    answer('from-landing');
    expect(await startUp).toBe('from-landing');
    expect(await refreshSession()).toBe('from-landing');
    expect(useAuthStore.getState().accessToken).toBe('from-landing');
    expect(refreshCalls).toBe(0);
  });

  it('signs out when it was refused, and a later refresh is sent as usual', async () => {
    adoptRefresh(Promise.resolve(null));
    expect(await refreshSession()).toBeNull();
    expect(useAuthStore.getState().user).toBeNull();
    expect(await refreshSession()).toBe('fresh-1');
    expect(refreshCalls).toBe(1);
  });
});
