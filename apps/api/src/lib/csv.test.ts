import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../test/csv-reader.ts';
import { csvField, csvRecord } from './csv.ts';

/** Text made of the characters CSV and spreadsheets treat specially, and some others. */
const awkwardText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({
    unit: fc.constantFrom('"', ',', '\r', '\n', '\t', '=', '+', '-', '@', "'", ' ', 'a', 'é', '😀'),
    maxLength: 12,
  }),
);

/** What a cell reads once a spreadsheet has taken the neutralising quote as text. */
const neutralised = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

describe('csvField', () => {
  it('writes plain text, numbers and booleans as they are, nothing as empty', () => {
    expect(csvField('Blue Holdings')).toBe('Blue Holdings');
    expect(csvField(42)).toBe('42');
    expect(csvField(false)).toBe('false');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes a field holding a quote, a comma, CR or LF, doubling its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('line\r\nbreak')).toBe('"line\r\nbreak"');
    expect(csvField('"')).toBe('""""');
  });

  it('neutralises a cell a spreadsheet would read as a formula, then quotes it as needed', () => {
    expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\tindented')).toBe("'\tindented");
    expect(csvField('\rreturn')).toBe('"\'\rreturn"');
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    // Only the first character counts.
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(' =1')).toBe(' =1');
    expect(csvField("'=already")).toBe("'=already");
  });
});

describe('csvRecord', () => {
  it('joins fields with commas and ends the record with CRLF', () => {
    expect(csvRecord(['id', 'name'])).toBe('id,name\r\n');
    expect(csvRecord([1, 'a,b', null, '=x'])).toBe('1,"a,b",,\'=x\r\n');
  });

  test.prop([fc.array(fc.array(awkwardText, { minLength: 1, maxLength: 6 }), { maxLength: 8 })])(
    'reads back, by a strict RFC 4180 reader, as the cells written, neutralised',
    (records) => {
      const text = records.map(csvRecord).join('');
      expect(readCsv(text)).toEqual(records.map((record) => record.map(neutralised)));
    },
  );

  test.prop([fc.array(awkwardText, { minLength: 1, maxLength: 6 })])(
    'never lets a cell begin with a formula character',
    (record) => {
      for (const cell of readCsv(csvRecord(record))[0]!) {
        expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }
    },
  );
});
