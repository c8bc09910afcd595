import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Branding } from '#shared/exports/branding.schemas.ts';
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE_MESSAGE, LOGO_TYPE_MESSAGE } from '#shared/exports/branding.schemas.ts';
import { contrastWithWhite, MIN_ACCENT_CONTRAST } from '#shared/exports/contrast.ts';
import { users } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { JPEG_LOGO, pngChunk, pngHeaderThen, pngLogo } from '../../test/images.ts';
import { PRO } from '../../test/search-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Report branding in account settings: who may set it, what is refused and why, and the logo as an
// owner-only file. (Its effect on the PDF and the deck: branded-exports.test.ts.)

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (user: TestUser, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
const putBranding = (user: TestUser, body: object) => call(user, 'PUT', '/api/exports/branding', body);
const putLogo = (user: TestUser, file: Buffer | string) =>
  call(user, 'PUT', '/api/exports/branding/logo', {
    data: typeof file === 'string' ? file : file.toString('base64'),
  });
const brandingOf = (res: { json: <T>() => T }) => res.json<{ data: Branding }>().data;

describe('report branding settings', () => {
  it('starts empty; a free account cannot set it (403) and a Pro account can', async () => {
    const free = await createUser(t);
    expect(brandingOf(await call(free, 'GET', '/api/exports/branding'))).toEqual({
      companyName: null,
      accentColor: null,
      logo: null,
      isApplied: false,
    });
    for (const res of [
      await putBranding(free, { companyName: 'Acme', accentColor: '#0f766e' }),
      await putLogo(free, pngLogo()),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'PLAN_REQUIRED' });
    }

    const pro = await createUser(t, PRO);
    const res = await putBranding(pro, { companyName: '  Acme Research Ltd  ', accentColor: '#0F766E' });
    expect(res.statusCode, res.body).toBe(200);
    expect(brandingOf(res)).toEqual({
      companyName: 'Acme Research Ltd',
      accentColor: '#0f766e',
      logo: null,
      isApplied: true,
    });
    const cleared = brandingOf(await putBranding(pro, { companyName: '', accentColor: '' }));
    expect(cleared).toMatchObject({ companyName: null, accentColor: null });
  });

  it.each([
    [{ companyName: 'x'.repeat(101), accentColor: null }, 'companyName', 'Company name must be 100 characters or less'],
    [{ companyName: 'Acme\nLtd', accentColor: null }, 'companyName', 'Company name must be a single line of text'],
    // The edges of the control ranges: DEL (U+007F) and a C1 control (NEL, U+0085).
    [{ companyName: 'Acme\u007fLtd', accentColor: null }, 'companyName', 'Company name must be a single line of text'],
    [{ companyName: 'Acme\u0085Ltd', accentColor: null }, 'companyName', 'Company name must be a single line of text'],
    [{ companyName: null, accentColor: 'teal' }, 'accentColor', 'Accent colour must be a colour like #4F46E5'],
    [{ companyName: null, accentColor: '#0f766' }, 'accentColor', 'Accent colour must be a colour like #4F46E5'],
    [{ companyName: 'Acme', accentColor: '#0f766e', extra: 1 }, '', 'Some fields are invalid.'],
  ])('refuses %j with a message on %s', async (body, field, message) => {
    const pro = await createUser(t, PRO);
    const res = await putBranding(pro, body);
    expect(res.statusCode).toBe(400);
    const json = res.json<{ code: string; message: string; fieldErrors?: Record<string, string> }>();
    expect(json.code).toBe('VALIDATION_FAILED');
    expect(field ? json.fieldErrors?.[field] : json.message).toContain(message);
  });

  it('refuses an accent colour white text cannot be read on, and suggests a darker shade that is accepted', async () => {
    const pro = await createUser(t, PRO);
    const res = await putBranding(pro, { companyName: 'Acme', accentColor: '#facc15' });
    expect(res.statusCode).toBe(400);
    const message = res.json<{ fieldErrors: Record<string, string> }>().fieldErrors.accentColor ?? '';
    expect(message).toMatch(
      /^Accent colour #FACC15 is too light for white text on it \(contrast 1\.\d:1; at least 4\.5:1 is needed\)\. Try a darker shade such as #[0-9A-F]{6}\.$/,
    );
    const suggestion = /#[0-9A-F]{6}(?=\.$)/.exec(message)?.[0] ?? '';
    expect(contrastWithWhite(suggestion)).toBeGreaterThanOrEqual(MIN_ACCENT_CONTRAST);
    expect((await putBranding(pro, { companyName: 'Acme', accentColor: suggestion })).statusCode).toBe(200);
  });
});

