import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MarketReportDto } from '#shared/market-research/market-research.schemas.ts';
import { MarketReportView } from './market-report-view.tsx';

// A report with too little data says exactly what the data held, and never suggests the very market
// the user typed as the example to try.

function emptyReport(market: string, industries: MarketReportDto['profile']['industries']): MarketReportDto {
  return {
    id: 3,
    market,
    createdAt: '2026-11-20T10:00:00.000Z',
    status: 'empty',
    corpus: { version: 'fixture-1', kind: 'full' },
    profile: {
      query: { text: market, offering: market, segment: null, words: [], warnings: [] },
      industries,
      occupations: [],
      startups: {
        companies: 0,
        byYear: [],
        survivors: 0,
        inactive: 0,
        failureTags: [],
        examples: [],
        failedExamples: [],
      },
    },
    opportunities: [],
    opportunitiesNote: 'Nothing in the data comes close enough to this query.',
    customers: {
      opportunityTitle: null,
      evidence: [],
      noIndustryNote: 'The analysis names no single customer industry: it found no opportunity to read one from.',
    },
    caveats: [],
    countedAsSearch: false,
    source: null,
  };
}

const view = (report: MarketReportDto) =>
  render(
    <MemoryRouter>
      <MarketReportView report={report} />
    </MemoryRouter>,
  );

describe('an empty market report', () => {
  it('says the data has nothing when nothing matched', () => {
    view(emptyReport('zxqv blorf', []));
    const note = screen.getByRole('status');
    expect(note.textContent).toContain('The data has nothing on this market');
    expect(note.textContent).toContain('scheduling for dental practices');
    expect(note.textContent).toContain('This report used no search.');
  });

  it('names the industry codes that matched instead of saying "nothing", and suggests another market', () => {
    view(
      emptyReport('Scheduling for dental practices', [
        { code: '621210', title: 'Offices of Dentists', description: 'Dentists in private practice.' },
      ]),
    );
    const note = screen.getByRole('status');
    expect(note.textContent).toContain(
      'The data has little on this market: only the industry code below shares its words',
    );
    expect(note.textContent).not.toContain('has nothing');
    expect(note.textContent).toContain('invoicing for plumbers');
    expect(note.textContent).not.toContain('“scheduling for dental practices”');
    expect(screen.getByText('Offices of Dentists', { exact: false })).toBeTruthy();
  });
});

// The Customers section (issue 28 point 9): the industry the analysis names, each figure the value of an
// evidence item and cited to it; a plain sentence, and no size, when the analysis names none.

const DENTISTS: MarketReportDto['customers'] = {
  opportunityTitle: 'Insurance verification for dental clinics',
  evidence: [
    {
      id: 'industry:customer',
      source: 'staffing',
      ref: '6212',
      value: 'Offices of dentists',
      note: "Customers' industry: Offices of dentists (NAICS 6212), where 75 % of general dentists work; 955,500 employees in 2018",
    },
    {
      id: 'industry:establishments',
      source: 'census',
      ref: '6212',
      value: 135333,
      note: 'Offices of dentists: 135,333 establishments in the U.S. in 2021',
    },
    {
      id: 'industry:staff:31-9091',
      source: 'staffing',
      ref: '31-9091',
      value: 32.6,
      note: 'Dental assistants: 32.6 % of the employees of offices of dentists (311,200 in 2018)',
    },
    {
      id: 'industry:staff:29-2021',
      source: 'staffing',
      ref: '29-2021',
      value: 21.5,
      note: 'Dental hygienists: 21.5 % of the employees of offices of dentists (205,500 in 2018)',
    },
  ],
  noIndustryNote: null,
};

const withCustomers = (customers: MarketReportDto['customers']): MarketReportDto => ({
  ...emptyReport('insurance verification for dental clinics', []),
  status: 'ok',
  customers,
});

describe('the Customers section of a market report', () => {
  it('names the industry with its NAICS code, establishments and staff, each figure cited to its evidence', () => {
    view(withCustomers(DENTISTS));
    const section = screen.getByRole('region', { name: 'Customers' });
    const cited = (text: string, n: number) => {
      const figures = section.querySelector('dl') as HTMLElement;
      const item = within(figures).getByText(text, { exact: false });
      const link = within(item).getByRole('link', { name: `source ${n}` });
      const target = section.querySelector(link.getAttribute('href')!);
      return target?.textContent ?? '';
    };
    expect(cited('Offices of dentists (NAICS 6212)', 1)).toContain("Customers' industry: Offices of dentists");
    expect(cited('135,333 establishments', 2)).toContain('County Business Patterns 2021');
    expect(cited('Dental assistants: 32.6 %', 3)).toContain('32.6 % of the employees of offices of dentists');
    expect(cited('Dental hygienists: 21.5 %', 4)).toContain('National Employment Matrix');
    expect(section.textContent).not.toContain('names no single customer industry');
    // The definition reads the market from the industry data, not dictionary senses.
    expect(screen.getByRole('region', { name: 'Definition' }).textContent).toContain(
      'Its customers are Offices of dentists (NAICS 6212)',
    );
  });

  it('says plainly that no industry is named, and shows no size, for a consumer market', () => {
    const note =
      'The analysis names no single customer industry: it reads this as a market of consumers, or of buyers across many industries, so this report gives no number of customers rather than guess one.';
    view(withCustomers({ opportunityTitle: null, evidence: [], noIndustryNote: note }));
    const section = screen.getByRole('region', { name: 'Customers' });
    expect(section.textContent).toBe(`Customers${note}`);
    expect(within(section).queryByRole('link')).toBeNull();
    expect(screen.getByRole('region', { name: 'Definition' }).textContent).not.toContain('Its customers are');
  });

  it('a report saved before customers were recorded says so instead of showing none', () => {
    view(withCustomers(null));
    expect(screen.getByRole('region', { name: 'Customers' }).textContent).toContain(
      'saved before customers were recorded',
    );
  });
});
