import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { HOUR_MS } from '#shared/app/time.constants.ts';
import { contactRequests, emailOutbox } from '../../db/schema/index.ts';
import { atNextWindowStart } from '../../test/clock-window.ts';
import { createUser } from '../../test/factories.ts';
import { decodedMail, startSmtpPeer } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
const SALES = 'sales-team@example.test';

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, SALES_EMAIL: SALES } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const enquiry = {
  name: 'Ada Lovelace',
  email: 'ada@analytical.example',
  company: 'Analytical Engines Ltd',
  teamSize: '51-200',
  message: 'We would like Unbuilt for our 80-person strategy team, with SSO.',
};

describe('POST /api/contact', () => {
  it('stores the enquiry and e-mails it to sales over SMTP', async () => {
    const { user, headers } = await createUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', headers, payload: enquiry });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ data: { id: number } }>().data.id;
    const [row] = await t.db.db.select().from(contactRequests).where(eq(contactRequests.id, id));
    expect(row).toMatchObject({ name: 'Ada Lovelace', company: 'Analytical Engines Ltd', userId: user.id });
    const mail = decodedMail((await smtp.waitFor(SALES)).raw);
    expect(mail).toContain(`Enterprise enquiry #${id} from Ada Lovelace`);
    expect(mail).toContain('80-person strategy team');
  });

  it('accepts visitors, validates fields, and limits each address to 5 an hour', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...enquiry, email: 'nope', message: 'short' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      email: 'Enter a valid e-mail address.',
      message: 'Message must be at least 20 characters',
    });
    const statuses: number[] = [];
    onTestFinished(atNextWindowStart(t.clock, HOUR_MS));
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: '203.0.113.9', payload: enquiry }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('POST /api/contact without SMTP, or with SMTP down', () => {
  it('writes the mail to the outbox when no SMTP_URL is configured', async () => {
    const local = await createTestApp({ env: { SALES_EMAIL: SALES } });
    try {
      const res = await local.app.inject({ method: 'POST', url: '/api/contact', payload: enquiry });
      expect(res.statusCode).toBe(201);
      const mails = await local.db.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, SALES));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('80-person strategy team');
    } finally {
      await local.close();
    }
  });

  it('answers 503 and keeps no row when the mail cannot be handed over', async () => {
    const down = await startSmtpPeer();
    const url = down.url;
    await down.close();
    const broken = await createTestApp({ env: { SMTP_URL: url, SALES_EMAIL: SALES } });
    try {
      const res = await broken.app.inject({ method: 'POST', url: '/api/contact', payload: enquiry });
      expect(res.statusCode).toBe(503);
      expect(await broken.db.db.select().from(contactRequests)).toHaveLength(0);
    } finally {
      await broken.close();
    }
  });
});
