import { describe, expect, it } from 'vitest';
import { MARKET_VOCABULARY } from './market-vocabulary.ts';
import { COMMUNITY_MEDIA_AND_EVENTS } from './market-vocabulary/community-media-and-events.ts';
import { EVERYDAY_LIFE } from './market-vocabulary/everyday-life.ts';
import { GROWTH_SALES_AND_PEOPLE } from './market-vocabulary/growth-sales-and-people.ts';
import { HEALTH_AND_WELLBEING } from './market-vocabulary/health-and-wellbeing.ts';
import { MONEY_LAW_AND_BORDERS } from './market-vocabulary/money-law-and-borders.ts';
import { PHYSICAL_INDUSTRIES } from './market-vocabulary/physical-industries.ts';
import { SOFTWARE_AND_DATA } from './market-vocabulary/software-and-data.ts';

// One table in one object literal could not name a word twice (the compiler refused); split by area,
// a word named in two areas would silently keep only the later meaning.

const AREAS = {
  SOFTWARE_AND_DATA,
  GROWTH_SALES_AND_PEOPLE,
  MONEY_LAW_AND_BORDERS,
  HEALTH_AND_WELLBEING,
  PHYSICAL_INDUSTRIES,
  EVERYDAY_LIFE,
  COMMUNITY_MEDIA_AND_EVENTS,
};

describe('market vocabulary', () => {
  it('names each need word in one area only', () => {
    const seen = new Map<string, string>();
    const repeated: string[] = [];
    for (const [area, words] of Object.entries(AREAS)) {
      for (const word of Object.keys(words)) {
        const earlier = seen.get(word);
        if (earlier !== undefined) repeated.push(`${word}: ${earlier} and ${area}`);
        seen.set(word, area);
      }
    }
    expect(repeated).toEqual([]);
    expect(Object.keys(MARKET_VOCABULARY)).toHaveLength(seen.size);
  });

  it('maps "crash" to observability and "tutor" to tutoring, as before the split', () => {
    expect(MARKET_VOCABULARY.crash).toContain('observability');
    expect(MARKET_VOCABULARY.tutor).toContain('tutoring');
    expect(Object.keys(MARKET_VOCABULARY)).toHaveLength(360);
  });
});
