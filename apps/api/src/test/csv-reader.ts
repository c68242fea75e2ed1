/**
 * Reads CSV the way RFC 4180 defines it, strictly, for the tests that check what the export
 * wrote: every record ends with CRLF, a quoted field's quotes are doubled, and anything else (a
 * bare LF or CR outside quotes, a quote inside an unquoted field, text after a closing quote)
 * is an error. Written apart from the writer (lib/csv.ts), so that the two check each other.
 */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`CSV at character ${at}: ${why}`);
  };
  while (at < text.length) {
    let field = '';
    if (text[at] === '"') {
      at++;
      for (;;) {
        if (at >= text.length) fail('a quoted field is not closed');
        const next = text.indexOf('"', at);
        if (next === -1) fail('a quoted field is not closed');
        field += text.slice(at, next);
        at = next + 1;
        if (text[at] === '"') {
          field += '"';
          at++;
        } else break;
      }
    } else {
      while (at < text.length && !',\r\n'.includes(text[at]!)) {
        if (text[at] === '"') fail('a quote inside an unquoted field');
        field += text[at];
        at++;
      }
    }
    record.push(field);
    if (text[at] === ',') {
      at++;
    } else if (text.startsWith('\r\n', at)) {
      at += 2;
      records.push(record);
      record = [];
    } else {
      fail(
        at >= text.length
          ? 'the last record has no CRLF'
          : `unexpected ${JSON.stringify(text[at])}`,
      );
    }
  }
  return records;
}

/** A CSV file's records as objects keyed by its header row. */
export function readCsvObjects(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [header = [], ...records] = readCsv(text);
  return {
    header,
    rows: records.map((record) => {
      if (record.length !== header.length) {
        throw new Error(`A record of ${record.length} fields under ${header.length} columns`);
      }
      return Object.fromEntries(header.map((name, index) => [name, record[index]!]));
    }),
  };
}
