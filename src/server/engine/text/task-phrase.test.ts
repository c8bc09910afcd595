import { describe, expect, it } from 'vitest';
import { readTestVariable } from '../../env.ts';
import { loadOnet } from '../corpus/load-datasets.ts';
import { taskPhrase } from './task-phrase.ts';
import WORDS from './task-phrase-words.json' with { type: 'json' };

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
    expect(taskPhrase('Scrub, scrape, or spray machine parts.')).toBe('Scrubbing, scraping, or spraying machine parts');
    expect(taskPhrase('Pre-soak or rinse machine parts.')).toBe('Pre-soaking or rinsing machine parts');
    expect(taskPhrase('Clean and wash vehicles.')).toBe('Cleaning and washing vehicles');
    expect(taskPhrase('Fix leaks in pipes.')).toBe('Fixing leaks in pipes');
  });

  it.each([
    // Every verb of a leading list is conjugated, and only the verbs.
    [
      'Direct, plan, or implement policies, objectives, or activities.',
      'Directing, planning, or implementing policies',
    ],
    ['Examine, evaluate, or process loan applications.', 'Examining, evaluating, or processing loan applications'],
    ['Prepare reports and schedules for managers.', 'Preparing reports and schedules for managers'],
    // A second verb after its own object ("… telephones and take messages").
    ['Answer telephones and take messages.', 'Answering telephones and taking messages'],
    ['Manage staff and budget for the kitchen.', 'Managing staff and budget for the kitchen'],
    [
      'Wrap air ducts and water lines with insulating materials.',
      'Wrapping air ducts and water lines with insulating materials',
    ],
    // A title is not cut after a word that leads into the rest, nor inside a phrase.
    ['Lead, or participate in, fraud investigation teams.', 'Leading, or participating in, fraud investigation teams'],
    [
      'Set up, operate, or tend machines that extrude plastic.',
      'Setting up, operating, or tending machines that extrude plastic',
    ],
    [
      'Reserve, circulate, renew, and discharge books and other materials.',
      'Reserving, circulating, renewing, and discharging books and other materials',
    ],
    [
      'Update appraisals when property has been improved, damaged, or has otherwise changed.',
      'Updating appraisals when property has been improved',
    ],
    [
      'Advise businesses or agencies on ways to improve the productivity or effectiveness of operations.',
      'Advising businesses or agencies on ways to improve',
    ],
    [
      'Prepare objectives, outlines, or other materials for courses of study, following curriculum guidelines.',
      'Preparing objectives, outlines, or other materials for courses',
    ],
    [
      'Evaluate findings and develop strategies and arguments in preparation for presentation of cases.',
      'Evaluating findings and developing strategies and arguments',
    ],
    // Cut short, a second job does not keep its verb without its object.
    [
      'Appoint department heads or managers and assign or delegate responsibilities to them.',
      'Appointing department heads or managers',
    ],
    // Verbs stressed on their last syllable double their consonant; others do not.
    ['Confer with colleagues on difficult cases.', 'Conferring with colleagues on difficult cases'],
    ['Offer advice to tenants.', 'Offering advice to tenants'],
    // A cut title does not end on a word that only qualifies the next.
    [
      'Conduct experiments to test new or alternate feedstock fermentation processes.',
      'Conducting experiments to test',
    ],
    // "to" is a purpose only before a verb, and never after "related", "due", "prior".
    [
      'Perform administrative and management functions related to the practice of law.',
      'Performing administrative and management functions related to the practice',
    ],
    [
      'Evaluate possibility of losses due to catastrophe or excessive insurance.',
      'Evaluating possibility of losses due to catastrophe',
    ],
    [
      'Review and approve all systems charts and programs prior to their implementation.',
      'Reviewing and approving all systems charts and programs',
    ],
    // A list of modifiers stays with its noun, or is left out whole; a list of nouns is cut as before.
    [
      'Meet with federal, state, and local agencies to discuss funding.',
      'Meeting with federal, state, and local agencies',
    ],
    [
      'Represent their government at local, national, and international meetings and conferences.',
      'Representing their government at local, national, and international meetings',
    ],
    [
      'Advise business or other groups on local, national, or international factors affecting the economy.',
      'Advising business or other groups',
    ],
    [
      'Maintain records pertaining to inventory, personnel, orders, or machine maintenance.',
      'Maintaining records pertaining to inventory',
    ],
  ])('"%s" → "%s"', (task, title) => {
    expect(taskPhrase(task)).toBe(title);
  });
});

const datasetsDir = readTestVariable('DATASETS_DIR');

if (datasetsDir) {
  describe('taskPhrase on every O*NET task', () => {
    const { tasks } = loadOnet(datasetsDir);
    const phrases = tasks.map((t) => taskPhrase(t.text));

    it('conjugates the verbs of a leading list ("Directing, planning, or implementing")', () => {
      // Before this check, 863 of 18,796 titles left the last verb of such a list as written.
      const unconjugated = phrases.filter((p) => /^[A-Z][a-z-]*ing, [a-z-]+ing,? (?:and|or) (?![a-z-]+ing\b)/.test(p));
      expect(unconjugated.length / phrases.length).toBeLessThan(0.001);
    });

    it('never ends a title on a word that leads into another ("related", "due", "prior")', () => {
      const leadIns = phrases.filter((p) => /(?:^|\s)(?:related|relating|pertaining|according|due|prior)$/i.test(p));
      expect(leadIns).toEqual([]);
    });
  });
}

describe('the word lists task titles use (text/task-phrase-words.json)', () => {
  it('hold lower-case single words, each once in its list', () => {
    for (const list of [WORDS.doubleFinal, WORDS.dangling, WORDS.leadIns, WORDS.inPhrases, WORDS.particles]) {
      for (const w of list.words) expect(w).toMatch(/^[a-z]+$/);
      expect(new Set(list.words).size).toBe(list.words.length);
      expect(list.why.length).toBeGreaterThan(20);
    }
  });
});
