import type { SeedResource } from './library-seed.constants.ts';
import { FUNDAMENTALS } from './library-fundamentals.seed-data.ts';
import { MARKET_RESEARCH } from './library-market-research.seed-data.ts';
import { CUSTOMERS_AND_MODELS } from './library-customers-and-models.seed-data.ts';
import { PRODUCT_AND_LAUNCH } from './library-product-and-launch.seed-data.ts';
import { LEGAL_AND_FUNDING } from './library-legal-and-funding.seed-data.ts';

// The seeded resource library: real, well-known, freely reachable pages for founders, with their
// publishers' own titles and addresses (nothing here is invented or summarised from a model's
// guess at a URL; each entry's lastCheckedAt is the day it was reviewed for this list).
// Categories nest one level: a parent groups its children on /resources. The entries are kept by shelf
// (library-<shelf>.seed-data.ts), each shelf a few of the categories.

export type SeedCategory = { slug: string; name: string; description: string; icon: string; parent?: string };

export const SEED_CATEGORIES: SeedCategory[] = [
  {
    slug: 'startup-fundamentals',
    name: 'Startup fundamentals',
    description: 'Essays and courses on starting a company.',
    icon: 'book',
  },
  {
    slug: 'market-research',
    name: 'Market research',
    description: 'Sizing a market and finding who else serves it.',
    icon: 'search',
  },
  {
    slug: 'public-data',
    name: 'Public data sources',
    description: 'Government statistics on businesses, jobs and industries — the same families of data Unbuilt reads.',
    icon: 'database',
    parent: 'market-research',
  },
  {
    slug: 'competitor-research',
    name: 'Competitor and company research',
    description: 'Finding the companies, filings and patents in a market.',
    icon: 'building',
    parent: 'market-research',
  },
  {
    slug: 'customer-discovery',
    name: 'Customer discovery',
    description: 'Talking to customers and testing what they need.',
    icon: 'users',
  },
  {
    slug: 'business-models',
    name: 'Business models',
    description: 'Canvases and frameworks for how a business makes money.',
    icon: 'layout',
  },
  {
    slug: 'pricing-unit-economics',
    name: 'Pricing and unit economics',
    description: 'Metrics, costs and what a customer is worth.',
    icon: 'calculator',
    parent: 'business-models',
  },
  {
    slug: 'product-development',
    name: 'Product development',
    description: 'Designing and building the product.',
    icon: 'wrench',
  },
  {
    slug: 'design',
    name: 'Design and accessibility',
    description: 'Interface guidelines, prototyping and accessibility.',
    icon: 'pen',
    parent: 'product-development',
  },
  {
    slug: 'engineering',
    name: 'Engineering and platforms',
    description: 'Platform documentation and engineering practice.',
    icon: 'code',
    parent: 'product-development',
  },
  {
    slug: 'launch-growth',
    name: 'Launch and growth',
    description: 'Launching, getting found and measuring growth.',
    icon: 'rocket',
  },
  {
    slug: 'legal-finance',
    name: 'Legal, incorporation and finance',
    description: 'Forming the company, taxes, privacy and trademarks.',
    icon: 'scale',
  },
  {
    slug: 'fundraising',
    name: 'Fundraising',
    description: 'Raising money and the standard documents.',
    icon: 'banknote',
    parent: 'legal-finance',
  },
];

export const LIBRARY_CHECKED_AT = '2026-11-23';

// Every shelf, in the order they are seeded (the order of the one list this was before).
export const SEED_RESOURCES: SeedResource[] = [
  ...FUNDAMENTALS,
  ...MARKET_RESEARCH,
  ...CUSTOMERS_AND_MODELS,
  ...PRODUCT_AND_LAUNCH,
  ...LEGAL_AND_FUNDING,
];
