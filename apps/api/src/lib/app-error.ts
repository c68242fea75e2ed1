/** Field name → messages, as sent under `errors.validations` (docs/architecture.md §3). */
export type Validations = Record<string, string[]>;

/**
 * The one error type services throw. The error handler turns it into
 * `{ errors: { detail, validations? } }` with `statusCode`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly validations?: Validations,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }
}