describe('report logo', () => {
  it('stores a PNG and a JPEG with their pixel sizes and serves each back to its owner only', async () => {
    const pro = await createUser(t, PRO);
    const png = pngLogo(120, 40);
    const first = await putLogo(pro, png);
    expect(first.statusCode, first.body).toBe(200);
    const logo = brandingOf(first).logo;
    expect(logo).toMatchObject({ mimeType: 'image/png', width: 120, height: 40, bytes: png.length });
    const served = await call(pro, 'GET', `/api/exports/branding/logos/${logo?.id}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);

    const replaced = brandingOf(await putLogo(pro, JPEG_LOGO)).logo;
    expect(replaced).toMatchObject({ id: logo?.id, mimeType: 'image/jpeg', width: 240, height: 80 });
    const jpeg = await call(pro, 'GET', `/api/exports/branding/logos/${logo?.id}`);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.rawPayload.equals(JPEG_LOGO)).toBe(true);

    for (const intruder of [await createUser(t), await createUser(t, PRO)]) {
      const res = await call(intruder, 'GET', `/api/exports/branding/logos/${logo?.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'The logo could not be found.' });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/exports/branding/logos/${logo?.id}` });
    expect(anonymous.statusCode).toBe(401);

    const removed = await call(pro, 'DELETE', '/api/exports/branding/logo');
    expect(brandingOf(removed).logo).toBeNull();
    expect((await call(pro, 'GET', `/api/exports/branding/logos/${logo?.id}`)).statusCode).toBe(404);
  });

  const garbage = Buffer.from('this is not an image at all, just bytes pretending'.repeat(20));
  const svg = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64"/></svg>',
  );
  const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 1)]);
  const damagedPng = /^The logo file is damaged: it starts like a PNG image but is not a complete one\.$/;
  const damagedJpeg = /^The logo file is damaged: it starts like a JPEG image but is not a complete one\.$/;
  // A real header and a well-formed IDAT chunk whose pixels inflate to fewer bytes than 64 × 64 RGBA needs.
  const shortPixels = pngHeaderThen(
    Buffer.concat([
      pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
  const corruptCrc = Buffer.from(pngLogo());
  corruptCrc.writeUInt8((corruptCrc[40] ?? 0) ^ 0xff, 40);
  const pngThenHtml = Buffer.concat([pngLogo(), Buffer.from('<html><script>alert(1)</script></html>')]);

  it.each([
    ['a PNG signature and header in front of garbage', pngHeaderThen(garbage), 400, damagedPng],
    ['a PNG whose pixel data is short', shortPixels, 400, damagedPng],
    ['a PNG with a flipped byte (CRC mismatch)', corruptCrc, 400, damagedPng],
    ['a PNG with HTML after its end', pngThenHtml, 400, damagedPng],
    ['a PNG cut in half', pngLogo().subarray(0, 60), 400, damagedPng],
    ['a JPEG cut in half', JPEG_LOGO.subarray(0, 1200), 400, damagedJpeg],
    ['a JPEG marker in front of garbage', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), garbage]), 400, damagedJpeg],
    ['an SVG (scripts run in a browser)', svg, 415, new RegExp(`^${LOGO_TYPE_MESSAGE.replace(/\./g, '\\.')}$`)],
    ['a GIF', gif, 415, /^The logo must be a PNG or JPEG image\.$/],
    ['plain text', garbage, 415, /^The logo must be a PNG or JPEG image\.$/],
    ['a PNG of 20,000 × 20,000 pixels', pngHeaderThen(Buffer.alloc(0), 20_000, 20_000), 400, /20000 × 20000 pixels/],
    ['a PNG of 8 × 8 pixels', pngLogo(8, 8), 400, /^The logo is 8 × 8 pixels; each side must be between 16 and 4096/],
  ])('refuses %s', async (_what, file, status, message) => {
    const pro = await createUser(t, PRO);
    const res = await putLogo(pro, file);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(brandingOf(await call(pro, 'GET', '/api/exports/branding')).logo).toBeNull();
  });

  it('refuses a file over 512 kB, in base64 or as a body too large to read, naming the limit', async () => {
    const pro = await createUser(t, PRO);
    const big = Buffer.concat([pngLogo(), Buffer.alloc(LOGO_MAX_BYTES)]);
    const res = await putLogo(pro, big);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: { data: LOGO_TOO_LARGE_MESSAGE } });
    const huge = await putLogo(pro, 'A'.repeat(2 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, message: LOGO_TOO_LARGE_MESSAGE });
    const notBase64 = await putLogo(pro, '<svg onload=alert(1)>');
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json()).toMatchObject({ fieldErrors: { data: 'The logo must be sent as base64' } });
  });

  it('keeps a downgraded account’s branding, not applied, and lets it remove the logo', async () => {
    const pro = await createUser(t, PRO);
    await putBranding(pro, { companyName: 'Acme', accentColor: '#0f766e' });
    await putLogo(pro, pngLogo());
    await t.db.db
      .update(users)
      .set({ subscriptionTier: 'free', subscriptionStatus: 'canceled' })
      .where(eq(users.id, pro.user.id));
    const after = brandingOf(await call(pro, 'GET', '/api/exports/branding'));
    expect(after).toMatchObject({ companyName: 'Acme', accentColor: '#0f766e', isApplied: false });
    expect(after.logo).not.toBeNull();
    expect(brandingOf(await call(pro, 'DELETE', '/api/exports/branding/logo')).logo).toBeNull();
  });
});
