// Founder and customer words for a need or problem ("crash", "invoice", "tutor") mapped to the
// words startups use for the product category that solves it ("observability", "invoicing",
// "tutoring"), checked against Y Combinator directory one-liners. General market knowledge only,
// not tuned to any query. Keys are processTerm() forms: lower-case, plural folded, no stop words.
// The table is split by area (market-vocabulary/); a word belongs to one area (market-vocabulary.test.ts).
import { COMMUNITY_MEDIA_AND_EVENTS } from './market-vocabulary/community-media-and-events.ts';
import { EVERYDAY_LIFE } from './market-vocabulary/everyday-life.ts';
import { GROWTH_SALES_AND_PEOPLE } from './market-vocabulary/growth-sales-and-people.ts';
import { HEALTH_AND_WELLBEING } from './market-vocabulary/health-and-wellbeing.ts';
import { MONEY_LAW_AND_BORDERS } from './market-vocabulary/money-law-and-borders.ts';
import { PHYSICAL_INDUSTRIES } from './market-vocabulary/physical-industries.ts';
import { SOFTWARE_AND_DATA } from './market-vocabulary/software-and-data.ts';

export const MARKET_VOCABULARY: Record<string, string[]> = {
  ...SOFTWARE_AND_DATA,
  ...GROWTH_SALES_AND_PEOPLE,
  ...MONEY_LAW_AND_BORDERS,
  ...HEALTH_AND_WELLBEING,
  ...PHYSICAL_INDUSTRIES,
  ...EVERYDAY_LIFE,
  ...COMMUNITY_MEDIA_AND_EVENTS,
};
