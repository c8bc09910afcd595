import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CustomerIndustry } from './demand-evidence.tsx';
import { EvidenceList } from './evidence-list.tsx';
import { OpportunityDetails } from './opportunity-details.tsx';
import { dentalIndustryEvidence, fakeOpportunityDto } from '../test/result-fixtures.ts';

// The customer's industry on an opportunity (issue 28): its own group beside Demand, and the evidence rows
// with their sources named and their values written for people (the seed corpus has none of this).

describe("the customers' industry", () => {
  it('groups the industry, its establishments and its staff, naming both sources', () => {
    render(<CustomerIndustry evidence={dentalIndustryEvidence} />);
    const group = screen.getByRole('heading', { name: "Customers' industry" }).closest('section')!;
    const g = within(group);
    expect(g.getByText(/^Offices of dentists \(NAICS 6212\), where 75 % of dentists, general work/)).toBeTruthy();
    expect(g.getByText('135,333 establishments in the U.S. in 2021')).toBeTruthy();
    expect(g.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Dental assistants — 32.6 % of employees',
      'Dental hygienists — 21.5 % of employees',
    ]);
    expect(
      g.getByText('Sources: BLS National Employment Matrix 2018–2028; Census County Business Patterns 2021'),
    ).toBeTruthy();
  });

  it('is left out when the engine claims no industry', () => {
    const { container } = render(
      <CustomerIndustry evidence={dentalIndustryEvidence.filter((e) => !e.id.startsWith('industry:'))} />,
    );
    expect(container.textContent).toBe('');
  });

  it('shows on the opportunity between Demand and the recommendations', () => {
    render(<OpportunityDetails result={fakeOpportunityDto(1, { evidence: dentalIndustryEvidence })} />);
    const headings = screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(headings.indexOf("Customers' industry")).toBe(headings.indexOf('Demand') + 1);
  });
});

describe('evidence rows of the industry', () => {
  it('label their sources and links, and do not repeat a value the note already says', () => {
    render(<EvidenceList evidence={dentalIndustryEvidence} />);
    const rows = screen.getAllByRole('listitem');
    const establishments = rows.find((r) => r.textContent.includes('135,333 establishments'))!;
    expect(establishments.textContent).not.toContain('135333');
    expect(establishments.textContent).toContain('U.S. Census Bureau, County Business Patterns 2021');
    expect(
      within(establishments)
        .getByRole('link', { name: /Census County Business Patterns 2021/ })
        .getAttribute('href'),
    ).toBe('https://www.census.gov/programs-surveys/cbp.html');
    const industry = rows.find((r) => r.textContent.startsWith("Customers' industry"))!;
    expect(industry.textContent).not.toContain('— Offices of dentists');
    expect(within(industry).getByRole('link', { name: /BLS National Employment Matrix 2018–2028/ })).toBeTruthy();
    const staff = rows.find((r) => r.textContent.startsWith('Dental assistants'))!;
    expect(staff.textContent).not.toMatch(/— 32\.6/);
  });

  it('still print a value the note does not state, formatted', () => {
    render(
      <EvidenceList
        evidence={[{ id: 'industry:staff:1', source: 'staffing', ref: '1', value: 1234.5, note: 'Share of staff' }]}
      />,
    );
    expect(screen.getAllByRole('listitem')[0]?.textContent).toContain('Share of staff — 1,234.5 %');
  });
});
