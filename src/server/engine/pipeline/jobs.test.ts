import { describe, expect, it } from 'vitest';
import { BODILY_JOB_FIT, canBeJob, isBodilyWork, offersSoftware, taskPhrase } from './jobs.ts';

// An O*NET task becomes an opportunity title: the job itself, as a gerund phrase, without the clause
// that says why, how or with what examples.

describe('taskPhrase', () => {
  it('keeps "how to …": after a question word, "to" says what the job is, not why', () => {
    // Cut at nine words, it does not end on "for their".
    expect(taskPhrase("Advise pet owners on how to care for their pets' health.")).toBe(
      'Advising pet owners on how to care',
    );
    expect(taskPhrase('Teach students what to do in emergencies.')).toBe('Teaching students what to do in emergencies');
    expect(taskPhrase('Call new customers to confirm appointments.')).toBe('Calling new customers');
  });

  it('keeps the job and drops lists, purposes, means and examples', () => {
    expect(taskPhrase('Schedule and confirm patient appointments, surgeries, or consultations.')).toBe(
      'Scheduling and confirming patient appointments',
    );
    expect(
      taskPhrase(
        "Resolve customers' service or billing complaints by performing activities such as exchanging merchandise.",
      ),
    ).toBe("Resolving customers' service or billing complaints");
    expect(taskPhrase('Compile and maintain records including payroll, inventory and sales data.')).toBe(
      'Compiling and maintaining records',
    );
    expect(taskPhrase('Greet persons entering establishment to determine nature of business.')).toBe(
      'Greeting persons entering establishment',
    );
  });

  it('cuts a long task to nine words without ending on a dangling word', () => {
    expect(
      taskPhrase('Conduct financial modeling for online marketing programs or Web site revenue forecasting.'),
    ).toBe('Conducting financial modeling for online marketing programs');
    expect(taskPhrase('Plan and coordinate the installation of equipment and systems for the clients of firms.')).toBe(
      'Planning and coordinating the installation of equipment and systems',
    );
    // Nine words would end inside "legal actions": the title keeps the whole first alternative (issue 29).
    expect(
      taskPhrase(
        'Gather evidence to formulate defense or to initiate legal actions, by such means as interviewing clients.',
      ),
    ).toBe('Gathering evidence to formulate defense');
  });

  it('keeps a short clause whole rather than cut it to a stub', () => {
    // Fewer than three words before "by": the means is part of the job.
    expect(taskPhrase('Travel by truck to customer sites.')).toBe('Traveling by truck to customer sites');
    // One syllable ending consonant-vowel-consonant doubles its consonant; a hyphenated verb keeps its prefix.
    expect(taskPhrase('Scrub, scrape, or spray machine parts.')).toBe('Scrubbing, scraping, or spray machine parts');
    expect(taskPhrase('Pre-soak or rinse machine parts.')).toBe('Pre-soaking or rinsing machine parts');
    expect(taskPhrase('Clean and wash vehicles.')).toBe('Cleaning and washing vehicles');
    expect(taskPhrase('Fix leaks in pipes.')).toBe('Fixing leaks in pipes');
  });
});

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
