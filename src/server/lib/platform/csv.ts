import type { FileDownload } from '../http/file-response.ts';

// Every CSV the server writes comes from here (lint refuses text/csv elsewhere). CSV as RFC 4180 writes it, for spreadsheets: UTF-8 with a byte-order mark (Excel then reads it as
// UTF-8), CRLF line ends, a field quoted when it holds a comma, quote, CR or LF, quotes doubled.
// Every text cell that a spreadsheet would run as a formula — one starting with =, +, -, @, a tab or
// a carriage return (OWASP "CSV injection") — is neutralised with a leading apostrophe, so it shows
// as the text it is. Numbers are written as numbers.

export type CsvCell = string | number | boolean | null | undefined;

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function field(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'yes' : 'no';
  const text = neutraliseCell(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return BOM + [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** What a CSV route's OpenAPI entry says it sends. */
export const CSV_DESCRIPTION = 'text/csv (UTF-8 with BOM)';

/** A CSV download (header, rows) for sendFile. */
export function csvFile(
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
): FileDownload {
  return { fileName, contentType: CSV_CONTENT_TYPE, body: toCsv(header, rows) };
}
