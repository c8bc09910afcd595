import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Opportunity } from '#shared/engine/analysis.schemas.ts';
import type { SearchResultDto } from '#shared/searches/search.schemas.ts';
import { dentalOnlyOpportunity, vetAnalysisOpportunities } from '#shared/engine/test/market-map-fixtures.ts';
import { MarketMap } from './market-map.tsx';

// The market map on the analysis page (issue 28): the grid of cells as links to their opportunities, the
// legend that names each colour, the table behind the chart with the same figures, and the one-cell case.

const stored = (o: Opportunity, id: number): SearchResultDto => ({ ...o, id, searchId: 9, isSaved: false });
const vetResults = vetAnalysisOpportunities.map((o, i) => stored(o, 100 + i));

function OpenedOpportunity() {
  return <p>opened result {useParams().id}</p>;
}

function renderMap(results: SearchResultDto[]) {
  return render(
    <MemoryRouter initialEntries={['/search/9']}>
      <Routes>
        <Route path="/search/:id" element={<MarketMap results={results} />} />
        <Route path="/search-result/:id" element={<OpenedOpportunity />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the market map', () => {
  it('draws one link a scored cell, named by the opportunity and its figures, and marks the empty cell', () => {
    renderMap(vetResults);
    const map = screen.getByRole('region', { name: 'Market map' });
    expect(
      within(map)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['veterinary clinics', "physicians' offices"]);
    const physicians = within(map).getByRole('link', {
      name: /^Open the opportunity Front desk automation for physicians' offices:/,
    });
    expect(physicians.textContent).toContain('64/100 High');
    expect(physicians.textContent).toContain('3 competitors (1 active)');
    expect(physicians.textContent).toContain('220.1K establishments · 412.6K workers');
    const billing = within(map).getByRole('link', { name: /^Open the opportunity Billing for veterinary clinics:/ });
    expect(billing.textContent).toContain('47/100 Medium');
    expect(billing.textContent).toContain('Demand not sized');
    expect(billing.textContent).toContain('No competitor found');
    expect(within(map).getAllByText('Not scored')).toHaveLength(1);
    expect(within(map).getByText('2 segments × 2 jobs: 3 scored, 1 not scored.')).toBeTruthy();
  });

  it('names every colour in a legend, and writes the band in each cell', () => {
    renderMap(vetResults);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Score High (60–100)',
      'Score Medium (40–59)',
      'Score Low (0–39)',
      'Not scored: no opportunity for this segment and job',
    ]);
    const core = screen.getByRole('link', {
      name: /^Open the opportunity Front desk automation for veterinary clinics:/,
    });
    expect(core.textContent).toContain('38/100 Low');
  });

  it('opens the opportunity of a cell from the keyboard', async () => {
    const user = userEvent.setup();
    renderMap(vetResults);
    const links = screen.getAllByRole('link', { name: /^Open the opportunity/ });
    expect(links).toHaveLength(3);
    const physicians = screen.getByRole('link', {
      name: /^Open the opportunity Front desk automation for physicians' offices:/,
    });
    let tabs = 0;
    while (document.activeElement !== physicians && tabs < 20) {
      await user.tab();
      tabs++;
    }
    expect(document.activeElement).toBe(physicians);
    // Reading order is row by row: the two veterinary cells come before the physicians' offices one.
    expect(links.indexOf(physicians)).toBe(2);
    await user.keyboard('{Enter}');
    expect(screen.getByText('opened result 101')).toBeTruthy();
  });

  it('holds the same figures in a table with a caption and headers, the empty cell included', () => {
    renderMap(vetResults);
    const table = screen.getByRole('table');
    expect(within(table).getByText(/^Market map: 3 scored cells/).tagName).toBe('CAPTION');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => [h.textContent, h.getAttribute('scope')]),
    ).toEqual([
      ['Customer segment', 'col'],
      ['Job', 'col'],
      ['Opportunity', 'col'],
      ['Score', 'col'],
      ['Supply', 'col'],
      ['Establishments', 'col'],
      ['People doing the work', 'col'],
      ['Growth', 'col'],
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    const cellsOf = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('veterinary clinics');
    expect(cellsOf(rows[0]!)).toEqual([
      'front desk automation',
      'Front desk automation for veterinary clinics',
      '38/100 (low)',
      '1 competitor, 1 active; 2 established software products',
      '32,634',
      '271,300 people doing this work (U.S., whole occupation)',
      '+7 % to 2033',
    ]);
    expect(cellsOf(rows[1]!)).toEqual([
      'billing',
      'Billing for veterinary clinics',
      '47/100 (medium)',
      'no competitor found',
      'Not sized',
      'Not sized',
      '—',
    ]);
    expect(cellsOf(rows[2]!)[4]).toBe('220,113');
    expect(cellsOf(rows[3]!)).toEqual(['billing', 'Not scored: no opportunity for this segment and job']);
    expect(
      within(rows[0]!).getByRole('link', { name: 'Front desk automation for veterinary clinics' }).getAttribute('href'),
    ).toBe('/search-result/100');
  });

  it('says plainly when the map has one cell', () => {
    renderMap([stored(dentalOnlyOpportunity, 7)]);
    expect(screen.getByRole('note').textContent).toBe(
      'This map has one cell: the analysis scored one customer segment (dental practices) and one job (software), so there is nothing to compare it with here.',
    );
    expect(screen.getAllByRole('link', { name: /^Open the opportunity/ })).toHaveLength(1);
  });

  it('is not drawn without opportunities', () => {
    const { container } = renderMap([]);
    expect(container.textContent).toBe('');
  });
});
