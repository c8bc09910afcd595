import { describe, expect, it } from 'vitest';
import type { Staffing } from './market-data.types.ts';
import { homeIndustry, staffingSoc } from '../pipeline/staffing.ts';
import { socAliases } from './soc-aliases.ts';

// The matrix's SOC 2010 titles, as the BLS file spells them, and O*NET's SOC 2018 occupations.

function matrix(occupations: [code: string, title: string, employment: number][]): Staffing {
  return {
    byIndustry: new Map(),
    industryTitle: new Map(),
    industryTotal: new Map(),
    national: new Map(occupations.map(([code, , employment]) => [code, employment])),
    nationalTotal: 1_000_000,
    occupationTitle: new Map(occupations.map(([code, title]) => [code, title])),
    aliases: new Map(),
  };
}

const staffing = matrix([
  ['15-1132', 'Software developers, applications', 944_200],
  ['15-1133', 'Software developers, systems software', 405_000],
  ['15-2090', 'Miscellaneous mathematical science occupations', 3_000],
  ['11-3011', 'Administrative services managers', 281_700],
  ['53-1011', 'Aircraft cargo handling supervisors', 8_000],
  [
    '53-1048',
    'First-Line supervisors of transportation and material moving workers, except aircraft cargo handling supervisors',
    400_000,
  ],
  ['29-1069', 'Physicians and surgeons, all other', 400_000],
  ['29-1021', 'Dentists, general', 130_000],
  ['39-9021', 'Personal care aides', 2_000_000],
]);

describe('SOC 2018 occupations bridged to the matrix’s SOC 2010 codes', () => {
  const aliases = socAliases(staffing, [
    { soc: '15-1252.00', title: 'Software Developers' },
    { soc: '15-2051.00', title: 'Data Scientists' },
    { soc: '11-3013.00', title: 'Facilities Managers' },
    { soc: '11-3012.00', title: 'Administrative Services Managers' },
    { soc: '53-1041.00', title: 'Aircraft Cargo Handling Supervisors' },
    { soc: '29-1249.00', title: 'Surgeons, All Other' },
    { soc: '29-1021.00', title: 'Dentists, General' },
    { soc: '11-9179.00', title: 'Personal Service Managers, All Other' },
  ]);

  it('maps a renumbered occupation to the retired title naming the same work, the larger on a tie', () => {
    expect(aliases.get('15-1252')).toBe('15-1132');
    expect(aliases.get('11-3012')).toBe('11-3011');
    expect(aliases.get('29-1249')).toBe('29-1069');
  });

  it('reads a retired title without the clause naming what it excludes', () => {
    expect(aliases.get('53-1041')).toBe('53-1011');
  });

  it('claims nothing where no retired title carries the role and the rarest word', () => {
    expect(aliases.has('15-2051')).toBe(false); // no 2010 occupation of their own
    expect(aliases.has('11-3013')).toBe(false); // managers, but not of administrative services
    expect(aliases.has('11-9179')).toBe(false); // "personal" is shared with aides, the role is not
  });

  it('leaves an occupation the matrix has under its own code alone', () => {
    expect(aliases.has('29-1021')).toBe(false);
  });
});

describe('an occupation found through its alias', () => {
  it('has the home industry of the matrix code it was bridged to', () => {
    const bridged: Staffing = {
      ...staffing,
      byIndustry: new Map([
        ['541500', [{ soc: '15-1132', title: 'Software developers, applications', employment: 400_000 }]],
      ]),
      industryTitle: new Map([['541500', 'Computer systems design and related services']]),
      industryTotal: new Map([['541500', 2_000_000]]),
      aliases: socAliases(staffing, [{ soc: '15-1252.00', title: 'Software Developers' }]),
    };
    expect(staffingSoc(bridged, '15-1252')).toBe('15-1132');
    expect(staffingSoc(bridged, '29-1021')).toBe('29-1021');
    expect(homeIndustry(bridged, '15-1252')).toMatchObject({ code: '541500' });
    expect(homeIndustry({ ...bridged, aliases: new Map() }, '15-1252')).toBeNull();
  });
});
