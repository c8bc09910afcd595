import { describe, expect, it } from 'vitest';
import { asWritten, inSentence } from './as-written.ts';

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

describe('a title inside a sentence', () => {
  it('lower-cases only its first letter, keeping the capitals of the rest', () => {
    expect(inSentence('A reusable water bottle that tracks how much I drink')).toBe(
      'a reusable water bottle that tracks how much I drink',
    );
    expect(inSentence('Returns for Shopify stores in Ohio')).toBe('returns for Shopify stores in Ohio');
  });

  it('keeps a first word that is "I" or written with capitals inside it', () => {
    expect(inSentence('I pay for a gym I never go to')).toBe('I pay for a gym I never go to');
    expect(inSentence('AI note-taking for therapists')).toBe('AI note-taking for therapists');
    expect(inSentence('K-12 tutoring')).toBe('K-12 tutoring');
    expect(inSentence('SaaS billing')).toBe('SaaS billing');
    expect(inSentence('')).toBe('');
  });
});
