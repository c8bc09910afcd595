import type { PlanTemplatePhase } from '#shared/action-plans/action-plans.schemas.ts';

// The seeded templates (issue 15: at least default, B2B SaaS, marketplace, consumer app, hardware,
// services). Each has the four phases; recipe tasks expand into tasks naming the opportunity's own
// evidence (plan-generator.logic.ts), text tasks fill {placeholders} from it and are left out when the
// evidence has nothing to fill them with.

export type SystemTemplate = {
  name: string;
  description: string;
  category: string;
  icon: string;
  isDefault: boolean;
  /** Which channel the Launch phase tests first when the evidence offers several. */
  channels: readonly ('industry-outbound' | 'occupation-community' | 'competitor-alternatives')[];
  phases: PlanTemplatePhase[];
};

const research = (extra: PlanTemplatePhase['tasks'] = []): PlanTemplatePhase => ({
  name: 'Research',
  description: 'Learn who has this problem today, how they solve it, and who already sells to them.',
  estimatedDuration: '2 weeks',
  tasks: [
    { recipe: 'interview-occupations' },
    { recipe: 'study-competitors' },
    { recipe: 'study-incumbent-software' },
    { recipe: 'size-market' },
    ...extra,
  ],
});

const validation = (extra: PlanTemplatePhase['tasks'] = []): PlanTemplatePhase => ({
  name: 'Validation',
  description: 'Test the riskiest assumptions before building, each with a criterion that would stop the idea.',
  estimatedDuration: '2 weeks',
  tasks: [{ recipe: 'test-hypotheses' }, { recipe: 'check-regulation' }, ...extra],
});

const development = (extra: PlanTemplatePhase['tasks'] = []): PlanTemplatePhase => ({
  name: 'Development',
  description: 'Build the smallest thing that does the first job end to end.',
  estimatedDuration: '4 weeks',
  tasks: [{ recipe: 'build-first-job' }, ...extra],
});

const launch = (extra: PlanTemplatePhase['tasks'] = []): PlanTemplatePhase => ({
  name: 'Launch',
  description: 'Put it in front of paying customers through one channel and measure.',
  estimatedDuration: '2 weeks',
  tasks: [{ recipe: 'test-channel' }, ...extra],
});

