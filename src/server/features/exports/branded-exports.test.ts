import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createCitingEngine } from '../../test/fake-engine.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { pngLogo } from '../../test/images.ts';
import { pdfPages, pdfPaint } from '../../test/pdf-text.ts';
import { analysisOf, PRO } from '../../test/search-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Branded reports: a paid account's PDF and pitch deck carry its logo, name and accent colour and never
// "Unbuilt", while the data sources' attribution stays; a free account's stored branding is not applied.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: createCitingEngine() } });
  t.clock.set(new Date('2026-07-10T12:00:00Z'));
});
afterAll(() => t.close());

const COMPANY = 'Acme & <Research> Ltd';
const ACCENT = '#0f766e';
const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });

async function brandedUser(): Promise<TestUser> {
  const user = await createUser(t, PRO);
  const put = (url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: user.headers, payload }).then((r) => {
      expect(r.statusCode, r.body).toBe(200);
    });
  await put('/api/exports/branding', { companyName: COMPANY, accentColor: ACCENT });
  await put('/api/exports/branding/logo', { data: pngLogo(120, 40).toString('base64') });
  return user;
}

async function pdfOf(user: TestUser, searchId: number) {
  const res = await get(user, `/api/exports/searches/${searchId}/pdf`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { res, pages: await pdfPages(res.rawPayload), cover: await pdfPaint(res.rawPayload, 1) };
}

function expectAttribution(pages: string[]): void {
  const last = pages.at(-1) ?? '';
  expect(last).toContain('Sources and attribution');
  expect(last).toContain('Y Combinator directory');
  expect(last).toContain('O*NET 29.3 Database by the U.S. Department of Labor');
  expect(last).toContain('(CC BY 4.0)');
  expect(last).toContain('U.S. Bureau of Labor Statistics');
}

describe('branded PDF report', () => {
  it('shows the logo, the company name and the accent colour, never "Unbuilt", and keeps the attribution', async () => {
    const user = await brandedUser();
    const query = '<script>alert("x")</script> dental clinics';
    const id = await analysisOf(t, user, query);
    const { res, pages, cover } = await pdfOf(user, id);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="acme-research-ltd-script-alert-x-script-dental-clinics-${id}.pdf"`,
    );
    expect(pages[0]).toContain(COMPANY);
    expect(pages[0]).toContain('Market-gap report');
    expect(pages[0]).toContain(query);
    pages.forEach((page, i) => {
      expect(page).not.toMatch(/unbuilt/i);
      expect(page).toContain(`${COMPANY} · Market-gap report · page ${i + 1} of ${pages.length}`);
    });
    expect(res.rawPayload.toString('latin1')).not.toMatch(/unbuilt/i);
    expect(cover.images).toBe(1);
    expect(cover.fills).toContain(ACCENT);
    expect(cover.fills).not.toContain('#4f46e5');
    expect((await pdfPaint(res.rawPayload, 2)).fills).toContain(ACCENT);
    expectAttribution(pages);
  });

  it('is not applied for a free account that kept its branding after a downgrade', async () => {
    const user = await brandedUser();
    await t.db.db
      .update(users)
      .set({ subscriptionTier: 'free', subscriptionStatus: 'canceled' })
      .where(eq(users.id, user.user.id));
    const id = await analysisOf(t, user, 'dental clinics');
    const { res, pages, cover } = await pdfOf(user, id);
    expect(res.headers['content-disposition']).toMatch(/filename="unbuilt-dental-clinics-\d+\.pdf"/);
    expect(pages[0]).toContain('Unbuilt');
    expect(pages.join(' ')).not.toContain('Research> Ltd');
    expect(pages[1]).toContain(`Unbuilt · Market-gap report · page 2 of ${pages.length}`);
    expect(cover.images).toBe(0);
    expect(cover.fills).toContain('#4f46e5');
    expect(cover.fills).not.toContain(ACCENT);
    expectAttribution(pages);
  });

  it('stays Unbuilt’s for a Pro account that set no branding', async () => {
    const user = await createUser(t, PRO);
    const id = await analysisOf(t, user, 'dental clinics');
    const { pages, cover } = await pdfOf(user, id);
    expect(pages[0]).toContain('Unbuilt');
    expect(cover.fills).toContain('#4f46e5');
  });
});

describe('branded pitch deck', () => {
  it('carries the logo, name and accent colour, and no "Unbuilt" on any slide', async () => {
    const user = await brandedUser();
    const id = await analysisOf(t, user, 'dental clinics');
    const res = await get(user, `/api/exports/searches/${id}/pptx?template=classic`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="acme-research-ltd-dental-clinics-\d+\.pptx"/);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const slides = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f));
    expect(slides).toHaveLength(13);
    const xml = await Promise.all(slides.map((f) => zip.file(f)?.async('string') ?? Promise.resolve('')));
    for (const slide of xml) {
      expect(slide).not.toMatch(/unbuilt/i);
      expect(slide).toContain('<p:pic>');
      expect(slide).toContain('Acme &amp; &lt;Research&gt; Ltd');
    }
    expect(xml.join('')).toContain(ACCENT.slice(1).toUpperCase());
    expect(Object.keys(zip.files).some((f) => /^ppt\/media\/image.*\.png$/.test(f))).toBe(true);
  });
});
