import { describe, expect, it } from 'vitest';
import { citedTitles, evidenceTitle, shortenAtWord } from './evidence-title.ts';

describe('evidence titles (issue 29: raw ids in the PDF and plans)', () => {
  it('names a company by its name, batch and status', () => {
    expect(
      evidenceTitle({ id: 'company:laika', note: 'Laika (W21, Active): Pet care for older owners', value: 'Active' }),
    ).toBe('Laika (W21, Active)');
  });

  it('names an occupation by its role and title, a task by its worker and words', () => {
    expect(
      evidenceTitle({
        id: 'onet:29-1021.00:role',
        note: 'Primary customer: Dentists, General; 85 % match with the query',
        value: 0.85,
      }),
    ).toBe('Primary customer: Dentists, General');
    const task = evidenceTitle({
      id: 'onet:31-9091.00:task:8213',
      note: 'Task of Dental Assistants (job to be done)',
      value: 'Schedule appointments, prepare bills, and receive payment for dental services, complete insurance forms',
    });
    expect(task.startsWith('Task of Dental Assistants: “Schedule appointments')).toBe(true);
    expect(task.endsWith('…”')).toBe(true);
    expect(task).not.toContain('31-9091');
  });

  it('keeps other notes, shortened at a word, never mid-word', () => {
    expect(evidenceTitle({ id: 'naics:621210', note: 'NAICS 621210 Offices of dentists', value: 'x' })).toBe(
      'NAICS 621210 Offices of dentists',
    );
    expect(shortenAtWord('answering the telephone taking messages', 30)).toBe('answering the telephone…');
    expect(citedTitles(['company:gone'], [])).toEqual(['company:gone']);
  });
});
