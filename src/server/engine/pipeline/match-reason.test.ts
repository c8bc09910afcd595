import { describe, expect, it } from 'vitest';
import type { Company } from '../corpus/corpus.types.ts';
import type { CompanyMatch } from './company-match.ts';
import { matchReason } from './match-reason.ts';
import { parseQuery } from './parse-query.ts';

function company(oneLiner: string, description = ''): Company {
  return {
    slug: 'pagerly',
    name: 'Pagerly',
    website: null,
    oneLiner,
    description,
    industry: '',
    subindustry: '',
    tags: [],
    batch: 'Winter 2020',
    year: 2020,
    launchedAt: null,
    status: 'Active',
    teamSize: null,
    topCompany: false,
    locations: [],
    source: 'yc',
  };
}

const byWords = { headline: 0, description: 0 } as CompanyMatch;
const byBoth = { headline: 0.6, description: 0.5 } as CompanyMatch;

describe('why a company matched', () => {
  it('shows each shared word as the company writes it, not its folded form', () => {
    const query = parseQuery('incident chaos for hospitals in Texas', []);
    // The folding that matches plurals turns "chaos" into "chao" and "texas" into "texa".
    expect(query.groups.map((g) => g.word)).toEqual(expect.arrayContaining(['chao', 'texa']));
    const reason = matchReason(company('Calm the chaos of hospital incidents across Texas'), byWords, query);
    expect(reason.words).toEqual(['chaos', 'hospital', 'incidents', 'texas']);
    expect(reason.by).toBe('words');
  });

  it('picks the sentence sharing the most words, and names each word once', () => {
    const query = parseQuery('incident response for hospitals', []);
    const reason = matchReason(
      company(
        'Software for teams.',
        'We page people. Incident response for hospitals: every incident, one hospital view.',
      ),
      byBoth,
      query,
    );
    expect(reason.sentence).toBe('Incident response for hospitals: every incident, one hospital view.');
    expect(reason.words).toEqual(['incident', 'response', 'hospitals']);
    expect(reason.by).toBe('meaning and words');
  });

  it('falls back to the one-liner, by meaning, when no sentence shares a word', () => {
    const reason = matchReason(
      company('Quiet nights for on-call engineers.'),
      byBoth,
      parseQuery('incident chaos', []),
    );
    expect(reason).toEqual({ sentence: 'Quiet nights for on-call engineers.', words: [], by: 'meaning' });
  });
});
