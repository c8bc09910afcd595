// Founders tell a need as a phrase more often than as a word: "getting paid", "send money home", "users
// drop off", "sell out of stock". The words alone say little ("paid", "money", "drop"); the phrase names a
// category startups sell under (accounts receivable, remittances, product analytics, inventory
// forecasting). Each entry is a pattern over the lower-cased query and the category words it means.
// General market knowledge, written as a list of common needs, not fitted to any evaluation query.
// The category words attach to the query word the phrase ends on (docs/decisions/025).

type Entry = readonly [pattern: string, categories: readonly string[]];

const ENTRIES: readonly Entry[] = [
  // Money in and out of a business
  [
    String.raw`get(?:ting)? paid|collect(?:ing)? (?:late |overdue )?payments?|(?:unpaid|overdue|late) invoices?|chas(?:e|ing) (?:\w+ )?invoices?`,
    ['accounts receivable', 'invoicing', 'payment collection'],
  ],
  [
    String.raw`(?:accept|take|taking|accepting) (?:card |online )?payments?|payment processing|checkout`,
    ['payment processing', 'payments', 'checkout'],
  ],
  [
    String.raw`(?:run|running|do|doing) payroll|pay(?:ing)? (?:my |our )?(?:staff|employees)`,
    ['payroll', 'hr software', 'benefits administration'],
  ],
  [
    String.raw`pay(?:ing)? (?:\w+ )?(?:remote|international|overseas|foreign) (?:contractors|employees|workers|team)|hir(?:e|ing) (?:\w+ )?abroad|employer of record`,
    ['employer of record', 'global payroll', 'contractor payments'],
  ],
  [
    String.raw`expense reports?|(?:track|tracking|keep track of) (?:my |our |team )?(?:expenses|spending|receipts)|company cards?`,
    ['expense management', 'spend management', 'corporate cards'],
  ],
  [
    String.raw`(?:file|filing|do|doing) (?:my |our )?taxes|tax returns?|sales tax`,
    ['tax filing', 'tax compliance', 'tax software'],
  ],
  [
    String.raw`keep (?:\w+ )?books|bookkeeping|reconcil(?:e|ing) (?:\w+ )?accounts`,
    ['bookkeeping', 'accounting', 'accounting software'],
  ],
  // Money for people
  [
    String.raw`(?:send|sending|sent) (?:\w+ )?money|money transfers?|transfer(?:ring)? money|money (?:home|abroad)`,
    ['remittances', 'money transfers', 'cross-border payments'],
  ],
  [
    String.raw`split(?:ting)? (?:the )?(?:bills?|rent|costs?)|shared expenses`,
    ['bill splitting', 'shared expenses', 'peer-to-peer payments'],
  ],
  [
    String.raw`(?:my|personal|household|family) budget|budgeting app|personal finance|sav(?:e|ing) for (?:retirement|a house|college)`,
    ['personal finance', 'budgeting', 'savings'],
  ],
  [
    String.raw`pay(?:ing)? off (?:\w+ )?(?:debt|loans?)|credit card debt|student loans?`,
    ['debt repayment', 'refinancing', 'consumer lending'],
  ],
  [String.raw`build(?:ing)? (?:my )?credit|credit scores?`, ['credit building', 'credit score', 'credit cards']],
  [
    String.raw`(?:buy|buying) (?:a |my first )?(?:house|home)|down payment|mortgage rates?`,
    ['mortgage', 'home buying', 'home loans'],
  ],
  [
    String.raw`insurance (?:quotes?|premiums?)|(?:cheaper|lower|lowering|compare|comparing) (?:\w+ )?insurance`,
    ['insurance comparison', 'insurance marketplace', 'insurance broker'],
  ],
  // Selling and customers
  [
    String.raw`(?:find|get|finding|getting|reach|reaching) (?:more )?(?:customers|clients|leads)|lead generation|cold (?:emails?|calls?|outreach)`,
    ['lead generation', 'sales prospecting', 'outbound sales'],
  ],
  [
    String.raw`(?:answer|answering|miss|missing|missed) (?:\w+ )?(?:phone )?calls|phone calls|after[- ]hours calls`,
    ['ai receptionist', 'call answering', 'voice agents'],
  ],
  [
    String.raw`customer (?:support|service|questions|emails)|support tickets|where[- ]is[- ]my[- ]order|wismo`,
    ['customer support automation', 'help desk', 'ai support agents'],
  ],
  [
    String.raw`(?:online|customer|google|yelp) reviews|(?:get|getting|more) (?:\w+ )?reviews|reputation`,
    ['reputation management', 'review management'],
  ],
  [
    String.raw`social media (?:posts?|content|accounts?)|post(?:ing)? on (?:instagram|tiktok|linkedin|social)`,
    ['social media management', 'content scheduling', 'creator tools'],
  ],
  [
    String.raw`(?:write|writing) (?:blog posts|content|copy|marketing emails|ads)`,
    ['content generation', 'copywriting', 'ai writing'],
  ],
  [
    String.raw`(?:take|taking|accept|accepting) (?:\w+ )?orders (?:directly|online)|online ordering|commission[- ]free`,
    ['online ordering', 'direct ordering', 'restaurant technology'],
  ],
  // Operations
  [
    String.raw`(?:sell|selling|sold) out|(?:run|running|ran) out of (?:stock|inventory|products?)|out of stock|stock ?outs?|reorder(?:ing)?`,
    ['inventory forecasting', 'demand forecasting', 'inventory management', 'replenishment'],
  ],
  [
    String.raw`(?:manage|managing|track|tracking) (?:my |our )?inventory|stock levels|(?<!data )warehouses?`,
    ['inventory management', 'warehouse management'],
  ],
  [
    String.raw`(?:track|tracking) (?:my |an |the |their )?(?:orders?|packages?|shipments?)|order status|delivery updates`,
    ['order tracking', 'post-purchase experience', 'shipment tracking'],
  ],
  [
    String.raw`ship(?:ping)? (?:\w+ )?(?:orders|packages|products)|fulfil?lment`,
    ['shipping', 'fulfillment', 'ecommerce logistics'],
  ],
  [
    String.raw`(?:find|finding|book|booking) (?:a )?trucks?|haul(?:ing)?|freight|move (?:\w+ )?goods`,
    ['freight', 'trucking', 'freight brokerage', 'logistics'],
  ],
  [
    String.raw`(?:plan|planning|optimi[sz]e|optimi[sz]ing) (?:\w+ ){0,2}routes?|route (?:planning|optimi[sz]ation)`,
    ['route optimization', 'last-mile delivery', 'dispatch software'],
  ],
  [
    String.raw`(?:schedul(?:e|ing)) (?:\w+ )?(?:staff|shifts|employees|workers|caregivers|nurses|technicians)|shift scheduling`,
    ['workforce scheduling', 'shift scheduling', 'workforce management'],
  ],
  [
    String.raw`subcontractors|construction (?:projects?|schedules?|sites?)`,
    ['construction management', 'project management', 'construction scheduling'],
  ],
  [
    String.raw`maintenance requests?|(?:my |our )?tenants|landlords?|rental (?:units|properties)`,
    ['property management', 'maintenance requests', 'tenant communication'],
  ],
  [
    String.raw`(?:automate|automating|connect|connecting) (?:\w+ )?(?:apps|tools|workflows|systems)|between (?:\w+ )?apps|integrations between`,
    ['workflow automation', 'integration platform', 'no-code automation', 'ipaas'],
  ],
  [
    String.raw`meeting notes|(?:take|taking) notes|transcrib(?:e|ing)`,
    ['meeting assistant', 'transcription', 'note-taking'],
  ],
  [
    String.raw`(?:review|reviewing|redline|redlining|sign|signing) (?:\w+ )?contracts|contract review|e-?signatures?`,
    ['contract management', 'contract review', 'legal ai'],
  ],
  [
    String.raw`soc ?2|iso 27001|hipaa complian|(?:pass|passing) (?:\w+ )?(?:security |compliance )?audits?|compliance audits?`,
    ['compliance automation', 'security compliance', 'audit readiness'],
  ],
  // Hiring and work
  [
    String.raw`(?:hire|hiring) (?:a |an |our )?(?:\w+ )?(?:developers?|engineers?|staff|people|employees)|(?:screen|screening) (?:\w+ )?(?:applicants|candidates|resumes)|recruit(?:ing)?`,
    ['recruiting', 'applicant tracking', 'hiring platform'],
  ],
  [
    String.raw`background checks?|verify (?:\w+ )?identit(?:y|ies)|identity verification`,
    ['background checks', 'identity verification', 'employment screening'],
  ],
  [
    String.raw`work visas?|green cards?|immigration|sponsor(?:ing)? (?:a )?visa`,
    ['immigration', 'visa services', 'global mobility'],
  ],
  [
    String.raw`(?:find|finding|land|landing|get|getting) (?:a )?(?:new )?job|job (?:search|hunting)`,
    ['job search', 'job board', 'career platform'],
  ],
  [
    String.raw`learn(?:ing)? (?:to|how to) code|coding bootcamps?|career (?:change|switch)|switch(?:ing)? careers`,
    ['coding bootcamp', 'developer education', 'career change'],
  ],
  // Software teams
  [
    String.raw`(?:app|site|website|production) (?:crash(?:es|ing)?|errors?|down|outages?)|crash(?:es|ing)? in production|error tracking|(?:debug|debugging) production`,
    ['error monitoring', 'crash reporting', 'observability', 'application performance monitoring'],
  ],
  [
    String.raw`(?:users|customers|visitors|people) drop(?:s|ping)? off|drop-?off rates?|(?:signup|onboarding|checkout) (?:flow|funnel)|where users (?:get stuck|leave|quit)|funnels?`,
    ['product analytics', 'funnel analysis', 'conversion optimization', 'user behavior analytics'],
  ],
  [
    String.raw`(?:test|testing) (?:my |our )?(?:app|code|software|website)|qa testing|end-to-end tests`,
    ['software testing', 'qa automation', 'test automation'],
  ],
  [
    String.raw`(?:deploy|deploying|host|hosting) (?:my |our )?(?:app|website|code|models?)`,
    ['hosting', 'deployment platform', 'cloud infrastructure'],
  ],
  [
    String.raw`build(?:ing)? (?:a |my |our )?(?:website|landing page|online store)`,
    ['website builder', 'no-code', 'ecommerce platform'],
  ],
  // Health and care
  [
    String.raw`(?:approve|approving|approval of) (?:\w+ )?(?:procedures|treatments|prescriptions)|prior auth(?:orization)?s?|pre-?authori[sz]ation`,
    ['prior authorization', 'revenue cycle management', 'utilization management'],
  ],
  [
    String.raw`medical bill(?:s|ing)|insurance claims?|claim denials?|denied claims`,
    ['medical billing', 'revenue cycle management', 'claims processing'],
  ],
  [
    String.raw`(?:patient|visit|clinical|medical) notes|charting|clinical documentation|medical scribe`,
    ['ai scribe', 'clinical documentation', 'ambient documentation'],
  ],
  [
    String.raw`(?:see|seeing|talk to|talking to) (?:a |an )?(?:\w+ )?(?:doctor|physician|nurse)|online doctor|virtual visits?|telehealth`,
    ['telehealth', 'virtual care', 'primary care'],
  ],
  [
    String.raw`(?:talk|talking) to (?:a |an )?(?:\w+ )?(?:therapist|counselor|psychologist)|mental health|anxiety|depression`,
    ['mental health', 'teletherapy', 'behavioral health'],
  ],
  [String.raw`lose weight|weight loss|losing weight`, ['weight loss', 'nutrition', 'obesity care']],
  [String.raw`(?:fall|falling|stay|staying) asleep|sleep better|insomnia`, ['sleep', 'insomnia', 'sleep health']],
  [
    String.raw`(?:track|tracking|log|logging) (?:my )?(?:\w+ )?(?:workouts?|runs|fitness|steps)`,
    ['fitness tracking', 'workout app', 'fitness'],
  ],
  // Home and family
  [
    String.raw`(?:find|finding|book|booking) (?:a )?(?:babysitter|nanny|sitter)|child ?care|daycare`,
    ['childcare', 'babysitting', 'nanny marketplace'],
  ],
  [
    String.raw`dog walk(?:er|ers|ing)?|walk(?:ing)? (?:my |the )?dog|pet sitt(?:er|ers|ing)`,
    ['dog walking', 'pet sitting', 'pet care'],
  ],
  [
    String.raw`(?:plan|planning) (?:my |our )?meals|meal prep|what to cook|grocery lists?`,
    ['meal planning', 'recipes', 'grocery'],
  ],
  [
    String.raw`(?:find|finding|hire|hiring) (?:a )?(?:plumber|electrician|handyman|contractor)|home repairs?`,
    ['home services', 'contractor marketplace', 'home repair'],
  ],
  [
    String.raw`(?:find|finding) (?:a |an )?(?:roommate|apartment|place to live)|apartment (?:hunting|search)`,
    ['rental listings', 'apartment search', 'roommate matching'],
  ],
  [
    String.raw`(?:homework|math|reading) help|help (?:with|on) (?:\w+ )?homework|tutor(?:ing)?`,
    ['tutoring', 'homework help', 'edtech'],
  ],
  [
    String.raw`grad(?:e|ing) (?:\w+ )?(?:essays|homework|papers|tests|assignments)`,
    ['grading', 'teacher tools', 'edtech'],
  ],
  // Energy and climate
  [
    String.raw`ev chargers?|(?:charge|charging) (?:an |my |our )?(?:ev|electric (?:car|vehicle)s?)`,
    ['ev charging', 'charging stations', 'electric vehicles'],
  ],
  [
    String.raw`carbon footprint|(?:measure|measuring|track|tracking) (?:\w+ )?emissions|climate disclosures?|esg report`,
    ['carbon accounting', 'emissions tracking', 'sustainability reporting'],
  ],
  // Travel and things
  [
    String.raw`(?:plan|planning|book|booking) (?:a |my |our )?(?:trip|vacation|holiday|flights?)`,
    ['travel booking', 'trip planning', 'travel'],
  ],
  [
    String.raw`rent(?:ing)? (?:\w+ )?(?:gear|equipment|tools|bikes?)|equipment rental`,
    ['rental marketplace', 'equipment rental', 'peer-to-peer rental'],
  ],
  [
    String.raw`(?:sell|selling) (?:my )?(?:old |used )?(?:clothes|stuff|things|furniture)|second-?hand|resale`,
    ['resale marketplace', 'secondhand', 'recommerce'],
  ],
];

const PATTERNS = ENTRIES.map(([pattern, categories]) => ({ re: new RegExp(`\\b(?:${pattern})\\b`, 'g'), categories }));

/** Every market phrase in the text: the matched words and the category words they mean. */
export function marketPhrases(text: string): { match: string; categories: readonly string[] }[] {
  const lower = text.toLowerCase();
  const out: { match: string; categories: readonly string[] }[] = [];
  for (const { re, categories } of PATTERNS) {
    re.lastIndex = 0;
    for (const m of lower.matchAll(re)) out.push({ match: m[0], categories });
  }
  return out;
}
