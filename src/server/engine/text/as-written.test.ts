import { describe, expect, it } from 'vitest';
import { asWritten } from './as-written.ts';

describe('a phrase as the user wrote it', () => {
  it('takes the capitals from the query', () => {
    expect(asWritten('k-12 school districts', 'Software for K-12 school districts')).toBe('K-12 school districts');
    expect(asWritten('shopify stores in ohio', 'returns for Shopify stores in Ohio')).toBe('Shopify stores in Ohio');
  });

  it('keeps the phrase when the query does not hold it, or when lower-casing moves the letters', () => {
    expect(asWritten('dental practices', 'front desk for dentists')).toBe('dental practices');
    // "İ" lower-cases to two code units: indexes in the lower-cased text no longer match the typed one.
    expect(asWritten('i̇stanbul cafés', 'Menus for İstanbul cafés')).toBe('i̇stanbul cafés');
    expect(asWritten('', 'anything')).toBe('');
  });
});
