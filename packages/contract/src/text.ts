/**
 * Text that people type and other people read — a business's name and address, comments,
 * feedback messages, managers' names — meets one rule (docs/decisions/075-text-people-read.md):
 * no control characters (a multi-line field keeps its line breaks and tabs), and something
 * visible once spaces and invisible characters are set aside. The API document states the same
 * rule as a `pattern` built from the same character ranges, so a text the document allows is
 * never refused.
 */
import { z } from 'zod';
import {
  classBody,
  documentedPattern,
  invisibleOnly,
  multiLine,
  singleLine,
  type TextKind,
} from './text-characters.ts';

export { linkCharacter, surroundingSpace } from './text-characters.ts';

const textOf = (kind: TextKind) => (field: string, maxLength: number) => {
  const refused = new RegExp(`[${classBody(kind.refused)}]`);
  return (
    z
      .string({ error: `${field} must be text.` })
      // On the value as sent: a line break at the end is refused, not trimmed away.
      .refine((value) => !refused.test(value), { error: kind.refusedMessage(field) })
      // A multi-line field's line breaks are stored as LF, however the browser sent them.
      .overwrite((value) => (kind === multiLine ? value.replace(/\r\n?/g, '\n') : value))
      .trim()
      .min(1, { error: `${field} is required.` })
      .refine((value) => value === '' || !invisibleOnly.test(value), {
        error: `${field} must contain visible characters, not only spaces or invisible ones.`,
      })
      // Characters as a person counts them (an emoji is one), as the document's maxLength does.
      .refine((value) => [...value].length <= maxLength, {
        error: `${field} must be at most ${maxLength} characters.`,
      })
      .meta({ pattern: documentedPattern(kind), maxLength: maxLength })
  );
};

/**
 * One line of text people read (a name, an address): trimmed, not blank, at most `maxLength`
 * characters, no control characters at all.
 */
export const singleLineText = textOf(singleLine);

/**
 * Text of several lines people read (a comment, a message): as `singleLineText`, but line
 * feeds and tabs stay (a CR LF or a lone CR becomes a line feed).
 */
export const multiLineText = textOf(multiLine);
