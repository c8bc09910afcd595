import type { Competitor, Evidence, Opportunity, ScoreBreakdown } from '../analysis.schemas.ts';

// Opportunities shaped as the engine returns them (issue 28), for the market map's tests on every side.
// The veterinary and dental evidence rows are copied from `npm run gaps -- --json` on the full datasets
// (2026-11-27); the adjacent-industry job cell carries the work-activity demand row measure.ts writes
// (`activity:<id>:demand`, thousands of people), and one job cell has no demand evidence at all.

const breakdown: ScoreBreakdown = { score: 0, formula: 'fixture', factors: [] };

function opportunity(
  change: Partial<Opportunity> & Pick<Opportunity, 'rank' | 'title' | 'cell' | 'opportunityScore'>,
): Opportunity {
  return {
    description: `${change.title}: a fixture opportunity.`,
    gapReason: 'Fixture gap reason.',
    competitorAnalysis: 'Fixture competitor analysis.',
    industryContext: 'Fixture context.',
    targetAudience: 'Fixture audience',
    actionableRecommendations: ['Interview ten practice managers'],
    keyTrends: ['Fixture trend'],
    category: 'healthcare',
    innovationScore: 50,
    marketSize: 50,
    feasibility: 50,
    marketPotential: 'medium',
    confidenceScore: 60,
    priority: 'medium',
    relevance: 0.8,
    latestEvidenceDate: null,
    competitors: [],
    evidence: [],
    breakdown: {
      opportunityScore: breakdown,
      innovationScore: breakdown,
      // A market not sized has no size breakdown score either, as the rubric writes it.
      marketSize:
        change.marketSize === null ? { ...breakdown, score: null, formula: 'not sized (fixture)' } : breakdown,
      feasibility: breakdown,
      confidenceScore: breakdown,
      marketPotential: breakdown,
      priority: breakdown,
    },
    riskFlags: [],
    ...change,
  };
}

function yc(name: string, status: string): Competitor {
  return { name, status, batch: 'Winter 2024', source: 'yc', verified: true };
}

const vetEvidence: Evidence[] = [
  {
    id: 'company:scritch',
    source: 'yc',
    ref: 'scritch',
    value: 'Active',
    note: 'Scritch (Winter 2024, Active): AI operating system for veterinary care',
    url: 'https://www.scritchai.com',
    date: '2024-02-09',
  },
  {
    id: 'onet:43-4081.00:role',
    source: 'onet',
    ref: '43-4081.00',
    value: 'worker',
    note: 'People whose work this does or supports: Hotel, Motel, and Resort Desk Clerks; 100 % match with the query',
  },
  {
    id: 'bls:43-4081:employment',
    source: 'bls',
    ref: '43-4081',
    value: 271.3,
    note: 'Hotel, motel, and resort desk clerks: 271.3 thousand employed in the U.S. in 2023',
  },
  {
    id: 'bls:43-4081:growth',
    source: 'bls',
    ref: '43-4081',
    value: 7,
    note: 'Hotel, motel, and resort desk clerks: employment projected to change +7 % from 2023 to 2033, 45.9 thousand openings a year',
  },
  {
    id: 'industry:customer',
    source: 'naics',
    ref: '541940',
    value: 'Veterinary Services',
    note: 'Customers\' industry: Veterinary Services (NAICS 541940): the query\'s "veterinary clinics" is "Veterinary clinics" in the Census NAICS index; veterinary services employed 388,400 people in 2018',
  },
  {
    id: 'industry:establishments',
    source: 'census',
    ref: '541940',
    value: 32634,
    note: 'Veterinary Services: 32,634 establishments in the U.S. in 2021',
  },
  {
    id: 'onet:43-4081.00:tech:0',
    source: 'onet',
    ref: '43-4081.00',
    value: 'ASI FrontDesk',
    note: 'Software already used in this work (O*NET): Facilities management software, used by Hotel, Motel, and Resort Desk Clerks',
  },
  {
    id: 'onet:43-4081.00:tech:1',
    source: 'onet',
    ref: '43-4081.00',
    value: 'InnQuest roomMaster',
    note: 'Software already used in this work (O*NET): Facilities management software, used by Hotel, Motel, and Resort Desk Clerks',
  },
];

