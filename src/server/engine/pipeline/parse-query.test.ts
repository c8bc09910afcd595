import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query.ts';

describe('query parsing', () => {
  it('splits the offering from the segment and folds plurals', () => {
    const q = parseQuery('Pet care for elderly owners', []);
    expect(q.groups.map((g) => [g.facet, g.word])).toEqual([
      ['offering', 'pet'],
      ['offering', 'care'],
      ['segment', 'elderly'],
      ['segment', 'owner'],
    ]);
  });

  it('adds WordNet and market synonyms, skipping ones too common to help', () => {
    const q = parseQuery('software for lawyers and families', [], (t) => (t === 'house' ? 0.2 : 0.001));
    const lawyer = q.groups.find((g) => g.word === 'lawyer')!;
    expect(lawyer.synonyms).toContain('attorney');
    expect(lawyer.synonymSources).toContainEqual({ phrase: 'attorney', from: 'wordnet' });
    const family = q.groups.find((g) => g.word === 'family')!;
    expect(family.synonyms).toContain('household');
    expect(family.synonyms).not.toContain('house');
    expect(parseQuery('families', [], () => 0.001).groups[0]!.synonyms).toContain('house');
  });

  it("searches a verb's other forms that the directory writes, as the same word", () => {
    const written = new Set(['schedule', 'scheduled', 'booking']);
    const share = (t: string): number => (written.has(t) ? 0.002 : 0);
    const q = parseQuery('scheduling and book appointments', [], share);
    expect(q.groups.find((g) => g.word === 'scheduling')!.forms.sort()).toEqual(['schedule', 'scheduled']);
    // "booked" is a form of "book" the directory never writes: not searched.
    expect(q.groups.find((g) => g.word === 'book')!.forms).toEqual(['booking']);
    // A noun that is no verb's form has none.
    expect(q.groups.find((g) => g.word === 'appointment')!.forms).toEqual([]);
  });

  it('passes over a marker before a time complement: when is not who', () => {
    const sitter = parseQuery('a babysitter for Friday night, on short notice', []);
    expect(sitter.segmentText).toBeNull();
    expect(sitter.groups.every((g) => g.facet === 'offering')).toBe(true);
    const waiting = parseQuery('waiting for three weeks for a dermatology appointment', []);
    expect(waiting.segmentText).toBe('a dermatology appointment');
    expect(waiting.offeringText).toBe('waiting for three weeks');
    // A time word that modifies a noun is part of who it is for.
    expect(parseQuery('extra bartenders for weekend events', []).segmentText).toBe('weekend events');
  });

  it('reads a word the directory never writes in the spelling it uses, and says so', () => {
    const directory = new Map([
      ['license', 0.004],
      ['plate', 0.002],
      ['recognition', 0.01],
      ['shipping', 0.02],
      ['label', 0.01],
      ['procure', 0.002],
      ['alternative', 0.01],
    ]);
    const share = (t: string): number => directory.get(t) ?? 0;
    const plates = parseQuery('licence plate recognition', [], share);
    expect(plates.groups.map((g) => g.word)).toEqual(['license', 'plate', 'recognition']);
    expect(plates.warnings).toContain('Read "licence" as "license", the spelling the directory uses.');
    const slip = parseQuery('cheap shiping labels, shiping fast', [], share);
    expect(slip.groups.map((g) => g.word)).toContain('shipping');
    // The need's title is corrected; a British spelling is not a mistake and stays.
    expect(slip.needText).toBe('cheap shipping labels, shipping fast');
    expect(plates.needText).toBe('licence plate recognition');
    // Typed capitalised, an unknown word is a name: kept as typed, never corrected to "procure".
    const named = parseQuery('Procore alternative', [], share);
    expect(named.groups.map((g) => g.word)).toEqual(['procore', 'alternative']);
    expect(named.warnings).toEqual([]);
  });

  it('takes keywords as a third facet and ignores stop words and symbols', () => {
    const q = parseQuery('the best app for 🐶', ['Dog walking']);
    expect(q.groups.map((g) => [g.facet, g.word])).toEqual([
      ['keyword', 'dog'],
      ['keyword', 'walking'],
    ]);
  });

  it('keeps the twelve most specific words of a long query, wherever they stand, in its order', () => {
    const common = new Set(['team', 'data', 'customer', 'work', 'time', 'office']);
    const share = (t: string) => (common.has(t) ? 0.05 : 0.001);
    const q = parseQuery(
      'our team spends time at work entering customer data in the office while parents at the clinic wait; gym memberships collected by direct debit',
      ['payments'],
      share,
    );
    const kept = q.groups.map((g) => g.word);
    expect(kept).toHaveLength(12);
    expect(kept).toEqual(expect.arrayContaining(['direct', 'debit', 'gym', 'membership', 'payment']));
    // 17 words: five of the six common ones go, the later first; the earliest ('team') stays.
    for (const w of ['time', 'work', 'customer', 'data', 'office']) expect(kept).not.toContain(w);
    expect(kept[0]).toBe('team');
    expect(kept.indexOf('gym')).toBeLessThan(kept.indexOf('debit'));
    expect(q.warnings.at(-1)).toBe(
      'Only the 12 most specific words of the query were used; these were too common in the directory to help: time, work, customer, data, office.',
    );
  });

  it("past the cap, keeps the words the query's nearest companies write over rare details", () => {
    const text =
      'our independent insurance agency in ohio misses calls at lunch and after five, we want a voice agent that answers and takes quotes for auto policies';
    // By rarity alone the details stay ("ohio", "lunch" are rarer than "insurance").
    const rare = new Set(['ohio', 'lunch', 'independent', 'five']);
    const share = (t: string) => (rare.has(t) ? 0.0002 : 0.02);
    const byRarity = parseQuery(text, [], share).groups.map((g) => g.word);
    expect(byRarity).toEqual(expect.arrayContaining(['ohio', 'lunch']));
    expect(byRarity).not.toContain('policy');
    // The nearest companies write the market's words and none of the details.
    const market = new Map([
      ['insurance', 8],
      ['call', 5],
      ['agent', 4],
      ['voice', 3],
      ['quote', 3],
      ['policy', 2],
    ]);
    const q = parseQuery(text, ['renewals'], share, undefined, (t) => market.get(t) ?? 0);
    const kept = q.groups.map((g) => g.word);
    expect(kept).toHaveLength(12);
    expect(kept).toEqual(expect.arrayContaining([...market.keys(), 'renewal']));
    // Between words they do not write, rarity decides as before: the commoner go first.
    expect(kept).toEqual(expect.arrayContaining(['ohio', 'lunch']));
    expect(kept).not.toContain('want');
    // Kept in the query's order.
    expect(kept.indexOf('insurance')).toBeLessThan(kept.indexOf('call'));
    expect(q.warnings.at(-1)).toMatch(
      /^Only 12 words of the query were searched: those the companies closest to it in meaning also use\. Left out: /,
    );
  });

  it('keeps each word as written for what the product shows, beside the folded form it searches', () => {
    const q = parseQuery('gift boxes for Christmas chaos', ['Texas']);
    expect(q.groups.map((g) => [g.word, g.shown])).toEqual([
      ['gift', 'gift'],
      ['box', 'boxes'],
      ['christma', 'christmas'],
      ['chao', 'chaos'],
      ['texa', 'texas'],
    ]);
  });

  it('names the words it left out of a long query as they were written', () => {
    const common = new Set(['customer', 'office']);
    const share = (t: string) => (common.has(t) ? 0.05 : 0.001);
    const q = parseQuery(
      'customers calling offices about affordable dental implant financing plans with monthly installments approved instantly online',
      [],
      share,
    );
    expect(q.groups).toHaveLength(12);
    expect(q.warnings.at(-1)).toBe(
      'Only the 12 most specific words of the query were used; these were too common in the directory to help: offices.',
    );
  });

  it('truncates an over-long query with a warning', () => {
    const q = parseQuery('meal planning '.repeat(100), []);
    expect(q.text.length).toBe(500);
    expect(q.warnings[0]).toContain('longer than 500 characters');
  });

  it('drops the words people use to tell a need, which name no product, customer or job', () => {
    const crash = parseQuery('knowing when my app crashes', []);
    expect(crash.groups.map((g) => g.word)).toEqual(['crash']);
    // A "segment" made only of when-words is no customer: the need stays whole.
    const cleaner = parseQuery('booking a vetted house cleaner for every other Friday', []);
    expect(cleaner.segmentText).toBeNull();
    expect(cleaner.groups.map((g) => g.word)).toEqual(['booking', 'vetted', 'house', 'cleaner']);
  });

  it('weighs the purpose clause at half: why the need matters is not what is needed', () => {
    const q = parseQuery('getting SOC 2 certified so enterprise customers will buy from us', []);
    expect(q.offeringText).toBe('getting soc 2 certified');
    expect(q.groups.map((g) => [g.word, g.weight])).toEqual([
      ['soc', 1],
      ['certified', 1],
      ['enterprise', 0.5],
      ['customer', 0.5],
      ['buy', 0.5],
    ]);
    // A marker with nothing before it is no purpose clause.
    expect(parseQuery('so many invoices', []).groups.every((g) => g.weight === 1)).toBe(true);
  });

  it('adds the words startups use for the category that answers a need', () => {
    const crash = parseQuery('knowing when my app crashes', [], () => 0.001).groups[0]!;
    expect(crash.synonymSources).toContainEqual({ phrase: 'observability', from: 'thesaurus' });
    expect(crash.synonyms).toContain('observability');
    // …whatever form the word takes in the sentence.
    const crashing = parseQuery('our mobile app keeps crashing', [], () => 0.001).groups.find(
      (g) => g.word === 'crashing',
    );
    expect(crashing?.synonymSources).toContainEqual({ phrase: 'observability', from: 'thesaurus' });
    const invoiced = parseQuery('invoiced', [], () => 0.001).groups[0]!;
    expect(invoiced.synonymSources.some((s) => s.from === 'thesaurus')).toBe(true);
  });

  it('keeps the need as written for the title: its case, its own preposition, without the purpose clause', () => {
    expect(parseQuery('Send money to my mom in Mexico', []).needText).toBe('Send money to my mom in Mexico');
    expect(parseQuery('getting SOC 2 certified so enterprise customers will buy', []).needText).toBe(
      'getting SOC 2 certified',
    );
  });

  it('reads "without …" as what the user wants to avoid: part of the offering, never the customer', () => {
    const search = parseQuery('fast product search for online shops without hosting a search server', []);
    expect(search.segmentText).toBe('online shops');
    expect(search.needText).toBe('fast product search for online shops');
    const server = search.groups.find((g) => g.word === 'server')!;
    expect(server.facet).toBe('offering');
    expect(server.weight).toBe(1);
    // Before its customer: the customer is still read after it ("for" inside the clause is not the need's).
    const loans = parseQuery('comparing loan offers without visiting branches for small farms', []);
    expect(loans.segmentText).toBeNull();
    expect(loans.needText).toBe('comparing loan offers');
    expect(loans.groups.every((g) => g.facet === 'offering')).toBe(true);
    // Counter-example: "with" is part of the need.
    expect(parseQuery('payroll with benefits for restaurants', []).segmentText).toBe('restaurants');
  });

  it('splits at the first purpose or constraint marker in the text', () => {
    const q = parseQuery('tracking shipments without spreadsheets so customers stop calling', []);
    expect(q.needText).toBe('tracking shipments');
    expect(q.groups.find((g) => g.word === 'spreadsheet')?.facet).toBe('offering');
    expect(q.groups.find((g) => g.word === 'customer')?.weight).toBe(0.5);
  });

  it('reads a place named with "in" as where the need is, never as its customer', () => {
    const gazetteer = new Set(['india', 'mexico city', 'mexico', 'lagos', 'nigeria']);
    const isPlace = (p: string) => gazetteer.has(p);
    const owed = parseQuery('keeping track of which customers owe my shop money in India', [], () => 0, isPlace);
    expect(owed.placeText).toBe('India');
    expect(owed.segmentText).toBeNull();
    expect(owed.groups.map((g) => g.word)).not.toContain('india');
    // The title keeps the place as written.
    expect(owed.needText).toBe('keeping track of which customers owe my shop money in India');
    // The longest place wins, and the sentence goes on after it.
    const books = parseQuery('bookkeeping in Mexico City for small shops', [], () => 0, isPlace);
    expect(books.placeText).toBe('Mexico City');
    expect(books.segmentText).toBe('small shops');
    const payments = parseQuery('accepting card payments in Lagos, Nigeria', [], () => 0, isPlace);
    expect(payments.placeText).toBe('Lagos');
    // A place that ends the subject is followed by its verb: an auxiliary or a modal.
    const clinics = parseQuery('our two clinics in Lagos have patients waiting for hours', [], () => 0, isPlace);
    expect(clinics.placeText).toBe('Lagos');
    expect(clinics.groups.map((g) => g.word)).not.toContain('lagos');
    expect(clinics.segmentText).toBeNull();
    const shops = parseQuery("our shops in India can't track card refunds", [], () => 0, isPlace);
    expect(shops.placeText).toBe('India');
  });

  it('keeps "in" a customer marker when what follows is not a place the directory knows', () => {
    const isPlace = (p: string) => p === 'india';
    const health = parseQuery('AI scheduling in healthcare', [], () => 0, isPlace);
    expect(health.placeText).toBeNull();
    expect(health.segmentText).toBe('healthcare');
    // A place inside a longer phrase ("India pale ale brewers") is not where the need is.
    const ale = parseQuery('inventory for craft brewers in India pale ale styles', [], () => 0, isPlace);
    expect(ale.placeText).toBeNull();
    // An open-class word after it may continue a name: only auxiliaries and modals end the place.
    const ink = parseQuery('selling prints in India ink drawings', [], () => 0, isPlace);
    expect(ink.placeText).toBeNull();
  });
});
