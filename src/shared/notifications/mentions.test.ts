import { describe, expect, it } from 'vitest';
import { handleMatches, handleOf, parseMentions } from './mentions.ts';

// How a comment addresses people (ADR 027): @ and an e-mail local part, or a whole address.

describe('parseMentions', () => {
  it.each([
    ['@bea have a look', ['bea']],
    ['Thanks @Bea.Smith. And @carl-o, @bea.smith again', ['bea.smith', 'carl-o']],
    ['(@dan) and @dan!', ['dan']],
    ['ask @bea@example.com or @bea@other.org.', ['bea@example.com', 'bea@other.org']],
    ['mail bea@example.com directly', []],
    ['no handle: @ alone, @. or @-', []],
    ['', []],
  ])('%j → %j', (text, handles) => {
    expect(parseMentions(text)).toEqual(handles);
  });

  it('stops at ten distinct handles', () => {
    const text = Array.from({ length: 15 }, (_, i) => `@user${i}`).join(' ');
    expect(parseMentions(text)).toHaveLength(10);
  });
});

describe('handleMatches', () => {
  it('matches a local part or a whole address, ignoring case', () => {
    expect(handleMatches('bea', 'Bea@Example.com')).toBe(true);
    expect(handleMatches('bea@example.com', 'BEA@example.com')).toBe(true);
    expect(handleMatches('bea@other.org', 'bea@example.com')).toBe(false);
    expect(handleMatches('be', 'bea@example.com')).toBe(false);
    expect(handleOf('Bea.Smith@Example.com')).toBe('bea.smith');
  });
});
