import { describe, expect, it } from 'vitest';
import { taskPhrase } from './jobs.ts';

// An O*NET task becomes an opportunity title: the job itself, as a gerund phrase, without the clause
// that says why, how or with what examples.

describe('taskPhrase', () => {
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
