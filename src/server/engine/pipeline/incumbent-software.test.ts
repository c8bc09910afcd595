import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFullCorpus } from '../corpus/load-corpus.ts';
import { FIXTURE_DATASETS_DIR } from '../test/engine-fixtures.ts';
import { productFitsIndustry } from './incumbent-software.ts';

// The fixture's O*NET slice, with receptionists (at home in no industry: they work everywhere) given
// one dental product the fixture's dentists use and one product only they use. Dentists are at home
// in offices of dentists (621200), lawyers in legal services (541100): staffing.test.ts.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-incumbents-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
fs.cpSync(FIXTURE_DATASETS_DIR, dir, { recursive: true });
const tech = path.join(dir, 'onet', 'technology-skills.txt');
fs.appendFileSync(
  tech,
  [
    '43-4171.00\tReceptionists and Information Clerks\tACE Dental\t43232610\tMedical software\tN\tN',
    '43-4171.00\tReceptionists and Information Clerks\tFront Desk Visitor Log\t43232306\tData base user interface and query software\tN\tN',
    '',
  ].join('\n'),
);
const corpus = loadFullCorpus(dir);

describe('software already used in the work, by industry', () => {
  it("keeps a specific product inside its users' home industry and drops it outside", () => {
    expect(corpus.techBySoc.get('43-4171.00')?.map((t) => t.product)).toContain('ACE Dental');
    // A dental product is the software of a dental office's front desk, not of a law firm's.
    expect(productFitsIndustry(corpus, 'ACE Dental', '621210')).toBe(true);
    expect(productFitsIndustry(corpus, 'ACE Dental', '6212')).toBe(true);
    expect(productFitsIndustry(corpus, 'ACE Dental', '541110')).toBe(false);
    expect(productFitsIndustry(corpus, 'Abacus Data Systems AbacusLaw', '541110')).toBe(true);
    expect(productFitsIndustry(corpus, 'Abacus Data Systems AbacusLaw', '621210')).toBe(false);
  });

  it('keeps a product when nothing says where it belongs: no industry known, or no user at home anywhere', () => {
    expect(productFitsIndustry(corpus, 'ACE Dental', null)).toBe(true);
    expect(productFitsIndustry(corpus, 'Front Desk Visitor Log', '541110')).toBe(true);
  });
});
