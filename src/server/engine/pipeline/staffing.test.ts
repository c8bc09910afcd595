import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFullCorpus } from '../corpus/load-corpus.ts';
import { loadStaffing, MARKET_FILES } from '../corpus/load-market-data.ts';
import { FIXTURE_DATASETS_DIR } from '../test/engine-fixtures.ts';
import { homeIndustry, HOME_SHARE, staffOf } from './staffing.ts';

// The fixture matrix is a slice of the real BLS file: total employment, offices of dentists,
// legal services, accounting services and real estate, for the fixture's occupations and a few of
// their co-workers (hygienists, dental assistants, receptionists, paralegals).

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('staffing matrix', () => {
  const staffing = loadStaffing(FIXTURE_DATASETS_DIR);

  it('finds the industry an occupation mostly works in, and no home for one spread thin', () => {
    expect(homeIndustry(staffing, '29-1021')).toMatchObject({ code: '621200', title: 'Offices of dentists' });
    expect(homeIndustry(staffing, '29-1021')!.share).toBeGreaterThan(0.7);
    expect(homeIndustry(staffing, '23-1011')).toMatchObject({ code: '541100' });
    // Receptionists work everywhere: the dentists' share of them is far below a home's.
    const receptionists = staffOf(staffing, '621200').find((m) => m.soc === '43-4171')!;
    expect(receptionists.employment / staffing.national.get('43-4171')!).toBeLessThan(HOME_SHARE);
    expect(homeIndustry(staffing, '43-4171')).toBeNull();
    expect(homeIndustry(staffing, '99-9999')).toBeNull();
  });

  it("lists an industry's staff by share, with how much more the industry relies on each than the economy", () => {
    const staff = staffOf(staffing, '621200');
    expect(staff.map((m) => m.soc)).toEqual(['31-9091', '29-2021', '29-1021', '43-4171', '13-2011']);
    const total = staffing.industryTotal.get('621200')!;
    expect(staff[0]!.share).toBeCloseTo(staff[0]!.employment / total, 6);
    const hygienists = staff.find((m) => m.soc === '29-2021')!;
    const nationalShare = staffing.national.get('29-2021')! / staffing.nationalTotal;
    expect(hygienists.concentration).toBeCloseTo(hygienists.share / nationalShare, 6);
    expect(hygienists.concentration).toBeGreaterThan(100);
    expect(staffOf(staffing, '000000')).toEqual([]);
  });

  it('is optional in a datasets folder, but a corrupt matrix names its file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-staffing-'));
    dirs.push(dir);
    fs.cpSync(FIXTURE_DATASETS_DIR, dir, { recursive: true });
    expect(loadFullCorpus(dir).market).not.toBeNull();
    const matrix = path.join(dir, MARKET_FILES.staffing);
    fs.writeFileSync(matrix, 'occupation_code,industry_code\n');
    expect(() => loadFullCorpus(dir)).toThrow(MARKET_FILES.staffing);
    fs.rmSync(matrix);
    // Half the market tables is a broken copy, not an older one: it names what is missing.
    expect(() => loadFullCorpus(dir)).toThrow(`${MARKET_FILES.staffing}: missing`);
    for (const file of Object.values(MARKET_FILES).filter((f) => f !== MARKET_FILES.staffing))
      fs.rmSync(path.join(dir, file));
    const without = loadFullCorpus(dir);
    expect(without.market).toBeNull();
    expect(without.version).not.toBe(loadFullCorpus(FIXTURE_DATASETS_DIR).version);
  });
});
