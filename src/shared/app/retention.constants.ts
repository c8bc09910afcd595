// How long the app keeps operational data (docs/product/retention.md). The scheduled
// maintenance jobs delete what is older.

/** Rate-limit windows (the longest window is an hour). */
export const RATE_LIMIT_RETENTION_DAYS = 1;
/** Refresh tokens after they expire (kept a while: a reused old token is still recognised). */
export const EXPIRED_TOKEN_RETENTION_DAYS = 7;
/** Password reset tokens after they expire or are used. */
export const RESET_TOKEN_RETENTION_DAYS = 7;
/** Team invitations after they expire or are answered (a late click still hears why the link is closed). */
export const INVITATION_RETENTION_DAYS = 7;
/** Security audit rows. */
export const AUDIT_LOG_RETENTION_DAYS = 365;
/** Finished background jobs; failed ones (the dead letters) are kept longer. */
export const COMPLETED_JOB_RETENTION_DAYS = 7;
export const FAILED_JOB_RETENTION_DAYS = 30;
/** Notifications (the bell) once their e-mail is settled (sent or skipped). */
export const NOTIFICATION_RETENTION_DAYS = 180;
