import { describe, expect, it } from 'vitest';
import { BODILY_JOB_FIT, canBeJob, isBodilyWork, offersSoftware } from './jobs.ts';

describe('bodily work, which software does not do (O*NET detailed work activities)', () => {
  it.each([
    ['Clean the plastic work inside cars', ['4.A.3.a.1.I03.D25']],
    ['Drive vehicles to or from workshops', ['4.A.3.a.4.I01.D14']],
    ['Connect hoses or lines to pumps', ['4.A.3.a.2.I34.D01']],
    ['Lubricate machinery or perform minor repairs', ['4.A.3.b.4.I08.D02']],
  ])('"%s" is bodily work', (_, activities) => {
    expect(isBodilyWork(activities)).toBe(true);
  });

  it.each([
    ['Maintain inventories of supplies', ['4.A.4.c.3.I05.D08']],
    ['Testify in court to present evidence', ['4.A.4.a.3.I01.D01']],
    ['Press buttons to activate cleaning equipment (controlling machines: software does)', ['4.A.3.a.3.I06.D13']],
    [
      'Monitor cleaning machines and notify supervisors (one of its activities is not bodily)',
      ['4.A.1.a.2.I01.D01', '4.A.3.a.1.I03.D25'],
    ],
    ['a task with no activity on record', []],
  ])('"%s" is not', (_, activities) => {
    expect(isBodilyWork(activities)).toBe(false);
  });

  it('is a job only when the product is not software and the query asks for that work itself', () => {
    const loading = ['4.A.3.a.2.I34.D01'];
    // Route planning for drivers is near the drivers' work, not the loading of their trucks.
    expect(canBeJob(loading, false, BODILY_JOB_FIT - 0.15)).toBe(false);
    // A robot that loads trucks does that very work.
    expect(canBeJob(loading, false, BODILY_JOB_FIT + 0.05)).toBe(true);
    expect(canBeJob(loading, true, 0.9)).toBe(false);
    expect(canBeJob(['4.A.4.c.3.I05.D08'], true, 0.1)).toBe(true);
  });

  it('is judged only for an offering that says it is software', () => {
    expect(offersSoftware({ offeringText: 'software' })).toBe(true);
    expect(offersSoftware({ offeringText: 'an app that books washes' })).toBe(true);
    expect(offersSoftware({ offeringText: 'mobile car detailing' })).toBe(false);
  });
});
