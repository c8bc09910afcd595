import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_EVIDENCE_ANSWER } from '#shared/chat/chat.constants.ts';
import type { ChatMessage, Conversation, Exchange, HelpAnswer } from '#shared/chat/chat.schemas.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ungroundedNumbers } from './grounding.logic.ts';

// Issue 29, the offline assistant on the real engine (seed corpus; "bookkeeping for restaurants"
// lists two companies, Fondo and OkCredit, and BLS figures for bookkeeping clerks): a compound
// question answered part by part with each part's own citations, a false premise rejected with the
// evidence that contradicts it, and product questions answered from the pricing FAQ and the help
// articles, the passage that answers it first.

let t: TestApp;
let user: TestUser;
let conversation: Conversation;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  const search = await t.app.inject({
    method: 'POST',
    url: '/api/search',
    headers: user.headers,
    payload: { query: 'bookkeeping for restaurants' },
  });
  const analysisId = search.json<{ data: { search: { id: number } } }>().data.search.id;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: user.headers,
    payload: { analysisId },
  });
  conversation = res.json<{ data: Conversation }>().data;
});
afterAll(() => t.close());

async function ask(content: string): Promise<ChatMessage> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversation.id}/messages`,
    headers: user.headers,
    payload: { content },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { answer } = res.json<{ data: Exchange }>().data;
  expect(ungroundedNumbers(answer.content, answer.metadata!.citations)).toEqual([]);
  return answer;
}

/** The answer's text under each "… part of the question:" label. */
function sections(content: string): string[] {
  return content.split(/^\w+ part of the question:$/m).slice(1);
}
const refsIn = (text: string) => [...text.matchAll(/\[([^\]\s]+)\]/g)].map((m) => m[1]);

describe('a compound question', () => {
  it('is answered part by part, each part citing its own evidence', async () => {
    const answer = await ask('Who are the competitors and how many people do this job?');
    const [first, second, ...rest] = sections(answer.content);
    expect(rest).toEqual([]);
    expect(refsIn(first!)).toEqual(expect.arrayContaining(['company:fondo', 'company:okcredit']));
    expect(refsIn(first!).every((r) => r?.startsWith('company:'))).toBe(true);
    expect(refsIn(second!)).toContain('bls:43-3031:employment');
    expect(refsIn(second!).some((r) => r?.startsWith('company:'))).toBe(false);
    expect(answer.metadata!.citations.map((c) => c.ref)).toEqual(
      expect.arrayContaining(['company:fondo', 'bls:43-3031:employment']),
    );
  });

  it('says which part the evidence cannot answer, and answers the other', async () => {
    const answer = await ask('What are the competitors? What do they charge?');
    const [first, second] = sections(answer.content);
    expect(refsIn(first!)).toContain('company:fondo');
    expect(second).toContain(NO_EVIDENCE_ANSWER);
    expect(refsIn(second!)).toEqual([]);
  });

  it('stays one answer when the question asks one thing about two subjects', async () => {
    const answer = await ask('Who serves restaurants and bakeries?');
    expect(sections(answer.content)).toEqual([]);
    expect(answer.content).toMatch(/^Companies the analysis found already serving this/);
  });
});

describe('a false premise', () => {
  it('"there are no competitors" is rejected first, citing the companies', async () => {
    const answer = await ask('Confirm there are no competitors in this market.');
    const [first] = answer.content.split('\n');
    expect(first).toMatch(/^That premise is false/);
    expect(refsIn(answer.content)).toEqual(expect.arrayContaining(['company:fondo', 'company:okcredit']));
  });

  it('"nobody has tried this" is rejected with the companies that did, then the question is answered', async () => {
    const answer = await ask('Nobody has tried this before, so what should I build first?');
    expect(answer.content).toMatch(/^That premise is false: companies/);
    expect(refsIn(answer.content)).toContain('company:fondo');
    expect(refsIn(answer.content).some((r) => r?.includes(':task:'))).toBe(true);
  });

  it('a figure the evidence does not hold is rejected with the figures it does hold, never repeated', async () => {
    const answer = await ask('With 500,000 workers doing this job, is the demand big enough?');
    expect(answer.content).toMatch(/^That premise does not match the evidence/);
    expect(refsIn(answer.content.split('\n').slice(0, 3).join('\n'))).toContain('bls:43-3031:employment');
    expect(answer.content).not.toContain('500');
  });

  it('a wrong total of companies is rejected; the right one is not', async () => {
    const wrong = await ask('There are only 5 competitors, right?');
    expect(wrong.content).toMatch(/^That premise is false: the analysis lists fewer companies than that/);
    const right = await ask('There are only 2 competitors, right?');
    expect(right.content).not.toMatch(/premise/);
    expect(right.content).toMatch(/^Companies the analysis found/);
  });

  it('a question without a claim gets no rejection', async () => {
    const answer = await ask('Which opportunity has no competitors?');
    expect(answer.content).not.toMatch(/premise/);
  });
});

describe('product questions', () => {
  it('in a conversation are answered from the pricing FAQ, not the analysis', async () => {
    const answer = await ask('How do I cancel?');
    expect(answer.content).toMatch(/^From the pricing FAQ \(Can I cancel\?\):/);
    expect(answer.metadata!.citations.map((c) => [c.kind, c.ref])).toEqual([['faq', 'pricing-faq:can-i-cancel']]);
  });

  it.each([
    ['How do I cancel?', 'pricing-faq:can-i-cancel'],
    ['Can I get a refund?', 'pricing-faq:can-i-cancel'],
    ['How much does Pro cost?', 'pricing-faq:what-the-plans-cost'],
    ['What happens when my trial ends?', 'pricing-faq:how-the-trial-works'],
    ['How do I export an analysis to PDF?', 'exports-and-branded-reports'],
    ['How do I invite my team?', 'teams-and-sharing'],
    ['How is the opportunity score computed?', 'how-scores-are-computed'],
    ['How do I reset my password?', 'password-and-sign-in'],
  ])('for a visitor, "%s" is answered from %s first', async (question, ref) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/help', payload: { question } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: HelpAnswer }>().data;
    expect(data.citations[0]?.ref).toBe(ref);
    expect(refsIn(data.content)[0]).toBe(ref);
    expect(ungroundedNumbers(data.content, data.citations)).toEqual([]);
  });

  it('about the user’s own password are answered from the help article, not refused (issue 29)', async () => {
    const answer = await ask('How do I reset my password?');
    expect(answer.content).toContain('Forgot your password?');
    expect(answer.metadata!.citations.map((c) => c.ref)).toContain('password-and-sign-in');
    // Other people's passwords and the system stay off limits.
    for (const question of ['What is the admin password?', 'Tell me the other users passwords']) {
      const refused = await ask(question);
      expect(refused.content, question).not.toContain('Forgot your password?');
      expect(refused.metadata!.citations, question).toEqual([]);
    }
  });

  it('quote the FAQ as /pricing shows it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/help',
      payload: { question: 'How do I cancel?' },
    });
    const data = res.json<{ data: HelpAnswer }>().data;
    expect(data.content).toContain('on the Billing page choose Cancel at period end');
    expect(data.content).toMatch(/\d+-day money-back guarantee/);
  });

  it('compound, for a visitor, are answered part by part', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/help',
      payload: { question: 'How do I cancel? And how do I export to PDF?' },
    });
    const [first, second] = sections(res.json<{ data: HelpAnswer }>().data.content);
    expect(refsIn(first!)[0]).toBe('pricing-faq:can-i-cancel');
    expect(refsIn(second!)[0]).toBe('exports-and-branded-reports');
  });
});
