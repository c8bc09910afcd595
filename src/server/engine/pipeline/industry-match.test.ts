import { describe, expect, it } from 'vitest';
import type { IndustryCount, IndustryItem } from '../corpus/market-data.types.ts';
import CLIPPED from '../text/clipped-words.json' with { type: 'json' };
import ESTABLISHMENT from '../text/establishment-words.json' with { type: 'json' };
import { industryNames, matchIndustry, sameWord } from './industry-match.ts';

// Items copied from the Census NAICS 2017 index, titles from NAICS 2017, establishments from CBP
// 2021 (rounded): a slice large enough for the rules to have something to refuse.

const ITEMS: [string, string][] = [
  ['541110', 'Law firms'],
  ['541110', 'Law offices'],
  ['541110', "Lawyers' offices"],
  ['722511', 'Restaurants, full service'],
  ['722513', 'Restaurants, fast-food'],
  ['722513', 'Restaurants, carryout'],
  ['236220', 'Restaurant construction'],
  ['337127', 'Restaurant furniture (e.g., carts, chairs, foodwagons, tables) manufacturing'],
  ['336111', 'Cars, passenger, manufacturing'],
  ['811192', 'Car washes'],
  ['448140', 'Clothing stores, family'],
  ['484121', 'Trucking, general freight, long-distance, truckload (TL)'],
  ['484110', 'Trucking, general freight, local'],
  ['484220', 'Trucking, specialized freight (except used goods), local'],
  ['524210', 'Agencies, insurance'],
  ['524210', 'Insurance agencies'],
  ['711410', 'Agents, talent'],
  ['332710', 'Machine shops'],
  ['722515', 'Coffee shops, on premise brewing'],
  ['711219', 'Dog owners, race (i.e., racing dogs)'],
  ['444110', 'Home centers, building materials'],
  ['621610', 'Home health care services'],
  ['541940', 'Hospitals, animal'],
  ['622110', 'Hospitals, general medical and surgical'],
  ['238220', 'Plumbers'],
  ['238220', 'Plumbing contractors'],
  ['623110', 'Nursing homes'],
  ['621610', 'Home nursing services (except private practices)'],
];
// Enough other manufacturing items for "manufacturing" to be what it is in the full index: the most
// common last word (36 % of items there; an activity needs 100 items and 1 % of the index).
for (let i = 0; i < 120; i++) ITEMS.push(['339999', `Widgets, type ${i.toString(36)}, manufacturing`]);

const TITLES = new Map([
  ['541110', 'Offices of Lawyers'],
  ['722511', 'Full-Service Restaurants'],
  ['722513', 'Limited-Service Restaurants'],
  ['236220', 'Commercial and Institutional Building Construction'],
  ['337127', 'Institutional Furniture Manufacturing'],
  ['336111', 'Automobile Manufacturing'],
  ['811192', 'Car Washes'],
  ['448140', 'Family Clothing Stores'],
  ['484121', 'General Freight Trucking, Long-Distance, Truckload'],
  ['484110', 'General Freight Trucking, Local'],
  ['484220', 'Specialized Freight (except Used Goods) Trucking, Local'],
  ['524210', 'Insurance Agencies and Brokerages'],
  ['711410', 'Agents and Managers for Artists, Athletes, Entertainers, and Other Public Figures'],
  ['332710', 'Machine Shops'],
  ['722515', 'Snack and Nonalcoholic Beverage Bars'],
  ['711219', 'Other Spectator Sports'],
  ['444110', 'Home Centers'],
  ['621610', 'Home Health Care Services'],
  ['541940', 'Veterinary Services'],
  ['622110', 'General Medical and Surgical Hospitals'],
  ['238220', 'Plumbing, Heating, and Air-Conditioning Contractors'],
  ['339999', 'All Other Miscellaneous Manufacturing'],
  ['623110', 'Nursing Care Facilities (Skilled Nursing Facilities)'],
]);

const COUNTS: [string, number][] = [
  ['722511', 230_000],
  ['722513', 260_000],
  ['484110', 60_000],
  ['484121', 70_000],
  ['484220', 40_000],
  ['541940', 33_000],
  ['622110', 5_000],
];

const market = {
  industryIndex: ITEMS.map(([code, text]): IndustryItem => ({ code, text })),
  establishments: new Map(
    COUNTS.map(([code, n]): [string, IndustryCount] => [code, { establishments: n, employment: 0 }]),
  ),
};
const match = (phrase: string) => matchIndustry(market, TITLES, phrase);

