import type { Page } from 'playwright-core';

/** The team invitation link e-mailed to `to`, read from the outbox test hook (the mail job runs async). */
export async function invitationLink(page: Page, to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await page.request.get(`/api/__test/outbox?to=${encodeURIComponent(to)}`);
    if (res.ok()) {
      const text = ((await res.json()) as { data: { text: string } }).data.text;
      const link = /https?:\/\/\S+\/teams\/join#token=[A-Za-z0-9_-]+/.exec(text)?.[0];
      if (link) return link;
    }
    await page.waitForTimeout(200);
  }
  throw new Error(`no invitation e-mail for ${to}`);
}
