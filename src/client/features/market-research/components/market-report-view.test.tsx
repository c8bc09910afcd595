import { render, screen } from '@testing-library/react';
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
