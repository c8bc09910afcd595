import { describe, expect, it } from 'vitest';
import type { Evidence } from '#shared/engine/analysis.schemas.ts';
import { prefillCustomer } from './idea-customer.logic.ts';

// The idea form's target market from an opportunity (issue 29): the customer the analysis read, never
// the occupation that does the job (that one goes in the description). Pure, on hand-made evidence.

function occupation(soc: string, title: string, role: 'customer' | 'worker'): Evidence[] {
  return [
    { id: `onet:${soc}.00:role`, source: 'onet', ref: `${soc}.00`, value: role, note: `${role}: ${title}` },
    { id: `bls:${soc}:employment`, source: 'bls', ref: soc, value: 214.1, note: `${title}: 214.1 thousand employed` },
  ];
}
const RECEPTIONISTS = occupation('43-4171', 'Receptionists and information clerks', 'worker');
const DENTISTS = occupation('29-1021', 'Dentists, general', 'customer');
const DENTAL_INDUSTRY: Evidence = {
  id: 'industry:customer',
  source: 'staffing',
  ref: '6212',
  value: 'Offices of dentists',
  note: "Customers' industry: Offices of dentists (NAICS 6212)",
};

describe('prefillCustomer', () => {
  it.each([
    {
      case: 'the segment the query named',
      cell: { offering: 'ai phone receptionist', segment: 'independent dental practices' },
      evidence: [...DENTISTS, ...RECEPTIONISTS, DENTAL_INDUSTRY],
      targetMarket: 'Independent dental practices',
      worker: 'Receptionists and information clerks',
    },
    {
      case: 'no segment: the customer industry the analysis read',
      cell: { offering: 'ai phone receptionist', segment: 'all customers' },
      evidence: [...RECEPTIONISTS, DENTAL_INDUSTRY, ...DENTISTS],
      targetMarket: 'Offices of dentists',
      worker: 'Receptionists and information clerks',
    },
    {
      case: 'no segment or industry: the customer occupation',
      cell: { offering: 'ai phone receptionist', segment: 'all customers' },
      evidence: [...RECEPTIONISTS, ...DENTISTS],
      targetMarket: 'Dentists, general',
      worker: 'Receptionists and information clerks',
    },
    {
      case: 'nothing but the worker: the buyers of the offering, as written ("AI" keeps its capitals)',
      cell: { offering: 'AI phone answering', segment: 'all customers' },
      evidence: [...RECEPTIONISTS],
      targetMarket: 'Buyers of AI phone answering',
      worker: 'Receptionists and information clerks',
    },
    {
      case: 'a segment too short for the form: the industry',
      cell: { offering: 'booking', segment: 'spas' },
      evidence: [{ ...DENTAL_INDUSTRY, value: 'Personal care services' }],
      targetMarket: 'Personal care services',
      worker: null,
    },
  ])('$case', ({ cell, evidence, targetMarket, worker }) => {
    const prefill = prefillCustomer({ cell, evidence });
    expect(prefill).toEqual({ targetMarket, worker });
    expect(prefill.targetMarket.toLowerCase()).not.toContain('receptionist');
  });

  it('names no worker when the only occupation is the customer', () => {
    expect(
      prefillCustomer({ cell: { offering: 'x-ray reading', segment: 'all customers' }, evidence: DENTISTS }),
    ).toEqual({
      targetMarket: 'Dentists, general',
      worker: null,
    });
  });
});
