// What the free-trial form says after a try (the validation messages live with the schema).
export const TRIAL_SUCCESS_TITLE = 'Free Trial Activated!';
export const TRIAL_SUCCESS_TEXT = 'You now have 7 days of unlimited Pro access. Happy exploring!';
export const TRIAL_FAILURE_TITLE = 'Trial Activation Failed';
export const TRIAL_FAILURE_FALLBACK = 'Please try again or contact support.';