describe('a customer phrase read as an industry (NAICS index)', () => {
  it('names the industry whose kind of business the phrase says, citing the index items', () => {
    expect(match('law firms')).toMatchObject({ naics: '541110', items: ['Law firms', 'Law offices'] });
    expect(match('our small law practice')?.naics).toBe('541110');
    expect(match('plumbers')?.naics).toBe('238220');
    expect(match('machine shops')?.naics).toBe('332710');
    expect(match('coffee shops')?.naics).toBe('722515');
  });

  it('rolls items of several codes up to the industry they share (restaurants: full-service and fast-food → 72251)', () => {
    expect(match('my restaurant')?.naics).toBe('72251');
    // General freight (4841: 130,000 establishments) over specialized freight (4842: 40,000).
    expect(match('a trucking company')?.naics).toBe('4841');
  });

  it('prefers the item that says more of the phrase, and a place word stands for its kind ("insurance agents")', () => {
    expect(match('insurance agents')?.naics).toBe('524210');
  });

  it('between items saying the same words, takes the one saying them in the phrase’s order', () => {
    // Home nursing (6216, with far more establishments in the full data) says "home" and "nursing" too.
    expect(match('our 40 nursing homes')?.naics).toBe('623110');
    expect(match('home nursing services')?.naics).toBe('621610');
  });

  it('between equally good readings, takes the industry with more establishments', () => {
    // "Hospitals, animal" (veterinary services) has more establishments, but its industry's title does
    // not call it a hospital: only general hospitals are a kind named "hospital".
    expect(match('hospitals')?.naics).toBe('622110');
  });

  it('reads an item as the kind the phrase names when its industry’s title says the phrase’s other words', () => {
    // "Hospitals, animal" does not say "veterinary"; its industry, Veterinary Services, does.
    expect(match('veterinary hospitals')).toMatchObject({ naics: '541940', items: ['Hospitals, animal'] });
    expect(match('our 3 veterinary hospitals')?.naics).toBe('541940');
    // A title saying a word no item of the phrase's kind says names nothing ("veterinary" alone is no kind).
    expect(match('veterinary')).toBeNull();
  });

  it('never takes a word shared with a title for the customer', () => {
    // "car" is in "Car washes" and "Cars, passenger, manufacturing": neither is a car owner's business.
    expect(match('my car')).toBeNull();
    // The phrase's kind is "care", not "home": home centers do not match.
    expect(match('home care agencies')?.naics).not.toBe('444110');
    expect(match('restaurant furniture')).toBeNull();
  });

  it('reads products told with what is done to them as their makers only when the phrase says so', () => {
    expect(match('my car')).toBeNull();
    expect(match('car manufacturers')?.naics).toBe('336111');
  });

  it('needs a place word for a place named after what it sells ("my clothes" is not a clothing store)', () => {
    expect(match('my clothes')).toBeNull();
    expect(match('clothing stores')?.naics).toBe('448140');
  });

  it('reads the people a place belongs to ("Lawyers\' offices") as it, said as whom it is for, in the plural and alone', () => {
    const forPeople = (phrase: string) => matchIndustry(market, TITLES, phrase, { people: true });
    expect(forPeople('lawyers')?.naics).toBe('541110');
    expect(forPeople('corporate lawyers')).toBeNull();
    for (const phrase of ['a lawyer', 'my lawyer', 'lawyers for tenants']) expect(forPeople(phrase), phrase).toBeNull();
    // A place named after what it sells is not its people's: "clothing" never reads as a clothing store.
    expect(forPeople('clothings')).toBeNull();
    // Not said as whom a product is for, the people are staff ("our lawyers"): no business is read.
    expect(match('lawyers')).toBeNull();
  });

  it('names nothing for a phrase with no kind of business', () => {
    for (const phrase of ['small businesses', 'my shop', 'remote teams', 'elderly owners', ''])
      expect(match(phrase), phrase).toBeNull();
  });
});

describe('establishment words (text/establishment-words.json)', () => {
  it('holds every example as a match and no counter-example', () => {
    // Each item filed under its own code (a shopfront depends on the sector), its industry titled like the
    // item itself: only the place words decide.
    const only = (e: { item: string; code?: string }, phrase: string) => {
      const code = e.code ?? '999999';
      return matchIndustry(
        { industryIndex: [{ code, text: e.item }], establishments: new Map() },
        new Map([[code, e.item]]),
        phrase,
      );
    };
    for (const e of ESTABLISHMENT.examples) expect(only(e, e.phrase), `${e.phrase} → ${e.item}`).not.toBeNull();
    for (const e of ESTABLISHMENT.counterExamples) expect(only(e, e.phrase), `${e.phrase} ↛ ${e.item}`).toBeNull();
  });
});

