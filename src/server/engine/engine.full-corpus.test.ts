import { describe, expect, inject, it } from 'vitest';
import { gapAnalysisSchema, type GapAnalysis } from '#shared/engine/analysis.schemas.ts';
import { readTestVariable } from '../env.ts';
import { testEnv } from '../test/test-env.ts';
import { createEngine, loadEngineIndex } from './engine.ts';
import { marketProfile } from './market-profile.ts';
import { verifyAnalysis } from './eval/verify-grounding.ts';
import { adjacentIndustries, MIN_ALIKE } from './pipeline/adjacent-industries.ts';
import { customerIndustry } from './pipeline/customer-industry.ts';
import { readCustomer } from './pipeline/customer.ts';
import { parseQuery } from './pipeline/parse-query.ts';
import { homeIndustry } from './pipeline/staffing.ts';
import BUYER_TAGS from './pipeline/buyer-tags.json' with { type: 'json' };
import { matchIndustry } from './pipeline/industry-match.ts';
import { naicsTitles } from './corpus/naics-titles.ts';
import CLIPPED from './text/clipped-words.json' with { type: 'json' };
import { contentWords } from './text/tokenize.ts';
import { filters } from './test/engine-fixtures.ts';

// Suites on the full public datasets, answered by meaning (the sentence vectors are computed once
// in global setup). CI sets DATASETS_DIR (and must); elsewhere they are not defined and one line
// says how to enable them. The queries are the ones a new user tried when the engine got them wrong.

const datasetsDir = readTestVariable('DATASETS_DIR');
const isCi = readTestVariable('CI') === 'true';

describe('full-corpus engine suites', () => {
  it('have the datasets they need under CI', () => {
    if (!datasetsDir) console.log('Full-corpus engine tests not run: set DATASETS_DIR=../shared/data to enable them.');
    expect(isCi && !datasetsDir, 'CI=true requires DATASETS_DIR (e.g. ../shared/data)').toBe(false);
  });
});

const competitorsOf = (a: GapAnalysis): Set<string> =>
  new Set(a.opportunities.flatMap((o) => o.competitors.map((c) => c.name)));
const core = (a: GapAnalysis): GapAnalysis['opportunities'][number] => {
  const found = a.opportunities.find((o) => o.cell.kind === 'core');
  expect(found, 'the query has its own opportunity').toBeDefined();
  return found!;
};
const roles = (a: GapAnalysis): string[] =>
  a.opportunities.flatMap((o) => o.evidence.filter((e) => e.id.endsWith(':role')).map((e) => e.ref));

