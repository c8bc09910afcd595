import { describe, expect, it } from 'vitest';
import { jobTitle } from './plan-opportunities.ts';

// A job opportunity's title: the job, then whom it is for or the market it belongs to, and never a
// sentence.

describe('job titles', () => {
  const job = { phrase: 'Reviewing time sheets' };

  it('names the segment, else a short offering', () => {
    expect(jobTitle(job, { segmentText: 'small restaurants', offeringText: 'payroll' })).toBe(
      'Reviewing time sheets for small restaurants',
    );
    expect(jobTitle(job, { segmentText: null, offeringText: 'payroll software' })).toBe(
      'Reviewing time sheets in payroll software',
    );
  });

  it('titles the job alone when the offering is a clause or a story', () => {
    expect(jobTitle(job, { segmentText: null, offeringText: 'we keep paying our staff late every month' })).toBe(
      'Reviewing time sheets',
    );
    expect(
      jobTitle(job, {
        segmentText: null,
        offeringText: 'payroll, scheduling, tip pooling and overtime rules across three states',
      }),
    ).toBe('Reviewing time sheets');
    expect(jobTitle(job, { segmentText: null, offeringText: '' })).toBe('Reviewing time sheets');
  });
});
