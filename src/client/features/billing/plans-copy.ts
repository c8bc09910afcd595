import { MONEY_BACK_DAYS } from '#shared/plans/plans.constants.ts';

// The plans dialog's and upgrade page's heading and footnote.
export const PLANS_TITLE = 'Choose the Perfect Plan for You';
export const PLANS_FOOTER = `All plans include a ${MONEY_BACK_DAYS}-day money-back guarantee. Cancel anytime.`;
