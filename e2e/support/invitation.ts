import type { Page } from 'playwright-core';
import { mailText } from './session.ts';

const INVITATION_LINK = /https?:\/\/\S+\/teams\/join#token=[A-Za-z0-9_-]+/;

/** The team invitation link e-mailed to `to`, read from the outbox test hook (the mail job runs async). */
export async function invitationLink(page: Page, to: string): Promise<string> {
  const link = INVITATION_LINK.exec(await mailText(page, to, INVITATION_LINK))?.[0];
  if (!link) throw new Error(`no invitation e-mail for ${to}`);
  return link;
}
