import { apiErrorDetails } from '@fd/contract';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Validates a JSON body with a contract schema. A missing body counts as `{}`
 * so that the answer names the first missing field ('Email is required.');
 * an array, string or number is refused as a whole. Zod failures are thrown
 * as they are: the error handler turns them into 400 with `validations`.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const value = body ?? {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new AppError(400, apiErrorDetails.bodyNotObject);
  }
  return schema.parse(value);
}