export const SYSTEM_TEMPLATES: readonly SystemTemplate[] = [
  {
    name: 'Default',
    description: 'Four phases from research to launch, for any kind of opportunity.',
    category: 'general',
    icon: 'map',
    isDefault: true,
    channels: ['industry-outbound', 'occupation-community', 'competitor-alternatives'],
    phases: [
      research(),
      validation(),
      development([
        {
          title: 'Run the first version with three {segment}',
          description: 'Do the work with them, by hand where needed; write down every step that breaks.',
          estimatedTime: '1 week',
        },
      ]),
      launch([
        {
          title: 'Set a price and ask for payment',
          description: 'Quote a price to every pilot user of {offering}; count how many pay.',
          estimatedTime: '3 days',
        },
      ]),
    ],
  },
  {
    name: 'B2B SaaS',
    description: 'Sell software to businesses: interviews, pilots, integrations and outbound sales.',
    category: 'software',
    icon: 'building',
    isDefault: false,
    channels: ['industry-outbound', 'competitor-alternatives', 'occupation-community'],
    phases: [
      research([
        {
          title: 'Find who signs the cheque at {segment}',
          description: 'Ask every interviewee who approves software purchases and on what budget.',
          estimatedTime: '2 days',
        },
      ]),
      validation([
        {
          title: 'Get three letters of intent from {segment}',
          description: 'A signed intent to pilot {offering} is the evidence that the problem is worth paying for.',
          estimatedTime: '1 week',
        },
      ]),
      development([
        {
          title: 'Set up single sign-on, roles and an audit log',
          description: 'The checks a large organisation’s IT team asks for before a pilot.',
          estimatedTime: '1 week',
          forCustomers: 'enterprise',
        },
        {
          title: 'Make buying take minutes for a small office',
          description:
            'A small {segment} buys with a card, not a procurement process: self-serve sign-up, monthly billing, no setup call, and a way to invite one colleague.',
          estimatedTime: '1 week',
          forCustomers: 'small',
        },
      ]),
      launch([
        {
          title: 'Run paid pilots and turn them into annual contracts',
          description: 'Agree success criteria with each {segment} pilot up front.',
          estimatedTime: '4 weeks',
        },
      ]),
    ],
  },
  {
    name: 'Marketplace',
    description: 'Two-sided: win one side first, then bring the other.',
    category: 'marketplace',
    icon: 'store',
    isDefault: false,
    channels: ['occupation-community', 'industry-outbound', 'competitor-alternatives'],
    phases: [
      research([
        {
          title: 'Decide which side of {offering} to win first',
          description: 'Supply or demand: pick the side that is scarcer for {segment}.',
          estimatedTime: '2 days',
        },
      ]),
      validation([
        {
          title: 'Match ten transactions by hand',
          description: 'Broker them yourself over e-mail or phone before building any matching.',
          estimatedTime: '2 weeks',
        },
      ]),
      development([
        {
          title: 'Build listings, search and payments for the first side',
          description: 'Only what the hand-matched transactions needed.',
          estimatedTime: '3 weeks',
        },
      ]),
      launch([
        {
          title: 'Measure liquidity: share of listings that transact within a week',
          description: 'Grow the second side only once the first side transacts.',
          estimatedTime: '2 weeks',
        },
      ]),
    ],
  },
  {
    name: 'Consumer app',
    description: 'Reach individuals: fast prototypes, retention before growth.',
    category: 'consumer',
    icon: 'smartphone',
    isDefault: false,
    channels: ['competitor-alternatives', 'occupation-community', 'industry-outbound'],
    phases: [
      research(),
      validation([
        {
          title: 'Put a clickable prototype of {offering} in front of 20 people',
          description: 'Watch them use it; note where they stop.',
          estimatedTime: '1 week',
        },
      ]),
      development([
        {
          title: 'Instrument week-one retention',
          description: 'Know how many come back on day 1, 7 and 30 before spending on growth.',
          estimatedTime: '2 days',
        },
      ]),
      launch([
        {
          title: 'Launch to a waitlist and track activation',
          description: 'Invite in small batches; fix the first step where people drop.',
          estimatedTime: '2 weeks',
        },
      ]),
    ],
  },
  {
    name: 'Hardware',
    description: 'A physical product: prototypes, suppliers, certification and pre-orders.',
    category: 'hardware',
    icon: 'cpu',
    isDefault: false,
    channels: ['industry-outbound', 'occupation-community', 'competitor-alternatives'],
    phases: [
      research([
        {
          title: 'Tear down the products {segment} use today',
          description: 'Cost the bill of materials of what they already buy.',
          estimatedTime: '1 week',
        },
      ]),
      validation([
        {
          title: 'Take pre-orders or deposits for {offering}',
          description: 'Deposits, not likes, decide whether to tool up.',
          estimatedTime: '2 weeks',
        },
      ]),
      development([
        {
          title: 'Build a works-like prototype, then a looks-like one',
          description: 'Test the works-like prototype on site with {segment}.',
          estimatedTime: '6 weeks',
        },
        {
          title: 'Get quotes from two manufacturers and list the certifications needed',
          estimatedTime: '2 weeks',
        },
      ]),
      launch([{ title: 'Ship a first batch and track returns and support calls', estimatedTime: '4 weeks' }]),
    ],
  },
  {
    name: 'Services',
    description: 'Sell the outcome as a service first; productise what repeats.',
    category: 'services',
    icon: 'briefcase',
    isDefault: false,
    channels: ['industry-outbound', 'occupation-community', 'competitor-alternatives'],
    phases: [
      research(),
      validation([
        {
          title: 'Sell the outcome of {offering} as a done-for-you service',
          description: 'Deliver it by hand to the first {segment}; price per outcome.',
          estimatedTime: '2 weeks',
        },
      ]),
      development([
        {
          title: 'Write the delivery playbook and automate its most repeated step',
          estimatedTime: '2 weeks',
        },
      ]),
      launch([
        {
          title: 'Collect three case studies with numbers from {segment}',
          estimatedTime: '2 weeks',
        },
      ]),
    ],
  },
];

export const DEFAULT_CHANNELS = SYSTEM_TEMPLATES[0]?.channels ?? ['industry-outbound'];
