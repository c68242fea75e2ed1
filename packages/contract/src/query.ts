/**
 * Query-string parameters as every list endpoint reads them, shared so that
 * the server and the web client agree on each rule and message. Each helper
 * also states its parameter's type for the API document (`.meta`): a query
 * string is text on the wire, but an integrator's client sends `page: 2` and
 * picks `type` from an enum (docs/decisions/076-the-api-document-states-every-rule.md).
 */
import { z } from 'zod';

/**
 * One query parameter: trimmed, and a repeated parameter is an error rather than a silent
 * pick of one of its values. Given empty, it is checked like any value (`page=` is not a
 * page): the document cannot say "empty means absent" of an integer or an enum.
 */
export const param = (name: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string({ error: `${name} must be given once.` }).optional(),
  );

/** A whole number from `min` to `max`, written in decimal digits; an integer in the document. */
export const wholeNumber = (name: string, min: number, max: number, message: string) =>
  param(name)
    .pipe(
      z
        .string()
        .regex(/^[0-9]{1,12}$/, { error: message })
        .transform(Number)
        .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }))
        .optional(),
    )
    .meta({ type: 'integer', minimum: min, maximum: max });

/**
 * Case-insensitive choice among `values`, answered in its canonical spelling; the document
 * lists the canonical spellings as an enum.
 */
export const choice = <T extends string>(name: string, values: readonly T[]) =>
  param(name)
    .transform((value, ctx): T | undefined => {
      if (value === undefined) return undefined;
      const match = values.find((v) => v.toLowerCase() === value.toLowerCase());
      if (match === undefined) {
        ctx.addIssue({ code: 'custom', message: `${name} must be one of: ${values.join(', ')}.` });
        return z.NEVER;
      }
      return match;
    })
    .meta({ type: 'string', enum: [...values] });
