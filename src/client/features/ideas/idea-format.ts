import { isApiError } from '#client/lib/api-error.ts';
import { formatUsd } from '#shared/app/score-format.ts';

// Numbers as the reader's locale writes them.

/** Whole US dollars, written as every export writes them (#shared/app/score-format.ts). */
export const formatMoney = formatUsd;

export function formatNumber(value: number, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(undefined, { maximumFractionDigits }).format(value);
}

export function formatPercent(value: number): string {
  return `${formatNumber(value, 1)} %`;
}

export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return 'Something went wrong. Please try again.';
}
