import { describe, expect, it } from 'vitest';
import { loadEngineIndex } from '../engine.ts';
import { fixtureEnv } from '../test/engine-fixtures.ts';
import BUSINESS_NOUNS from '../text/business-nouns.json' with { type: 'json' };
import OWNER_COUNTS from '../text/owner-counts.json' with { type: 'json' };
import VOICE from '../text/speaker-voice.json' with { type: 'json' };
import { readCustomer, speaksAsPerson } from './customer.ts';
import { parseQuery } from './parse-query.ts';

// The customer read from the query before anything is matched, on the fixture datasets (their NAICS
// index slice holds law firms, dentists' offices, restaurants and trucking).

describe('reading who the query serves', async () => {
  const index = await loadEngineIndex(fixtureEnv({ SEMANTIC_SEARCH: 'false' }));
  const read = (text: string) => readCustomer(index, parseQuery(text, []));

  it('takes the segment the query names, and its industry when the NAICS index knows it', () => {
    const { query, customer } = read('billing software for law firms');
    expect(query.segmentText).toBe('law firms');
    expect(customer).toMatchObject({ from: 'segment', staffingCode: '541100', industry: { naics: '541110' } });
    expect(read('meal planning for busy parents').customer).toMatchObject({ phrase: 'busy parents', industry: null });
  });

  it("reads a founder's own business as the segment, with its industry", () => {
    const law = read('our law firm keeps losing track of billable hours');
    expect(law.query.segmentText).toBe('law firm');
    expect(law.customer).toMatchObject({ from: 'owner', industry: { naics: '541110' }, staffingCode: '541100' });
    const trucking = read('we run a small trucking company and lose loads to brokers');
    expect(trucking.customer).toMatchObject({ phrase: 'small trucking company', industry: { naics: '484121' } });
    // What is offered is the rest of the sentence: the job is read from it, not from who the founder is.
    expect(trucking.query.offeringText).toBe('lose loads to brokers');
    expect(trucking.query.needText).toBe('we run a small trucking company and lose loads to brokers');
    expect(read('letting my restaurant take orders directly').customer?.industry?.naics).toBe('72251');
  });

  it('holds the business-noun examples and none of the counter-examples', () => {
    for (const e of BUSINESS_NOUNS.examples) expect(read(e.text).query.segmentText, e.text).toBe(e.phrase);
    for (const e of BUSINESS_NOUNS.counterExamples) {
      const { query, customer } = read(e.text);
      expect(customer, `${e.text}: ${e.why}`).toBeNull();
      expect(query.segmentText).toBeNull();
    }
  });

  it.each(OWNER_COUNTS.examples)('skips how many the founder runs in "$text"', ({ text, phrase }) => {
    expect(read(text).customer?.phrase).toBe(phrase);
  });

  it.each(OWNER_COUNTS.counterExamples)('reads no business from "$text" ($why)', ({ text }) => {
    expect(read(text).customer).toBeNull();
  });

  it('reads a segment the founder owns as their business, up to its sentence end, dropping only words before its kind', () => {
    const firm = read('intake forms for our mid-size law firm. we have 40 lawyers and no system');
    expect(firm.customer).toMatchObject({
      from: 'segment',
      phrase: 'mid-size law firm',
      industry: { naics: '541110' },
    });
    expect(firm.query.segmentText).toBe('mid-size law firm');
    // Not found as an industry: the segment is kept as written, to its sentence end.
    const unknown = read('sensor alerts for our wind farm. crews climb every week');
    expect(unknown.customer).toMatchObject({ phrase: 'our wind farm', industry: null });
    // A segment that is not the founder's keeps the words-anywhere reading.
    expect(read('billing software for busy law firms').customer?.industry?.naics).toBe('541110');
  });

  it("names the business as written, without a possessive's 's", () => {
    expect(read("our law firm's clients keep calling after hours").customer).toMatchObject({
      phrase: 'law firm',
      industry: { naics: '541110' },
    });
  });

  it('reads the business of a query whose marker opens a clause ("… in Austin have lines"), not the clause', () => {
    const clubs = read('our 3 restaurants in Austin have lines around the block');
    expect(clubs.query.segmentText).toBe('restaurants');
    expect(clubs.customer).toMatchObject({ from: 'owner', industry: { naics: '72251' } });
  });

  it('reads the business after a count with its industry, and the rest of the sentence as the offering', () => {
    const chain = read('we own a chain of 40 restaurants and scheduling is a mess');
    expect(chain.customer).toMatchObject({ from: 'owner', industry: { naics: '72251' } });
    expect(chain.query.offeringText).toBe('scheduling is a mess');
    expect(read('our 12 law offices lose clients').customer?.industry?.naics).toBe('541110');
  });

  it('reads the business where the people a founder names work ("our paralegals at 3 law firms")', () => {
    const staff = read('our paralegals at 3 law firms miss filing deadlines');
    expect(staff.customer).toMatchObject({ from: 'owner', phrase: 'law firms', industry: { naics: '541110' } });
    expect(staff.query.offeringText).toBe('miss filing deadlines');
    const segment = read('deadline reminders for our paralegals at two law firms');
    expect(segment.customer).toMatchObject({ from: 'segment', phrase: 'law firms', industry: { naics: '541110' } });
    expect(read('our dispatchers at our trucking company lose loads').customer?.industry?.naics).toBe('484121');
    // What follows "at" is a business only when it says how many, whose, or a place of business, and
    // is an industry; "my" alone is a consumer's voice.
    for (const text of ['our users at checkout abandon their carts', 'my kids at school forget homework'])
      expect(read(text).customer, text).toBeNull();
  });

  it('gives a segment that names no business way to the business the founder runs', () => {
    const firm = read('associates at our law firm spend nights on research for briefs');
    expect(firm.customer).toMatchObject({ from: 'owner', phrase: 'law firm', industry: { naics: '541110' } });
    // A segment that names none, with no business of the founder's either, stays as written.
    expect(read('release notes for our releases').customer).toMatchObject({ from: 'segment', industry: null });
  });

  it('reads "our" followed by a kind of business word for word, and nothing from a run-on sentence', () => {
    // "our" is a business's voice: its words, one or two at a time, must be an industry's kind exactly.
    expect(read('our trucking costs keep rising every quarter').customer).toMatchObject({
      phrase: 'trucking',
      industry: { naics: '484121' },
    });
    expect(read('our builds take forty minutes and developers wait').customer).toBeNull();
    // "my" with no business noun is a consumer's.
    expect(read('my car keeps making a noise').customer).toBeNull();
  });

  it('takes a business noun used as a modifier as the customer, and no word merely shared with a title', () => {
    expect(read('restaurant inventory counted by hand every night').customer).toMatchObject({
      from: 'modifier',
      phrase: 'restaurant',
      industry: { naics: '72251' },
    });
    for (const text of ['building internal admin tools without code', 'car insurance quotes', 'grocery delivery'])
      expect(read(text).customer, text).toBeNull();
  });

  it.each(VOICE.examples)('reads no business customer from a person\'s "$text" ($why)', ({ text }) => {
    expect(speaksAsPerson(text)).toBe(true);
    expect(read(text).customer).toBeNull();
  });

  it.each(VOICE.counterExamples)('reads "$phrase" as the customer of "$text" ($why)', ({ text, phrase }) => {
    expect(read(text).customer?.phrase).toBe(phrase);
  });
  it('reads the industry of a segment that runs on past whom it names from the longest run of its opening words that is one', () => {
    const firms = read('intake software for law firms that bill by the hour');
    expect(firms.customer).toMatchObject({ from: 'segment', phrase: 'law firms', industry: { naics: '541110' } });
    // The segment stays as written: all of it is whom the product serves.
    expect(firms.query.segmentText).toBe('law firms that bill by the hour');
    expect(read('a dashboard for trucking companies hauling produce').customer).toMatchObject({
      phrase: 'trucking companies',
      industry: { naics: '484121' },
    });
    // Words of the clause never make the industry: "listings" after the segment's end is not read.
    expect(read('3D tours for real estate brokerages to put on their listings').customer).toMatchObject({
      phrase: 'real estate brokerages',
      industry: { naics: '531210' },
    });
    // A list of kinds is read whole, as before: its last kind names the industry.
    expect(read('payroll for restaurants and law firms').customer).toMatchObject({
      phrase: 'restaurants and law firms',
      industry: { naics: '541110' },
    });
    // No run of the opening words is an industry: the segment stays as written, with none.
    expect(read('meal planning for busy parents who cook').customer).toMatchObject({
      phrase: 'busy parents who cook',
      industry: null,
    });
  });

  it('reads the people a place of business belongs to, in the plural, as that business', () => {
    expect(read('marketing software for dentists').customer).toMatchObject({
      phrase: 'dentists',
      industry: { naics: '621210' },
    });
    // One of them is someone a consumer sees; "our" people are staff of whatever the business is.
    expect(read('an app for finding a dentist').customer?.industry ?? null).toBeNull();
    expect(read('our dentists share one login to the x-ray software').customer).toBeNull();
  });

  it('reads "my" with a count before a kind of business as the businesses the founder runs', () => {
    const own = read('my 3 restaurants waste food every night');
    expect(own.customer).toMatchObject({ from: 'owner', phrase: 'restaurants', industry: { naics: '72251' } });
    expect(own.query.offeringText).toBe('waste food every night');
    for (const text of ['my 3 kids fight over screen time', 'splitting bills with my 3 roommates'])
      expect(read(text).customer, text).toBeNull();
  });
});
