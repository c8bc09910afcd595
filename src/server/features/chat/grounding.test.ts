import { describe, expect, it } from 'vitest';
import type { Citation } from '#shared/chat/chat.schemas.ts';
import { contradictedClaims } from './grounding.logic.ts';

// The claim check of model answers (issue 32): "none" and totals against the companies given.

const company = (slug: string): Citation => ({
  kind: 'competitor',
  ref: `company:${slug}`,
  resultId: 1,
  label: slug,
  text: `${slug} (Winter 2020, Active): software for clinics`,
});
const evidence: Citation = { kind: 'evidence', ref: 'onet:29-1', resultId: 1, label: 'onet', text: '30,790 people' };
const two = [company('laika'), company('fondo'), evidence];

describe('contradicted claims', () => {
  it.each([
    'There are no competitors at all [company:laika]',
    'No existing solution serves them.',
    'Nobody is building this yet.',
    'There are zero direct competitors.',
    'There are five companies here.',
    'Only 7 startups compete.',
  ])('flags "%s" when the evidence lists two companies', (answer) => {
    expect(contradictedClaims(answer, two, two)).not.toEqual([]);
  });

  it.each([
    'Laika and Fondo already serve this [company:laika] [company:fondo].',
    'There are two companies here [company:laika].',
    'One of the companies, Laika, is active.',
    'The top 1 company is Laika.',
    'No occupation data contradicts this; 30,790 people do the work [onet:29-1].',
  ])('accepts "%s"', (answer) => {
    expect(contradictedClaims(answer, two, two)).toEqual([]);
  });

  it('accepts "no competitors" when the evidence lists none', () => {
    expect(contradictedClaims('There are no competitors in the evidence.', [evidence], [evidence])).toEqual([]);
  });
});
