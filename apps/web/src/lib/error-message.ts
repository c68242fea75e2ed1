import { ApiError } from './api-client.ts';

/**
 * The server's `errors.detail` when a call failed with one, else the screen's own text
 * (docs/product.md §8: a failed write shows the server's message).
 */
export const errorDetailOr = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.detail ? error.detail : fallback;
