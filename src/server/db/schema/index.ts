// The Drizzle schema index (the one barrel file the house style allows). One line per area.
export * from './users.ts';
export * from './app-secrets.ts';
export * from './rate-limits.ts';
export * from './searches.ts';
export * from './search-reservations.ts';
export * from './auth.ts';
export * from './mail.ts';
export * from './billing.ts';
export * from './feature-flags.ts';
export * from './jobs.ts';
export * from './ideas.ts';
export * from './action-plans.ts';
export * from './sharing.ts';
export * from './analytics.ts';
export * from './api-keys.ts';
export * from './exports.ts';
export * from './resources.ts';
