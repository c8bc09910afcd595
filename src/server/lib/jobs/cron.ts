import cronParser from 'cron-parser';

/** The first moment strictly after `after` that a five-field UTC cron expression names. */
export function nextCronRun(cron: string, after: Date): Date {
  return cronParser.parseExpression(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
}