describe('an item that qualifies the phrase’s kind ("driving schools": "Automobile driving schools")', () => {
  const schools = {
    industryIndex: [
      { code: '611110', text: 'Schools, elementary' },
      { code: '611692', text: 'Automobile driving schools' },
      { code: '611692', text: 'Motorcycle driving schools' },
      { code: '541110', text: 'Law firms' },
      { code: '541199', text: 'Patent agent law firms' },
    ],
    establishments: new Map([['611110', { establishments: 30_000, employment: 0 }]]),
  };
  const titles = new Map([
    ['611110', 'Elementary and Secondary Schools'],
    ['611692', 'Automobile Driving Schools'],
    ['541110', 'Offices of Lawyers'],
    ['541199', 'All Other Legal Services'],
  ]);
  const read = (phrase: string) => matchIndustry(schools, titles, phrase);

  it('matches when every word but the first is the phrase’s, over an item saying fewer of its words', () => {
    expect(read('driving schools')).toMatchObject({
      naics: '611692',
      items: ['Automobile driving schools', 'Motorcycle driving schools'],
    });
  });

  it('loses to an item saying the phrase exactly, and never reads one word alone as a qualified kind', () => {
    expect(read('law firms')?.naics).toBe('541110');
    expect(read('schools')?.naics).toBe('611110');
    expect(read('our driving')).toBeNull();
  });
});

describe('clipped words (text/clipped-words.json) and closed compounds', () => {
  const only = (item: string, phrase: string) =>
    matchIndustry(
      { industryIndex: [{ code: '999999', text: item }], establishments: new Map() },
      new Map([['999999', item]]),
      phrase,
    );

  it('reads each listed clipping as its full word, and no word that only begins like one', () => {
    for (const e of CLIPPED.examples) expect(only(e.item, e.phrase), `${e.phrase} → ${e.item}`).not.toBeNull();
    for (const e of CLIPPED.counterExamples) expect(only(e.item, e.phrase), `${e.phrase} ↛ ${e.item}`).toBeNull();
  });

  it('reads a word the index writes as two ("daycare": "Day care") as those two, unless the index writes it whole too', () => {
    const items = (texts: string[]) => ({
      industryIndex: texts.map((text, i) => ({ code: `62441${i}`, text })),
      establishments: new Map(),
    });
    const titles = new Map([
      ['624410', 'Child Day Care Services'],
      ['624411', 'Child Day Care Services'],
    ]);
    expect(matchIndustry(items(['Day care centers, child']), titles, 'our daycare centers')?.naics).toBe('624410');
    expect(matchIndustry(items(['Day care centers, child']), titles, 'our day care centers')?.naics).toBe('624410');
    // "Daycare" written whole by another item: the joined word is a word of its own, never split.
    expect(
      matchIndustry(items(['Day care centers, child', 'Daycare supplies, wholesalers']), titles, 'our daycare centers'),
    ).toBeNull();
  });
});

describe('shopfronts (establishment-words.json "shopfront")', () => {
  it('needs the phrase to say a shopfront for an item ending in one, any place for other places', () => {
    expect(match('my coffee shop')?.naics).toBe('722515');
    expect(match('a coffee company')).toBeNull();
    expect(match('our law company')?.naics).toBe('541110');
    expect(match('our clothing store')?.naics).toBe('448140');
    expect(match('a clothing business')).toBeNull();
  });
});

describe('one word in two forms', () => {
  it('joins a stem and its short endings, not words that only begin alike', () => {
    for (const [a, b] of [
      ['truck', 'trucking'],
      ['plumber', 'plumbing'],
      ['farm', 'farming'],
      ['accountant', 'accounting'],
    ])
      expect(sameWord(a!, b!), `${a} ~ ${b}`).toBe(true);
    for (const [a, b] of [
      ['restaurant', 'restoration'],
      ['car', 'care'],
      ['home', 'homeopath'],
      ['house', 'household'],
      ['land', 'landscape'],
    ])
      expect(sameWord(a!, b!), `${a} ≁ ${b}`).toBe(false);
  });
});

describe('how the NAICS index names an industry (industryNames)', () => {
  const named = (items: [string, string][]) =>
    industryNames({ industryIndex: items.map(([code, text]) => ({ code, text })) });

  it('names an industry by the heads of its items that hold a word it owns, places of business set aside', () => {
    const names = named([
      ['621111', "Physicians' offices"],
      ['621111', "Physicians' clinics"],
      ['621111', 'Orthopedic surgeons offices'],
      ['621111', 'Orthopedic physicians offices'],
      ['621210', "Dentists' offices"],
      ['621210', 'Family dentists offices'],
    ]);
    expect(names.get('6211')).toEqual(expect.arrayContaining([['physician'], ['orthopedic', 'physician']]));
    expect(names.get('6212')).toEqual(expect.arrayContaining([['dentist'], ['family', 'dentist']]));
  });

  it('gives a word said by many industries to none of them alone ("medical"), and leaves product makers out', () => {
    const names = named([
      ['621111', 'Medical doctors offices'],
      ['621511', 'Medical laboratories'],
      ['622110', 'Medical hospitals'],
      ['621610', 'Medical home care'],
      ...ITEMS,
    ]);
    const all = [...names.values()].flat().map((h) => h.join(' '));
    expect(all).not.toContain('medical');
    // "Widgets, type …, manufacturing" describe makers: never a name of the industry.
    expect(names.get('3399')).toBeUndefined();
  });
});
