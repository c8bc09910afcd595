import { describe, expect, it } from 'vitest';
import { jobTitle } from './plan-opportunities.ts';

// A job opportunity's title: the job, then whom it is for or the market it belongs to, and never a
// sentence.

describe('job titles', () => {
  const job = { phrase: 'Reviewing time sheets' };

  it('names the segment, else a short offering', () => {
    const text = 'payroll for small restaurants';
    expect(jobTitle(job, { segmentText: 'small restaurants', offeringText: 'payroll', text })).toBe(
      'Reviewing time sheets for small restaurants',
    );
    expect(jobTitle(job, { segmentText: null, offeringText: 'payroll software', text: 'payroll software' })).toBe(
      'Reviewing time sheets in payroll software',
    );
  });

  it('keeps the capitals the user typed', () => {
    expect(
      jobTitle(job, {
        segmentText: 'k-12 school districts',
        offeringText: 'software',
        text: 'Software for K-12 school districts',
      }),
    ).toBe('Reviewing time sheets for K-12 school districts');
    expect(jobTitle(job, { segmentText: null, offeringText: 'shopify payroll', text: 'Shopify payroll' })).toBe(
      'Reviewing time sheets in Shopify payroll',
    );
  });

  it('titles the job alone when it already says for whom or where', () => {
    const text = 'legal research for lawyers';
    const laws = { phrase: 'Interpreting laws and regulations for individuals and businesses' };
    expect(jobTitle(laws, { segmentText: 'lawyers', offeringText: 'legal research', text })).toBe(laws.phrase);
    const audits = { phrase: 'Reviewing audits in regulated industries' };
    expect(jobTitle(audits, { segmentText: null, offeringText: 'audit software', text: 'audit software' })).toBe(
      audits.phrase,
    );
  });

  it('titles the job alone when the offering is a clause or a story', () => {
    const story = 'we keep paying our staff late every month';
    expect(jobTitle(job, { segmentText: null, offeringText: story, text: story })).toBe('Reviewing time sheets');
    const list = 'payroll, scheduling, tip pooling and overtime rules across three states';
    expect(jobTitle(job, { segmentText: null, offeringText: list, text: list })).toBe('Reviewing time sheets');
    expect(jobTitle(job, { segmentText: null, offeringText: '', text: '' })).toBe('Reviewing time sheets');
  });
});
