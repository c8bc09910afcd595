import { CorpusError } from './corpus.types.ts';

// Small parsers for the datasets' file formats. Each failure names the file it came from, so a
// corrupt or partial download stops indexing with a message a person can act on.

/** Tab-separated text with a header row (the O*NET format). */
export function parseTsv(file: string, text: string, required: readonly string[]): Record<string, string>[] {
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  const header = lines[0]?.split('\t');
  if (!header) throw new CorpusError(file, 'the file is empty');
  const index = new Map(header.map((h, i) => [h.trim(), i]));
  for (const column of required) {
    if (!index.has(column)) throw new CorpusError(file, `missing column "${column}"`);
  }
  const rows: Record<string, string>[] = [];
  for (let n = 1; n < lines.length; n++) {
    const cells = lines[n]!.split('\t');
    if (cells.length < required.length) throw new CorpusError(file, `line ${n + 1} has ${cells.length} fields`);
    const row: Record<string, string> = {};
    for (const column of required) row[column] = (cells[index.get(column)!] ?? '').trim();
    rows.push(row);
  }
  return rows;
}

/**
 * RFC 4180 CSV (quoted fields, doubled quotes) with a header row. Fields are sliced out of the text
 * rather than built a character at a time: the 13 MB staffing matrix parses in a fraction of a second.
 */
export function parseCsv(file: string, text: string, required: readonly string[]): Record<string, string>[] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    let field: string;
    if (text[i] === '"') {
      // Quoted: up to the closing quote, a doubled quote standing for one.
      let end = i + 1;
      let value = '';
      for (;;) {
        const quote = text.indexOf('"', end);
        if (quote < 0) throw new CorpusError(file, 'unterminated quoted field (the file looks truncated)');
        value += text.slice(end, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          end = quote + 2;
        } else {
          end = quote + 1;
          break;
        }
      }
      field = value;
      i = end;
    } else {
      let end = i;
      while (end < n && text[end] !== ',' && text[end] !== '\n' && text[end] !== '\r') end++;
      field = text.slice(i, end);
      i = end;
    }
    record.push(field);
    const ch = text[i];
    if (ch === ',') {
      i++;
      if (i === n) record.push('');
    } else {
      // End of the record: \n, \r\n, \r or the end of the text.
      if (ch === '\r' && text[i + 1] === '\n') i++;
      if (i < n) i++;
      records.push(record);
      record = [];
    }
  }
  if (record.length > 0) records.push(record);
  const header = records[0];
  if (!header) throw new CorpusError(file, 'the file is empty');
  const index = new Map(header.map((h, i) => [h.trim(), i]));
  for (const column of required) {
    if (!index.has(column)) throw new CorpusError(file, `missing column "${column}"`);
  }
  return records
    .slice(1)
    .filter((r) => r.some((c) => c.trim() !== ''))
    .map((cells, n) => {
      if (cells.length < header.length)
        throw new CorpusError(file, `row ${n + 2} has ${cells.length} of ${header.length} fields`);
      const row: Record<string, string> = {};
      for (const column of required) row[column] = (cells[index.get(column)!] ?? '').trim();
      return row;
    });
}

/** "1,562.0" → 1562; "N/A" or "" → null. */
export function parseNumber(value: string | undefined): number | null {
  if (value === undefined) return null;
  const cleaned = value.replace(/[=",\s$]/g, '');
  if (cleaned === '' || !/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** YC batch label → year: "Winter 2012" → 2012, "W11" → 2011, "IK12" → 2012, "Unspecified" → null. */
export function batchYear(batch: string): number | null {
  const long = /(\d{4})/.exec(batch);
  if (long) return Number(long[1]);
  const short = /^[A-Z]{1,2}(\d{2})$/.exec(batch.trim());
  if (short) return 2000 + Number(short[1]);
  return null;
}
