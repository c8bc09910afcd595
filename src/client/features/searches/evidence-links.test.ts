import { describe, expect, it } from 'vitest';
import { evidenceLinks } from './evidence-links.ts';

describe('evidence links are named for where they go', () => {
  it('calls a YC company URL its website and keeps the directory link beside it', () => {
    expect(evidenceLinks({ source: 'yc', url: 'https://www.acme-books.com/about' })).toEqual([
      { href: 'https://www.acme-books.com/about', label: 'Company website (acme-books.com)' },
      { href: 'https://www.ycombinator.com/companies', label: 'Y Combinator directory' },
    ]);
  });

  it('keeps the source name for a page on the source itself, and the source page when there is no URL', () => {
    expect(evidenceLinks({ source: 'yc', url: 'https://www.ycombinator.com/companies/acme' })).toEqual([
      { href: 'https://www.ycombinator.com/companies/acme', label: 'Y Combinator directory' },
    ]);
    expect(evidenceLinks({ source: 'bls' })).toEqual([
      { href: 'https://www.bls.gov/emp/', label: 'BLS Employment Projections 2023–2033' },
    ]);
    expect(evidenceLinks({ source: 'onet', url: 'not a url' })).toEqual([
      { href: 'https://www.onetcenter.org/database.html', label: 'O*NET 29.3' },
    ]);
  });
});
