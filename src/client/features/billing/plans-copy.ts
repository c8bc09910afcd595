import { MONEY_BACK_DAYS } from '#shared/plans/plans.constants.ts';

// The plans dialog's and upgrade page's heading and footnote.
export const PLANS_TITLE = 'Choose the Perfect Plan for You';
/** Only the paid plans carry the guarantee (issue 29: the upgrade page promised it on Free too). */
export const PLANS_FOOTER = `Pro and Enterprise include a ${MONEY_BACK_DAYS}-day money-back guarantee. Cancel anytime.`;
