/**
 * What every route declaration shares (see plugins/route-schemas.ts): the
 * error answers it may give, each with the one error body and a description
 * for the OpenAPI document, and the route path of a contract path.
 */
import { errorBodySchema } from '@fd/contract';

const errorDescriptions = {
  400: 'Missing or invalid input: `errors.detail` and `errors.validations` name it.',
  401: 'No token, or an invalid or expired one; or a disabled account.',
  403: 'Not allowed: not a manager, or a link that is tampered with or expired.',
  404: 'No such resource.',
  409: 'Conflicts with the current state.',
  413: 'The body is too large.',
  415: 'The body is not JSON.',
  429: 'Too many attempts; see the Retry-After header.',
  431: 'The request headers are too large.',
  503: 'The database is not reachable.',
} as const;
type ErrorStatus = keyof typeof errorDescriptions;

/** `response` entries for the error statuses a route answers. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, errorBodySchema.describe(errorDescriptions[status])]),
  ) as Record<S, typeof errorBodySchema>;
}

/** Contract paths are relative to the API base ('auth/login/'); routes are absolute within it. */
export const route = (contractPath: string) => `/${contractPath}`;
