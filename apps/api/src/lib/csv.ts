/**
 * CSV as RFC 4180 writes it: fields separated by commas, records ended by CRLF, a field quoted
 * when it holds a quote, a comma, CR or LF, its quotes doubled. And safe to open in a
 * spreadsheet (OWASP, "CSV Injection"): a cell that begins with `=`, `+`, `-`, `@`, a tab or a
 * carriage return would be read as a formula there, so it is written with a single quote in
 * front, which the spreadsheet shows and does not evaluate
 * (docs/decisions/100-csv-export-streamed-in-keyset-batches.md).
 */

/** The characters a formula may begin with in a spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A cell's value: text as it is, a number or boolean as JavaScript writes it, nothing as empty. */
export type CsvValue = string | number | boolean | null | undefined;

/** One field, neutralised then quoted as needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, its CRLF included. */
export const csvRecord = (values: readonly CsvValue[]): string =>
  `${values.map(csvField).join(',')}\r\n`;
