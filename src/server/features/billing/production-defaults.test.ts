import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { originOf, registerViaApi } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Production defaults: `npm start` runs with NODE_ENV=production, where the demo payment provider
// would let anyone make themselves Enterprise with two requests. Payments stay off there until an
// operator chooses a provider; an explicit demo choice is labelled on every page. An https
// PUBLIC_URL decides Secure cookies and HSTS even when TRUST_PROXY does not describe the proxy.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('payments under NODE_ENV=production', () => {
  it('default to off (demo only in development and tests)', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).PAYMENTS_PROVIDER).toBe('off');
    expect(parseEnv({ NODE_ENV: 'development' }).PAYMENTS_PROVIDER).toBe('demo');
    expect(parseEnv({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'demo' }).PAYMENTS_PROVIDER).toBe('demo');
  });

  it('off: no checkout and no demo payment, so nobody upgrades themselves', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
    const user = await createUser(t);
    const config = await t.app.inject({ method: 'GET', url: '/api/billing/config' });
    expect(config.json()).toMatchObject({
      data: { checkoutAvailable: false, enterpriseCheckout: false, demoBanner: false },
    });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: user.headers,
      payload: { plan: 'enterprise' },
    });
    expect(checkout.statusCode).toBe(503);
    expect(checkout.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining('PAYMENTS_PROVIDER'),
    });
    const demo = await t.app.inject({
      method: 'POST',
      url: '/api/billing/demo-checkout/x/complete',
      headers: user.headers,
    });
    expect(demo.statusCode).toBe(404);
    const subscription = await t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: user.headers });
    expect(subscription.json()).toMatchObject({ data: { plan: 'free' } });
  });

  it('demo chosen explicitly: checkout works and the config asks for the banner on every page', async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'demo' } });
    const user = await createUser(t);
    const config = await t.app.inject({ method: 'GET', url: '/api/billing/config' });
    expect(config.json()).toMatchObject({ data: { provider: 'demo', checkoutAvailable: true, demoBanner: true } });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: user.headers,
      payload: { plan: 'pro' },
    });
    expect(checkout.statusCode).toBe(200);
  });
});

describe('an https PUBLIC_URL behind a proxy TRUST_PROXY does not describe', () => {
  it('sets the refresh cookie Secure and sends HSTS', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://unbuilt.example' } });
    const account = await registerViaApi(t);
    expect(account.cookie).not.toBe('');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: originOf(t) },
      payload: { email: account.email, password: account.password },
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/unbuilt_refresh=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('an http PUBLIC_URL keeps both off (a local start over plain http still signs in)', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    const account = await registerViaApi(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: originOf(t) },
      payload: { email: account.email, password: account.password },
    });
    expect(String(res.headers['set-cookie'])).not.toMatch(/; Secure/i);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
