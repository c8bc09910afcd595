import { describe, expect, it } from 'vitest';
import VARIANTS from './spelling-variants.json' with { type: 'json' };
import { respell, respellAll, respellingWarning, spellingChange } from './spelling.ts';

// A small directory vocabulary: the processed terms companies write, with their share of companies.
const DIRECTORY = new Map<string, number>(
  [
    'license',
    'color',
    'colored',
    'organizing',
    'organization',
    'tire',
    'check',
    'shipping',
    'installment',
    'pediatric',
    'center',
    'program',
    'procure',
    'jewelry',
    'catalog',
    'analyze',
    'traveling',
    'charging',
    'banking',
    'fixed',
    'robotaxi',
    'car',
    'wash',
    'pet',
    'care',
  ].map((t) => [t, 0.01]),
);
DIRECTORY.set('crumble', 0.0002);
const share = (term: string): number => DIRECTORY.get(term) ?? 0;

describe('respell: British spellings read as the directory writes them', () => {
  const examples = VARIANTS.alternations.flatMap((a) =>
    a.examples.map(([typed, written]) => ({ typed, written, why: a.why })),
  );

  it.each(examples)('"$typed" → "$written" ($why)', ({ typed, written }) => {
    const directory = (t: string): number => (t === written ? 0.01 : 0);
    expect(respell(typed!, directory)).toEqual({ from: typed, to: written, kind: 'variant' });
    expect(spellingChange(typed!, written!)).not.toBeNull();
  });

  it.each(VARIANTS.counterExamples)('not "$pair.0" → "$pair.1" ($why)', ({ pair: [typed, other] }) => {
    const directory = (t: string): number => (t === other && t !== 'dolor' ? 0.01 : 0);
    expect(respell(typed!, directory)).toBeNull();
  });

  it('carries the change over to an inflection, and holds each change once', () => {
    expect(respell('organising', share)?.to).toBe('organizing');
    expect(respell('coloured', share)?.to).toBe('colored');
    expect(respell('licence', share, true)?.to).toBe('license');
    const keys = VARIANTS.alternations.map((a) => `${a.from}>${a.to}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('respell: typing slips one edit from a word many companies write', () => {
  it('"shiping" → "shipping": a one-syllable verb doubles its last letter before -ing', () => {
    expect(respell('shiping', share)).toEqual({ from: 'shiping', to: 'shipping', kind: 'typo' });
  });

  it('a lower-case name one edit from a common word is read as that word ("procore" → "procure")', () => {
    expect(respell('procore', share)?.to).toBe('procure');
  });
});

describe('respell: plurals the folding keeps whole, and words run together', () => {
  it('"robotaxis" → "robotaxi": "-is" words are not folded ("analysis"), but this one the directory writes singular', () => {
    expect(respell('robotaxis', share)).toEqual({ from: 'robotaxis', to: 'robotaxi', kind: 'plural' });
  });

  it.each([
    ['carwash', 'car wash'],
    ['petcare', 'pet care'],
  ])('"%s" → "%s"', (typed, parts) => {
    expect(respell(typed, share)).toEqual({ from: typed, to: parts, kind: 'compound' });
  });

  it('reads a British spelling a few companies write as the one most write, not when both are common', () => {
    const some = (t: string): number => ({ colour: 0.001, color: 0.004, centre: 0.002, center: 0.004 })[t] ?? 0;
    expect(respell('colour', some)?.to).toBe('color');
    expect(respell('centre', some)).toBeNull();
  });

  it('never splits a name, or into a part too rare to be meant', () => {
    expect(respell('petcare', share, true)).toBeNull();
    expect(respell('crumbletcar', share)).toBeNull();
    // A dictionary word is not two words run together: "sealed" is not "sea led".
    expect(respell('carpet', (t) => (t === 'car' || t === 'pet' ? 0.01 : 0))).toBeNull();
  });
});

describe('respell: counter-examples, left as typed', () => {
  it.each([
    ['license', 'the directory already writes it'],
    ['albeit', 'a dictionary word the directory does not use is not a typo of another'],
    ['charting', 'a regular form of a dictionary word ("chart"), not a typo of "charging"'],
    ['barking', 'a regular form of "bark", not a typo of "banking"'],
    ['faxed', 'a regular form of "fax", not a typo of "fixed"'],
    ['crumblet', 'one edit from a word too rare in the directory to be what was meant'],
    ['vortash', 'nothing one edit away'],
    ['shp', 'too short to guess'],
    ['b2bsaas', 'not letters only'],
  ])('"%s" (%s)', (typed) => {
    expect(respell(typed, share)).toBeNull();
  });

  it('a word typed capitalised is a name, never a typo ("Procore")', () => {
    expect(respell('procore', share, true)).toBeNull();
  });
});

describe('respellAll: guesses only where the other words show what the query is about', () => {
  it('corrects a typo beside words the directory writes', () => {
    expect([...respellAll(['shiping', 'license'], share).values()].map((r) => r.to)).toEqual(['shipping']);
  });

  it('makes no more guesses than there are words the directory writes as typed', () => {
    expect(respellAll(['shiping'], share).size).toBe(0);
    expect(respellAll(['shiping', 'carwash', 'license'], share).size).toBe(0);
    // Spelling variants and singulars are not guesses.
    expect([...respellAll(['licence', 'robotaxis'], share).values()].map((r) => r.to)).toEqual(['license', 'robotaxi']);
  });

  it('never guesses for a word typed capitalised', () => {
    expect(respellAll(['procore', 'license'], share, new Set(['procore'])).size).toBe(0);
  });
});

describe('the change that turns one spelling into the other', () => {
  it('is one change of the table, made once, with where it was made', () => {
    expect(spellingChange('licence', 'license')).toEqual({ at: 5, from: 'ce', to: 'se' });
    expect(spellingChange('colour', 'color')).toEqual({ at: 3, from: 'ou', to: 'o' });
    expect(spellingChange('awake', 'wake')).toBeNull();
    expect(spellingChange('colourful', 'colorful')).not.toBeNull();
    expect(spellingChange('licence', 'licence')).toBeNull();
  });
});

describe('respellingWarning', () => {
  it('names each change, or says nothing when there is none', () => {
    expect(respellingWarning([])).toBeNull();
    expect(
      respellingWarning([
        { from: 'licence', to: 'license', kind: 'variant' },
        { from: 'shiping', to: 'shipping', kind: 'typo' },
      ]),
    ).toBe('Read "licence" as "license" and "shiping" as "shipping", the spelling the directory uses.');
  });
});