if (datasetsDir) {
  describe('gap engine on the full datasets', async () => {
    const env = testEnv({
      DATASETS_DIR: datasetsDir,
      SEMANTIC_SEARCH: 'true',
      DATA_DIR: inject('engineDataDir') ?? '',
    });
    const index = await loadEngineIndex(env);
    await index.semantic.settled;
    const engine = await createEngine({ env });
    const analyze = async (query: string): Promise<GapAnalysis> =>
      gapAnalysisSchema.parse(await engine.analyze({ query, filters: filters() }));

    it('answers by meaning once the vectors are loaded', () => {
      expect(index.semantic.note).toBeNull();
      expect(index.semantic.sets).not.toBeNull();
    });

    it('dental front desk: receptionists and dentists as demand, never hotel desk clerks; Arini as a competitor of the query itself', async () => {
      const a = await analyze('front desk automation for dental practices');
      expect(a.status).toBe('ok');
      const socs = roles(a);
      expect(socs).toContain('43-4171.00');
      expect(socs).not.toContain('43-4081.00');
      expect(core(a).competitors.map((c) => c.name)).toContain('Arini');
      const text = JSON.stringify(a.opportunities.map((o) => [o.title, o.actionableRecommendations, o.evidence]));
      expect(text).not.toMatch(/hotel|motel|guests/i);
      // Incumbents beyond the directory: software O*NET says this work already runs on.
      expect(core(a).evidence.some((e) => e.id.includes(':tech:') && e.note.includes('O*NET'))).toBe(true);
      expect(verifyAnalysis(a).failures).toEqual([]);
    });

    it('dental front desk: the core opportunity lists the job closest to a front desk first (calls, appointments), not the catch-all office task', async () => {
      const a = await analyze('front desk automation for dental practices');
      const tasks = core(a).evidence.filter((e) => e.id.includes(':task:'));
      expect(tasks.length).toBeGreaterThan(0);
      expect(String(tasks[0]?.value)).toMatch(/telephone|calls|appointment|schedul/i);
      expect(String(tasks[0]?.value)).not.toMatch(/administrative support/i);
    });

    it('veterinary clinics: veterinary occupations, not software developers; veterinary software companies', async () => {
      const a = await analyze('software for veterinary clinics');
      const socs = roles(a);
      expect(socs.length).toBeGreaterThan(0);
      expect(socs.every((s) => !s.startsWith('15-'))).toBe(true);
      expect(
        ['VetRec', 'Scritch', 'Vetnio', 'Furmacy'].filter((n) => competitorsOf(a).has(n)).length,
      ).toBeGreaterThanOrEqual(2);
    });

    it('payroll for small businesses: payroll work, not small-engine mechanics; Gusto or Zenefits named', async () => {
      const a = await analyze('payroll and benefits for small businesses');
      const socs = roles(a);
      expect(socs).not.toContain('49-3053.00');
      expect(socs.some((s) => ['43-3051.00', '11-3111.00', '13-1141.00'].includes(s))).toBe(true);
      const names = competitorsOf(a);
      expect(names.has('Gusto') || names.has('Zenefits')).toBe(true);
    });

    it('farm management for growers: not farm-and-home educators; FarmLogs named', async () => {
      const a = await analyze('farm management software for growers');
      expect(roles(a)).not.toContain('25-9021.00');
      expect(competitorsOf(a)).toContain('FarmLogs');
    });

    it('titles name a customer and a job, never a label in brackets', async () => {
      const a = await analyze('front desk automation for dental practices');
      expect(a.opportunities.length).toBeGreaterThan(1);
      for (const o of a.opportunities) {
        expect(o.title).not.toMatch(/[()]/);
        // An adjacent opportunity names its own customer: the neighbouring industry.
        expect(o.title.toLowerCase()).toContain(o.cell.kind === 'adjacent' ? o.cell.segment : 'dental practices');
      }
      expect(a.opportunities.some((o) => o.cell.kind === 'job')).toBe(true);
    });

    it('every competitor says why it matched, in its own words', async () => {
      const a = await analyze('AI receptionist for dental offices');
      const competitors = a.opportunities.flatMap((o) => o.competitors);
      expect(competitors.length).toBeGreaterThan(0);
      for (const c of competitors) expect(c.match?.sentence.length).toBeGreaterThan(0);
      expect(competitorsOf(a)).toContain('Arini');
    });

    it('matches a verb in whichever form the company writes it, and says so ("scheduling" → "schedule")', async () => {
      const a = await analyze('truck appointment scheduling for warehouses');
      const said = a.opportunities.flatMap((o) => o.competitors).find((c) => c.match?.sentence.includes(' schedule '));
      expect(said, 'a competitor whose own sentence says "schedule"').toBeDefined();
      expect(said!.match!.words).toContain('schedule');
    });

    it('past the word cap, a long story keeps the words its nearest companies write, not its rare details', async () => {
      const a = await analyze(
        'we run six dental clinics around Phoenix and every Monday morning our front desk staff spend three hours on the phone confirming appointments, chasing patients who forgot and rebooking no-shows while the waiting room fills up',
      );
      const searched = [...a.facets.offering, ...a.facets.segment];
      expect(searched).toHaveLength(12);
      expect(searched).toEqual(expect.arrayContaining(['dental', 'appointment', 'patient']));
      for (const detail of ['six', 'phoenix', 'forgot']) expect(searched).not.toContain(detail);
      expect(a.warnings.some((w) => w.startsWith('Only 12 words of the query were searched'))).toBe(true);
    });

    it('answers reworded queries the directory covers: contractors abroad, workflow automation', async () => {
      const contractors = await analyze('hiring and paying remote contractors abroad');
      expect(contractors.status).toBe('ok');
      const names = competitorsOf(contractors);
      expect(names.has('Deel') || names.has('Ontop') || names.has('noHQ')).toBe(true);
      const workflow = await analyze('workflow automation between web apps');
      expect(workflow.status).toBe('ok');
    });

    it("reads a pain told in a founder's words as the category companies name (crash → observability)", async () => {
      const names = competitorsOf(await analyze('our mobile app keeps crashing for users'));
      // Mobile crash reporting and observability companies, judged by their own one-liners.
      expect(['Embrace', 'Luciq (formerly Instabug)', 'highlight.io'].some((n) => names.has(n))).toBe(true);
    });

    it('abstains on text that is not about a market, and on nonsense', async () => {
      for (const q of ['how are you doing today', 'blorptastic zorgle quantum', 'my dog is barking'])
        expect((await analyze(q)).status, q).toBe('insufficient_data');
    });

    it('answers a need told in market words even when the sentence sits far from the directory', async () => {
      // "booking a dog walker for my puppy" is about as far from the directory's average as small talk;
      // its market words (booking, dog, puppy) say it is a need, so the data, not the wording, decides.
      const a = await analyze('booking a dog walker for my puppy');
      expect(a.status).toBe('ok');
      expect(a.opportunities.length).toBeGreaterThan(0);
    });

    it('meal kits: no spirits or birth-control companies among the competitors', async () => {
      const names = competitorsOf(await analyze('meal kit delivery'));
      expect(names.has('Flaviar')).toBe(false);
      expect(names.has('Nurx')).toBe(false);
    });

    it("names the customer's industry from the staffing matrix: a restaurant's buyer is its food service manager, not a cook", async () => {
      const analysis = await engine.analyze({ query: 'software for restaurants', filters: filters() });
      const core = analysis.opportunities.find((o) => o.cell.kind === 'core')!;
      const role = core.evidence.find((e) => e.id.endsWith(':role') && e.value === 'customer');
      expect(role?.ref).toBe('11-9051.00');
      const industry = core.evidence.find((e) => e.id === 'industry:customer');
      expect(industry?.ref).toMatch(/^7225/);
      const establishments = core.evidence.find((e) => e.id === 'industry:establishments');
      expect(establishments?.value).toBeGreaterThan(100_000);
      expect(core.description).toMatch(/establishments in the U\.S\./);
    });

    it("offers the customer's neighbours whose staff are alike (physicians beside dentists), and none whose staff are not (repair shops beside car washes)", () => {
      const neighbours = (text: string) => {
        const { customer } = readCustomer(index, parseQuery(text, []));
        return adjacentIndustries(index, customerIndustry(index, [], customer)!);
      };
      const dental = neighbours("reminders for dentists' offices");
      expect(dental.map((a) => a.naics)).toContain('6211');
      const physicians = dental.find((a) => a.naics === '6211')!;
      const cbp = [...index.corpus.market!.establishments].filter(([code]) => code.startsWith('6211'));
      expect(physicians.establishments).toBe(cbp.reduce((sum, [, count]) => sum + count.establishments, 0));
      for (const a of dental) expect(a.alike ?? 1).toBeGreaterThanOrEqual(MIN_ALIKE);
      // Car washes (811192) sit in subsector 811 with electronics, machinery and household repair: other staff.
      const washes = neighbours('membership billing for car washes');
      expect(washes.some((a) => ['8112', '8113', '8114'].includes(a.naics))).toBe(false);
    });

    it('claims no customer industry from one coincidental home: delivery routes for van drivers are not a restaurant market', async () => {
      const analysis = await engine.analyze({
        query: 'planning the fastest delivery routes for my van drivers each morning',
        filters: filters(),
      });
      const evidence = analysis.opportunities.flatMap((o) => o.evidence);
      expect(evidence.find((e) => e.id === 'industry:customer')?.ref ?? '').not.toMatch(/^722/);
      expect(evidence.some((e) => e.id === 'onet:35-3031.00:role')).toBe(false);
    });

    it('reads two words run together as the directory writes them, says so, and answers as if they were apart', async () => {
      const joined = await analyze('carwash membership software');
      const apart = await analyze('car wash membership software');
      expect(joined.warnings).toContain('Read "carwash" as "car wash", the spelling the directory uses.');
      expect(apart.warnings.some((w) => w.startsWith('Read '))).toBe(false);
      expect(core(joined).competitors.map((c) => c.name)).toEqual(core(apart).competitors.map((c) => c.name));
    });

    it("offers no job that restates the query as a second opportunity: it is the core's evidence", async () => {
      const a = await analyze('reference checks on job applicants before an offer');
      const taskIds = (o: GapAnalysis['opportunities'][number]): string[] =>
        o.evidence.filter((e) => e.id.includes(':task:')).map((e) => e.id);
      const own = taskIds(core(a))[0];
      expect(own, 'the core cites the O*NET task it restates').toBeDefined();
      for (const o of a.opportunities.filter((x) => x.cell.kind === 'job')) expect(taskIds(o)[0]).not.toBe(own);
    });

    it('sizes a market only from a count of who buys: a consumer market is not sized, a business one is', async () => {
      const counted = (o: GapAnalysis['opportunities'][number]): boolean =>
        o.evidence.some(
          (e) =>
            e.id === 'industry:establishments' ||
            e.id.endsWith(':employment') ||
            (e.id.startsWith('activity:') && e.id.endsWith(':demand')) ||
            (e.id.startsWith('segment:') && e.id.endsWith(':workers')),
        );
      const consumer = await analyze('a reusable water bottle that tracks how much I drink');
      const business = await analyze('software for restaurants');
      expect(core(business).marketSize).toBeGreaterThan(0);
      expect(consumer.opportunities.some((o) => o.marketSize === null)).toBe(true);
      for (const o of [...consumer.opportunities, ...business.opportunities]) {
        expect(o.marketSize === null, `${o.title}: sized exactly when its evidence counts who buys`).toBe(!counted(o));
        expect(o.breakdown.marketSize.score).toBe(o.marketSize);
        expect(o.breakdown.marketSize.formula.startsWith('not sized')).toBe(o.marketSize === null);
      }
    });

    it('bridges the staffing matrix to renumbered occupations: software developers work mostly in computer systems design', () => {
      const staffing = index.corpus.market!.staffing;
      expect(staffing.aliases.get('15-1252')).toBe('15-1132');
      expect(staffing.aliases.has('15-2051')).toBe(false);
      expect(homeIndustry(staffing, '15-1252')).toMatchObject({ code: '541500' });
      for (const [soc, code] of staffing.aliases) {
        expect(staffing.national.has(soc), soc).toBe(false);
        expect(staffing.national.has(code), code).toBe(true);
      }
    });

    it('reads clipped words and closed compounds as the NAICS index writes them, and a company is no shopfront', () => {
      const market = index.corpus.market!;
      const indexWords = new Set(market.industryIndex.flatMap((item) => contentWords(item.text)));
      for (const full of Object.values(CLIPPED.words)) expect(indexWords.has(contentWords(full)[0]!), full).toBe(true);
      const naics = (phrase: string) => matchIndustry(market, naicsTitles(), phrase)?.naics;
      expect(naics('our testing lab')).toBe('541380');
      expect(naics('our daycare centers')).toMatch(/^624/);
      expect(naics('our daycare centers')).toBe(naics('our day care centers'));
      expect(naics('a tattoo studio')).toBe('812199');
      expect(naics('coffee shops')).toBe('722515');
      expect(naics('a coffee company')).not.toBe('722515');
    });

    it('takes the buyer from the directory when the query names none: developer tools are bought by software developers', async () => {
      for (const t of BUYER_TAGS.tags) {
        expect(
          index.corpus.occupations.some((o) => o.soc === t.buyer),
          t.buyer,
        ).toBe(true);
        expect(index.corpus.companies.filter((c) => c.tags.includes(t.tag)).length, t.tag).toBeGreaterThanOrEqual(5);
      }
      const a = await analyze('feature flags and gradual rollouts for our releases');
      const role = core(a).evidence.find((e) => e.id === 'onet:15-1252.00:role');
      expect(role?.value).toBe('customer');
      expect(role?.note).toMatch(/of the \d+ closest companies are filed under "Developer Tools"/);
      expect(core(a).evidence.find((e) => e.id === 'industry:customer')?.ref).toBe('5415');
      // Developers work in every industry: their home's neighbours (consulting, advertising) are no market.
      expect(a.opportunities.filter((o) => o.cell.kind === 'adjacent')).toEqual([]);
      // The market-research report cites the same buyer.
      const profile = await marketProfile(index, 'feature flags and gradual rollouts for our releases');
      expect(profile.occupations).toContainEqual(expect.objectContaining({ soc: '15-1252.00', role: 'customer' }));
      expect(verifyAnalysis(a).failures).toEqual([]);
      // A consumer's need has no buyer in the directory's tags.
      const consumer = await analyze('a reusable water bottle that tracks how much I drink');
      const notes = consumer.opportunities.flatMap((o) => o.evidence.map((e) => e.note));
      expect(notes.some((n) => n.includes('closest companies are filed under'))).toBe(false);
    });

    it('is deterministic', async () => {
      const a = await engine.analyze({ query: 'carbon accounting for manufacturers', filters: filters() });
      const b = await engine.analyze({ query: 'carbon accounting for manufacturers', filters: filters() });
      expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    });
  });
}
