import { describe, expect, it } from 'vitest';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { fakeAnalysis } from '../../test/fake-engine.ts';
import { generatePhases } from './plan-generator.logic.ts';
import type { GeneratorInput, IdeaFacts } from './plan-facts.logic.ts';
import { SYSTEM_TEMPLATES } from './plan-templates.constants.ts';

// Issue 29, an action plan for "AI phone receptionist for independent dental practices": the product
// was named after an O*NET task ("dentists who would buy Operating telephone switchboard"), a 1–3
// dentist office got "Set up single sign-on, roles and an audit log", a weak score became the task
// "Raise the idea's competition score", and a long task title was cut mid-word ("…taking m").

const JOB =
  'Operate telephone switchboard to answer, screen, or forward calls, providing information, taking messages, and scheduling appointments for patients who call the office before and after the working day';

function opportunity(segment: string, title: string): GeneratorInput {
  const o = fakeAnalysis('x', defaultFilters(), 1).opportunities[0]!;
  o.title = title;
  o.cell = { offering: JOB, segment, kind: 'job' };
  o.targetAudience = `Owners of ${segment}`;
  o.evidence.push(
    {
      id: 'onet:29-1021.00:role',
      source: 'onet',
      ref: '29-1021.00',
      value: 'customer',
      note: 'Customers for this work: Dentists, General',
    },
    {
      id: 'onet:43-4171.00:task:1',
      source: 'onet',
      ref: '43-4171.00',
      value: JOB,
      note: 'Task of Receptionists and Information Clerks',
    },
  );
  return o;
}
const b2b = SYSTEM_TEMPLATES.find((t) => t.name === 'B2B SaaS')!;
const titles = (input: GeneratorInput) => generatePhases(input, b2b).flatMap((p) => p.tasks.map((t) => t.title));

describe('action plans sized to the customer and named by the product (issue 29)', () => {
  const practice = opportunity(
    'independent dental practices',
    'AI phone receptionist for independent dental practices',
  );

  it('names the product by the opportunity’s title, not the O*NET task', () => {
    const all = titles(practice);
    expect(all).toContain('Interview general dentists who would buy AI phone receptionist');
    expect(all.join(' ')).not.toMatch(/would buy Operate telephone/);
  });

  it('gives a small practice small-business tasks, and SSO only when the evidence says enterprise', () => {
    expect(titles(practice)).not.toContain('Set up single sign-on, roles and an audit log');
    expect(titles(practice)).toContain('Make buying take minutes for a small office');
    const hospitals = opportunity('hospital systems', 'AI phone receptionist for hospital systems');
    expect(titles(hospitals)).toContain('Set up single sign-on, roles and an audit log');
    expect(titles(hospitals)).not.toContain('Make buying take minutes for a small office');
  });

  it('never cuts a word: long titles end at a whole word with an ellipsis', () => {
    const long = titles(practice).filter((t) => t.includes('scheduling') || t.endsWith('…'));
    expect(long.length).toBeGreaterThan(0);
    for (const title of titles(practice)) {
      expect(title.length).toBeLessThanOrEqual(200);
      if (!title.endsWith('…')) continue;
      const lastWord = title
        .slice(0, -1)
        .split(/\s+/)
        .at(-1)!
        .replace(/[^\p{L}]/gu, '');
      expect(JOB.split(/\W+/), title).toContain(lastWord);
    }
  });

  it('turns weak scores into work, never a score as a task', () => {
    const idea: IdeaFacts = {
      id: 1,
      title: 'AI phone receptionist',
      scores: [
        {
          key: 'competition',
          label: 'Competition',
          score: 22,
          whatWouldChange: 'Fewer companies in the field would raise it.',
        },
        {
          key: 'originality',
          label: 'Originality',
          score: 35,
          whatWouldChange: 'Distance from rivals would raise it.',
        },
      ],
      hypotheses: [],
    };
    const all = generatePhases({ ...practice, idea }, b2b).flatMap((p) => p.tasks);
    expect(all.map((t) => t.title).join(' ')).not.toMatch(/score/i);
    expect(all.map((t) => t.title)).toContain(
      'Find what the existing companies leave undone for independent dental practices',
    );
    expect(all.map((t) => t.description).join(' ')).toContain("The idea's competition is 22/100.");
  });
});
