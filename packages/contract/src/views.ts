/**
 * _Ours_: saved views of the business list (docs/product.md §11.4;
 * docs/decisions/103-saved-views-are-list-addresses.md). A view is a name and the list's address
 * query; the query is checked by the list's own schema, so a saved view never holds a query the
 * list would refuse.
 */
import { z } from 'zod';
import { businessListStatuses } from './business-values.ts';
import { businessListQuerySchema } from './businesses.ts';
import { successBody } from './errors.ts';
import { choice } from './query.ts';
import { singleLineText } from './text.ts';
import {
  SAVED_VIEW_NAME_MAX_LENGTH,
  SAVED_VIEW_QUERY_MAX_LENGTH,
  savedViewParameterNames,
  savedViewTexts,
} from './view-values.ts';

const allowedNames = new Set<string>([...savedViewParameterNames, 'page']);
/** A name or value of a query string, as a browser reads it; undefined when malformed. */
function decodeQueryPart(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

const statusSchema = z.object({ status: choice('status', businessListStatuses) });

/**
 * A query string of the list's parameters (a leading `?` is allowed), each value read as the
 * list reads it; stored as written, in its order, without `page` (and without empty pieces).
 */
export const savedViewQuerySchema = z
  .string({ error: 'query must be text.' })
  .refine((value) => value.length <= SAVED_VIEW_QUERY_MAX_LENGTH, {
    error: savedViewTexts.queryTooLong,
  })
  .transform((value, ctx) => {
    const pieces = (value.startsWith('?') ? value.slice(1) : value)
      .split('&')
      .filter((piece) => piece !== '');
    const values: Record<string, string | string[]> = {};
    const kept: string[] = [];
    for (const piece of pieces) {
      const equals = piece.indexOf('=');
      const [name, item] = [
        decodeQueryPart(equals < 0 ? piece : piece.slice(0, equals)),
        decodeQueryPart(equals < 0 ? '' : piece.slice(equals + 1)),
      ];
      if (name === undefined || item === undefined) {
        ctx.addIssue({ code: 'custom', message: savedViewTexts.malformed });
        return z.NEVER;
      }
      if (!allowedNames.has(name)) {
        ctx.addIssue({ code: 'custom', message: savedViewTexts.unknownParameter(name) });
        return z.NEVER;
      }
      const before = values[name];
      values[name] = before === undefined ? item : [before, item].flat();
      if (name !== 'page') kept.push(piece);
    }
    const { status, ...list } = values;
    for (const result of [
      statusSchema.safeParse({ status }),
      businessListQuerySchema.safeParse(list),
    ]) {
      const issue = result.error?.issues[0];
      if (issue) {
        ctx.addIssue({ code: 'custom', message: savedViewTexts.badValue(issue.message) });
        return z.NEVER;
      }
    }
    return kept.join('&');
  })
  .meta({ type: 'string', maxLength: SAVED_VIEW_QUERY_MAX_LENGTH });

const savedViewName = singleLineText('name', SAVED_VIEW_NAME_MAX_LENGTH);

/** `POST manager/views/`. */
export const savedViewCreateRequestSchema = z.object({
  name: savedViewName,
  query: savedViewQuerySchema,
});
export type SavedViewCreateRequest = z.input<typeof savedViewCreateRequestSchema>;

/** `PUT manager/views/{uuid}/`: either or both. */
export const savedViewUpdateRequestSchema = z.object({
  name: savedViewName.optional(),
  query: savedViewQuerySchema.optional(),
});
export type SavedViewUpdateRequest = z.input<typeof savedViewUpdateRequestSchema>;

export const savedViewUuidSchema = z
  .guid({ error: 'The view id must be a uuid.' })
  .transform((uuid) => uuid.toLowerCase());

export const savedViewSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  /** The list's address query, without `page`: the view opens at `/business?<query>`. */
  query: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewResponseSchema = successBody(savedViewSchema);
export type SavedViewResponse = z.infer<typeof savedViewResponseSchema>;

export const savedViewsResponseSchema = successBody(z.object({ views: z.array(savedViewSchema) }));
export type SavedViewsResponse = z.infer<typeof savedViewsResponseSchema>;

export const savedViewDeleteResponseSchema = successBody(z.object({ uuid: z.string() }));
export type SavedViewDeleteResponse = z.infer<typeof savedViewDeleteResponseSchema>;
