import { z } from 'zod';

/** Every error the API answers has this body (docs/architecture.md §3). */
export const errorBodySchema = z.object({
  errors: z.object({
    detail: z.string(),
    validations: z.record(z.string(), z.array(z.string())).optional(),
    /** On a server error (5xx): the request's id, which finds its lines in the log. */
    request_id: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Every success body: an optional message and the payload under `data`. */
export const successBody = <T extends z.ZodType>(data: T) =>
  z.object({ message: z.string().optional(), data });
