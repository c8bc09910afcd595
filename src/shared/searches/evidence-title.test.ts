import { describe, expect, it } from 'vitest';
import {
  citedTitles,
  evidenceTitle,
  evidenceValueBesideNote,
  evidenceValueText,
  shortenAtWord,
} from './evidence-title.ts';

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

describe('evidence values as printed beside their notes (issue 28)', () => {
  it('groups counts, gives a staff share its unit and keeps text as it is', () => {
    expect(evidenceValueText({ id: 'industry:establishments', value: 135333 })).toBe('135,333');
    expect(evidenceValueText({ id: 'industry:staff:31-9091', value: 32.6 })).toBe('32.6 %');
    expect(evidenceValueText({ id: 'industry:customer', value: 'Offices of dentists' })).toBe('Offices of dentists');
    expect(evidenceValueText({ id: 'x', value: null })).toBeNull();
  });

  it('leaves out a value the note already says', () => {
    const note = 'Offices of dentists: 135,333 establishments in the U.S. in 2021';
    expect(evidenceValueBesideNote({ id: 'industry:establishments', value: 135333, note })).toBeNull();
    expect(evidenceValueBesideNote({ id: 'fit', value: 0.68, note: 'How well it fits' })).toBe('0.68');
  });

  it("prints no role code beside an occupation's note, which says the role in words", () => {
    const note = 'People whose work this does or supports: Receptionists and Information Clerks; 71 % match';
    expect(evidenceValueBesideNote({ id: 'onet:43-4171.00:role', value: 'worker', note })).toBeNull();
  });
});