/** The query's own cell: front desk automation for veterinary clinics (real evidence, one competitor). */
export const vetCoreOpportunity = opportunity({
  rank: 1,
  title: 'Front desk automation for veterinary clinics',
  cell: { offering: 'front desk automation', segment: 'veterinary clinics', kind: 'core' },
  opportunityScore: 38.215,
  competitors: [yc('Scritch', 'Active')],
  evidence: vetEvidence,
});

/** The same job for an adjacent industry that employs the same workers, measured by its work activity. */
export const physiciansJobOpportunity = opportunity({
  rank: 2,
  title: "Front desk automation for physicians' offices",
  cell: { offering: 'front desk automation', segment: "physicians' offices", kind: 'job' },
  opportunityScore: 64.4,
  competitors: [yc('Klara', 'Acquired'), yc('Luma Health', 'Active'), yc('Relatient', 'Inactive')],
  evidence: [
    {
      id: 'industry:establishments',
      source: 'census',
      ref: '621111',
      value: 220113,
      note: 'Offices of Physicians (except Mental Health Specialists): 220,113 establishments in the U.S. in 2021',
    },
    {
      id: 'activity:4.A.4.a.2.I12.D07:demand',
      source: 'staffing',
      ref: '4.A.4.a.2.I12.D07',
      value: 412.6,
      note: 'People doing "Schedule appointments" (O*NET work activity): 412,600 in offices of physicians (BLS, 2018), in 2 occupations (receptionists and information clerks, medical secretaries and administrative assistants)',
    },
  ],
});

/** Another large job of the customer's industry, with no demand evidence: not sized. */
export const vetBillingOpportunity = opportunity({
  rank: 3,
  title: 'Billing for veterinary clinics',
  cell: { offering: 'billing', segment: 'veterinary clinics', kind: 'job' },
  opportunityScore: 47,
  marketSize: null,
  competitors: [],
  evidence: [
    {
      id: 'naics:541940',
      source: 'naics',
      ref: '541940',
      value: 'Veterinary Services',
      note: 'NAICS 541940 Veterinary Services',
    },
  ],
});

/** Three opportunities on two segments × two jobs: one pair (billing for physicians' offices) is empty. */
export const vetAnalysisOpportunities: Opportunity[] = [
  vetCoreOpportunity,
  physiciansJobOpportunity,
  vetBillingOpportunity,
];

/** A single-opportunity analysis as the words-only engine returns it for "software for dental practices". */
export const dentalOnlyOpportunity = opportunity({
  rank: 1,
  title: 'Software for dental practices',
  cell: { offering: 'software', segment: 'dental practices', kind: 'core' },
  opportunityScore: 27.535,
  competitors: [
    yc('Dentistry.ai', 'Active'),
    yc('Overjet', 'Active'),
    yc('Pearl', 'Active'),
    yc('Dandy', 'Active'),
    yc('Toothio', 'Inactive'),
    yc('Denteo', 'Acquired'),
  ],
  evidence: [
    {
      id: 'onet:31-9091.00:role',
      source: 'onet',
      ref: '31-9091.00',
      value: 'worker',
      note: 'People whose work this does or supports: Dental Assistants; 49 % match with the query',
    },
    {
      id: 'bls:31-9091:employment',
      source: 'bls',
      ref: '31-9091',
      value: 376.5,
      note: 'Dental assistants: 376.5 thousand employed in the U.S. in 2023',
    },
    {
      id: 'bls:31-9091:growth',
      source: 'bls',
      ref: '31-9091',
      value: 8.4,
      note: 'Dental assistants: employment projected to change +8.4 % from 2023 to 2033, 54.9 thousand openings a year',
    },
  ],
});
