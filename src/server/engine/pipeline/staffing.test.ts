import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFullCorpus } from '../corpus/load-corpus.ts';
import { loadStaffing, MARKET_FILES } from '../corpus/load-market-data.ts';
import { FIXTURE_DATASETS_DIR } from '../test/engine-fixtures.ts';
import type { Staffing } from '../corpus/market-data.types.ts';
import { homeIndustry, HOME_SHARE, industryBuyer, staffOf } from './staffing.ts';

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

  describe('who buys for an industry', () => {
    // A made-up economy of 1,000,000 people with two industries, shaped like the BLS rows it stands
    // for: a dental industry whose rarest practitioner (orthodontists) is more concentrated than its
    // main one (dentists), and an engineering-services industry with engineers, architects and a manager.
    const cell = (soc: string, title: string, employment: number) => ({ soc, title, employment });
    const dental = [
      cell('29-1021', 'Dentists, general', 10_000),
      cell('29-1023', 'Orthodontists', 600),
      cell('29-2021', 'Dental hygienists', 20_000),
      cell('31-9091', 'Dental assistants', 30_000),
      cell('11-9111', 'Medical and health services managers', 700),
      cell('43-4171', 'Receptionists and information clerks', 8_000),
    ];
    const engineering = [
      cell('17-2051', 'Civil engineers', 12_000),
      cell('17-1011', 'Architects, except landscape and naval', 6_000),
      cell('11-9041', 'Architectural and engineering managers', 2_000),
      cell('17-3011', 'Architectural and civil drafters', 5_000),
      cell('43-9061', 'Office clerks, general', 20_000),
    ];
    const national = new Map<string, number>([
      ['29-1021', 12_000],
      ['29-1023', 650],
      ['29-2021', 21_000],
      ['31-9091', 33_000],
      ['11-9111', 40_000],
      ['43-4171', 100_000],
      ['17-2051', 30_000],
      ['17-1011', 8_000],
      ['11-9041', 9_000],
      ['17-3011', 6_000],
      ['43-9061', 300_000],
    ]);
    const total = (cells: { employment: number }[]): number => cells.reduce((sum, c) => sum + c.employment, 0);
    const economy: Staffing = {
      byIndustry: new Map([
        ['621200', dental],
        ['541300', engineering],
      ]),
      industryTitle: new Map([
        ['621200', 'Offices of dentists'],
        ['541300', 'Architectural, engineering, and related services'],
      ]),
      industryTotal: new Map([
        ['621200', total(dental)],
        ['541300', total(engineering)],
      ]),
      national,
      nationalTotal: 1_000_000,
      occupationTitle: new Map(),
      aliases: new Map(),
    };

    it('is the practitioner the industry employs most beyond the economy, not the rarest specialty', () => {
      const staff = staffOf(economy, '621200');
      const concentration = (soc: string): number => staff.find((m) => m.soc === soc)!.concentration;
      // The counter-example the old rule (highest concentration) fell for: orthodontists are rarer in the economy.
      expect(concentration('29-1023')).toBeGreaterThan(concentration('29-1021'));
      expect(industryBuyer(economy, '621200')?.soc).toBe('29-1021');
      // Hygienists and assistants are more of the staff, but they do not buy for the practice.
      expect(industryBuyer(economy, '621200')?.soc).not.toMatch(/^(29-2|31-)/);
    });

    it('counts engineers and architects as buyers, and lets the customer the query names choose among them', () => {
      expect(industryBuyer(economy, '541300')?.soc).toBe('17-2051');
      const architects = (soc: string): boolean => soc === '17-1011';
      expect(industryBuyer(economy, '541300', architects)?.soc).toBe('17-1011');
      // A named occupation that cannot buy (the drafters) is not made a buyer by being named.
      expect(industryBuyer(economy, '541300', (soc) => soc === '17-3011')?.soc).toBe('17-2051');
      expect(industryBuyer(economy, '999999')).toBeNull();
    });
  });
});
