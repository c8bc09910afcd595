// Questions the evidence of an analysis cannot answer, and what would (docs/product/assistant.md).
// Checked before retrieval: a question about revenue must not be answered with whatever company
// happens to share a word with it.

/** `isOffLimits`: about the system or other users: the whole question is refused, not answered part by part. */
type Topic = { pattern: RegExp; subject: string; wouldAnswer: string; isOffLimits?: boolean };

export const UNANSWERABLE_TOPICS: readonly Topic[] = [
  {
    pattern: /\b(revenue|revenues|dollars?|billion|million|tam|sam|som|market value|spend(ing)?|turnover|\$)/,
    subject: 'the market’s size in money',
    wouldAnswer:
      'a market research report (industry revenue and spend), or bottom-up figures: the number of customers times what each pays',
  },
  {
    pattern: /\b(price|prices|pricing|charge|cost|costs|willing to pay|subscription fee|margin|margins)\b/,
    subject: 'prices or costs',
    wouldAnswer: 'competitors’ public pricing pages and interviews with customers about what they pay today',
  },
  {
    pattern: /\b(funding|funded|raise|raised|invest\w*|valuation|vc|venture)\b/,
    subject: 'funding or investors',
    wouldAnswer: 'a funding database (e.g. Crunchbase or PitchBook) or the companies’ own announcements',
  },
  {
    pattern: /\b(churn|retention|cac|ltv|conversion rate|customer acquisition)\b/,
    subject: 'customer economics',
    wouldAnswer: 'data from a pilot or a competitor’s published metrics',
  },
  {
    pattern:
      /\b(system prompt|instructions?|password|passwords|api key|e-?mail address|other users?|everyone else|database)\b|[\w.+-]+@[\w-]+\.\w+/,
    subject: 'that',
    wouldAnswer: 'nothing in this analysis: the assistant answers only from the analysis’s own evidence',
    isOffLimits: true,
  },
];

export function unanswerableTopic(question: string): Topic | null {
  const q = question.toLowerCase();
  return UNANSWERABLE_TOPICS.find((t) => t.pattern.test(q)) ?? null;
}

export const INTENTS = {
  change: /\b(chang\w*|differ\w*|compar\w*|versus|vs|re-?run|since)\b/,
  failure: /\b(shut|shutdown|fail\w*|dead|inactive|closed|died|folded|defunct)\b/,
  risk: /\b(risks?|risky|regulat\w*|threats?|danger\w*|complian\w*|hipaa|legal)\b/,
  competitors:
    /\b(who|competitors?|competition|compet\w*|serves?|serving|incumbents?|rivals?|players?|alternatives?|already)\b/,
  score:
    /\b(scores?|scored|scoring|rank\w*|rated|rating|feasib\w*|innovat\w*|confidence|priority|potential|computed|calculat\w*|why)\b/,
  demand: /\b(how many|employ\w*|workers?|jobs?|wages?|salar\w*|growth|growing|demand|openings?|people)\b/,
  tasks: /\b(tasks?|build|first|start|mvp|feature|features|work involve|do all day)\b/,
} as const;
