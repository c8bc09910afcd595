import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../env.ts';

// Start-up with PAYMENTS_PROVIDER: nothing configured runs the demo provider; stripe without its
// keys fails at start-up naming what is missing (not at the first payment).

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
    return [];
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
}

describe('payments configuration', () => {
  it('defaults to the demo provider', () => {
    expect(parseEnv({}).PAYMENTS_PROVIDER).toBe('demo');
  });

  it('names each missing Stripe variable', () => {
    const problems = problemsOf({ PAYMENTS_PROVIDER: 'stripe' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER=stripe',
        'STRIPE_WEBHOOK_SECRET is required when PAYMENTS_PROVIDER=stripe',
        'STRIPE_PRICE_PRO is required when PAYMENTS_PROVIDER=stripe',
      ]),
    );
  });

  it('names only the one variable still missing', () => {
    const problems = problemsOf({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PRICE_PRO: 'price_x',
    });
    expect(problems).toEqual(['STRIPE_WEBHOOK_SECRET is required when PAYMENTS_PROVIDER=stripe']);
  });

  it('accepts a complete Stripe configuration', () => {
    const env = parseEnv({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_PRO: 'price_x',
    });
    expect(env.PAYMENTS_PROVIDER).toBe('stripe');
  });
});
