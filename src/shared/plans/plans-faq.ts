import { SALES_EMAIL } from '../app/app.constants.ts';
import {
  FREE_HISTORY_DAYS,
  FREE_MONTHLY_EXPORTS,
  FREE_MONTHLY_SEARCHES,
  MONEY_BACK_DAYS,
  PLANS,
  TRIAL_DAYS,
} from './plans.constants.ts';

// The pricing FAQ (docs/product/plans.md): written once from the plan constants, shown on /pricing and
// used by the assistant to answer product questions (issue 29), so the two cannot say different things.
// `asks` are the words a visitor uses for the question that the answer may not contain ("refund" for
// the money-back guarantee); the assistant ranks an entry by them as it ranks by the question itself.

export type FaqEntry = {
  /** Anchor on /pricing and the assistant's citation ref (`pricing-faq:<id>`). */
  id: string;
  question: string;
  answer: string;
  asks: readonly string[];
};

export const PRICING_FAQ: readonly FaqEntry[] = [
  {
    id: 'what-counts-as-a-search',
    question: 'What counts as a search?',
    answer: `Each analysis that finds at least one opportunity counts as one search. On the ${PLANS.free.name} plan you have ${FREE_MONTHLY_SEARCHES} a calendar month; the count starts again when a new month begins. An analysis that finds nothing, or says the data cannot support an answer, stays in your history but does not count, and neither does one that fails or that you stop while it runs. Opening, saving, exporting or sharing an analysis you already ran does not count.`,
    asks: ['quota', 'searches left', 'how many searches', 'search limit', 'monthly searches'],
  },
  {
    id: 'what-happens-at-the-limit',
    question: 'What happens when I reach the limit?',
    answer: `The limit is enforced on our server, so new searches stop until the next month or until you upgrade. Everything you already ran stays available. ${PLANS.free.name} accounts see the last ${FREE_HISTORY_DAYS} days of search history; older searches are hidden, not deleted, and come back if you upgrade.`,
    asks: ['run out', 'out of searches', 'limit reached', 'history', 'older searches'],
  },
  {
    id: 'how-the-trial-works',
    question: 'How does the free trial work?',
    answer: `The trial gives you ${TRIAL_DAYS} days of ${PLANS.pro.name} once per account, with no card required. When it ends your account returns to ${PLANS.free.name} unless you subscribe.`,
    asks: ['trial', 'try pro', 'credit card', 'free trial'],
  },
  {
    id: 'can-i-cancel',
    question: 'Can I cancel?',
    answer: `Yes, at any time: on the Billing page choose Cancel at period end. Your plan stays until the end of the period you paid for, then your account returns to ${PLANS.free.name}; nothing renews after that. Every paid plan has a ${MONEY_BACK_DAYS}-day money-back guarantee.`,
    asks: ['cancel', 'cancellation', 'unsubscribe', 'stop paying', 'refund', 'money back', 'end my subscription'],
  },
  {
    id: 'what-the-plans-cost',
    question: 'What do the plans cost?',
    answer: `${PLANS.free.name} is $${PLANS.free.monthlyPriceUsd}, ${PLANS.pro.name} $${PLANS.pro.monthlyPriceUsd} a month and ${PLANS.enterprise.name} $${PLANS.enterprise.monthlyPriceUsd} a month. ${PLANS.pro.name} adds unlimited searches and history, CSV export, action plans, pitch decks, branded reports and sharing with your team; ${PLANS.enterprise.name} adds team management and REST API access. ${PLANS.free.name} includes ${FREE_MONTHLY_EXPORTS} exports a month.`,
    asks: ['price', 'prices', 'pricing', 'cost', 'how much', 'plans', 'pro', 'enterprise', 'difference', 'upgrade'],
  },
  {
    id: 'how-do-i-pay',
    question: 'How do I pay?',
    answer: `${PLANS.pro.name} is billed monthly by card through our payment provider. Unbuilt never receives or stores your card number. ${PLANS.enterprise.name} is arranged with our team: write to ${SALES_EMAIL}.`,
    asks: ['payment', 'card', 'invoice', 'billing', 'billed'],
  },
];

export const PRICING_FAQ_REF_PREFIX = 'pricing-faq:';
