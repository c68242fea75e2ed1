import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';

const name = singleLineText('business_name', 20);
const comment = multiLineText('comment', 40);

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

/** What the API document says of a field: its pattern and maxLength (docs/decisions/075-text-people-read.md). */
const documented = (schema: z.ZodType) => {
  const json = z.toJSONSchema(schema, { io: 'input' }) as { pattern: string; maxLength: number };
  const pattern = new RegExp(json.pattern);
  return (value: string) => pattern.test(value) && [...value].length <= json.maxLength;
};

describe('text people read', () => {
  it('refuses control characters in one line: escape, bell, CR, LF, tab, DEL, C1, bidi overrides', () => {
    const refusal =
      'business_name must be one line of text, without line breaks, tabs or other control characters.';
    for (const value of [
      'Acme\u001b[31m',
      'Acme\u0007',
      'Acme\rLtd',
      'Acme\nLtd',
      'Acme\r\n',
      'Acme\tLtd',
      'Acme\u007f',
      'Acme\u0085',
      'Acme\u202eLtd',
      'Acme\u2028Ltd',
    ]) {
      expect(messages(name, value), JSON.stringify(value)).toEqual([refusal]);
    }
  });

  it('refuses text with nothing visible, and names blank text required', () => {
    const invisible =
      'business_name must contain visible characters, not only spaces or invisible ones.';
    for (const value of [
      '\u200b',
      '\u200b\u200c\u200d',
      '\ufeff\u2060',
      '\u00ad',
      '\u3164',
      ' \u2800 ',
    ]) {
      expect(messages(name, value), JSON.stringify(value)).toEqual([invisible]);
    }
    expect(messages(name, '   ')).toEqual(['business_name is required.']);
    expect(messages(name, 42)).toEqual(['business_name must be text.']);
  });

  it('keeps what people write: trimmed, joiners within words, emoji counted as one character', () => {
    expect(name.parse('  Acme Ltd  ')).toBe('Acme Ltd');
    expect(name.parse('👩‍💻 Studio')).toBe('👩‍💻 Studio');
    expect(name.parse('😀'.repeat(20))).toBe('😀'.repeat(20));
    expect(messages(name, '😀'.repeat(21))).toEqual([
      'business_name must be at most 20 characters.',
    ]);
    expect(name.parse('شركة\u200fالنور')).toBe('شركة\u200fالنور');
  });

  it('keeps line breaks and tabs in several lines, as LF', () => {
    expect(comment.parse('First line\r\n\tsecond\rthird\n')).toBe('First line\n\tsecond\nthird');
    expect(messages(comment, 'Ping\u0007')).toEqual([
      'comment must not contain control characters (line breaks and tabs are fine).',
    ]);
    expect(messages(comment, '\n\t\u200b\n')).toEqual([
      'comment must contain visible characters, not only spaces or invisible ones.',
    ]);
  });

  // The document's pattern and the validator are one rule: whatever either allows, so does the other.
  test.prop([
    fc.string({
      unit: fc.oneof(
        fc.constantFrom('a', 'Z', ' ', '\t', '\n', '\r', '\u001b', '\u0000', '\u00a0', '\u200b'),
        fc.constantFrom('\u202e', '\u2028', '\ufeff', '\u3164', '😀', 'é', '\u0085', '\u2800'),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
      ),
      maxLength: 45,
    }),
  ])('the document allows exactly what the server takes', (value) => {
    for (const schema of [name, comment]) {
      const allowed = documented(schema)(value);
      const accepted = schema.safeParse(value).success;
      // The server trims before it counts: it may take a padded value the document's length refuses.
      if (allowed) expect(accepted).toBe(true);
      if (accepted && !allowed) expect([...value.trim()].length).toBeLessThan([...value].length);
    }
  });
});
