import { describe, expect, it } from 'vitest';
import { neutraliseCell, toCsv } from './csv.ts';

// OWASP CSV injection: every cell a spreadsheet would evaluate starts with an apostrophe instead.
const PAYLOADS: [string, string][] = [
  ['=1+1', "'=1+1"],
  ['=HYPERLINK("http://evil.test","click")', '\'=HYPERLINK("http://evil.test","click")'],
  ['+SUM(A1:A2)', "'+SUM(A1:A2)"],
  ['-2+3', "'-2+3"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['\t=1+1', "'\t=1+1"],
  ['\r=1+1', "'\r=1+1"],
  ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
  ['plain text', 'plain text'],
  ['a = b', 'a = b'],
  ['', ''],
];

describe('CSV', () => {
  it.each(PAYLOADS)('neutralises %j', (input, expected) => {
    expect(neutraliseCell(input)).toBe(expected);
  });

  it('writes RFC 4180 with a UTF-8 BOM and CRLF, quoting commas, quotes and line breaks', () => {
    const csv = toCsv(
      ['a', 'b'],
      [
        ['x, y', 'say "hi"'],
        ['line\nbreak', 7],
        [null, true],
      ],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1)).toBe('a,b\r\n"x, y","say ""hi"""\r\n"line\nbreak",7\r\n,yes\r\n');
  });

  it('neutralises a formula in every column, quoted or not', () => {
    const csv = toCsv(['one', 'two', 'three'], [['=1+1', '+1,2', '@x"y']]);
    expect(csv.split('\r\n')[1]).toBe('\'=1+1,"\'+1,2","\'@x""y"');
    expect(toCsv(['n'], [[-5]]).split('\r\n')[1]).toBe('-5');
    expect(toCsv(['n'], [[Number.NaN]]).split('\r\n')[1]).toBe('');
  });

  it('keeps non-Latin text as UTF-8', () => {
    expect(Buffer.from(toCsv(['q'], [['café 東京 —']]), 'utf8').toString('utf8')).toContain('café 東京 —');
  });
});
