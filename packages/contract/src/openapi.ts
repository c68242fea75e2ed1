/**
 * The OpenAPI 3.1 document of the API, generated from the same zod schemas
 * both apps use (DESIGN.md §3); the server answers it at /api/docs.
 */
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  detailMessageResponseSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  resetPasswordRequestSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
} from './auth.ts';
import {
  businessApiPaths,
  businessDetailResponseSchema,
  businessListResponseSchema,
  businessListStatuses,
} from './businesses.ts';
import { errorBodySchema } from './errors.ts';
import { API_BASE_PATH, apiPaths } from './paths.ts';

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

const ok = (schema: z.ZodType, description = 'OK') => ({
  description,
  content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
});

const jsonBody = (schema: z.ZodType) => ({
  required: true,
  content: { 'application/json': { schema: jsonSchema(schema, 'input') } },
});

const badInput = errorResponse(
  'Missing or invalid fields: `errors.detail` and `errors.validations`.',
);
const unauthenticated = errorResponse('No token, or an invalid or expired one.');
const rateLimited = errorResponse('Too many attempts; see the Retry-After header.');
const managerOnly = { security: [{ bearer: [] }] };

const listQuery = [
  ['page', 'Page number, from 1.'],
  ['page_size', 'Rows per page, 1–100 (default 10).'],
  ['search', 'Case-insensitive substring of the business name, owner name or email (≤ 200).'],
  ['filter', 'Which filter the documents page applies: type, date or country.'],
  ['type', 'Company type: LLC or C-corp.'],
  ['start_date_iso', 'Submitted on or after this UTC day (YYYY-MM-DD); with end_date_iso.'],
  ['end_date_iso', 'Submitted on or before this UTC day (YYYY-MM-DD); with start_date_iso.'],
  ['country', 'Country of incorporation: USA, UK, CANADA or UAE.'],
  ['payment_status', 'CONFIRMED (paid) or UNCONFIRMED (unpaid with a manual receipt).'],
  ['account_level', 'PAID or UNPAID.'],
  ['business_formation_status', 'Current activity, spaces as underscores (Incorporation_Status).'],
  ['processing_status', 'Status of the current activity: PENDING, PROCESSING or FAILED.'],
].map(([name, description]) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: { type: 'string' },
}));

const list = (summary: string, parameters: unknown[] = []) => ({
  get: {
    summary,
    ...managerOnly,
    parameters: [...parameters, ...listQuery],
    responses: {
      200: ok(businessListResponseSchema, 'One page and the total count.'),
      400: badInput,
      401: unauthenticated,
    },
  },
});

/** Path templates with `{name}` parameters, as OpenAPI writes them. */
const template = (path: string) => `/${path}`.replace(/:(\w+)/g, '{$1}');

export function buildOpenApiDocument() {
  const auth = apiPaths.auth;
  const post = (
    summary: string,
    request: z.ZodType,
    response: z.ZodType,
    extra: Record<string, unknown> = {},
  ) => ({
    post: {
      summary,
      requestBody: jsonBody(request),
      responses: { 200: ok(response), 400: badInput, ...extra },
    },
  });

  return {
    openapi: '3.1.0',
    info: {
      title: 'Formation Desk API',
      version: '1',
      description:
        'Back office of a company-formation service. Success bodies are `{ message?, data }`; errors `{ errors: { detail, validations? } }`. Paths accept a trailing slash or none.',
    },
    servers: [{ url: API_BASE_PATH }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ErrorBody: jsonSchema(errorBodySchema, 'output') },
    },
    paths: {
      [template(auth.login)]: post(
        'Sign in (managers only)',
        loginRequestSchema,
        loginResponseSchema,
        {
          401: errorResponse('Wrong email or password.'),
          403: errorResponse('Not a manager, or a disabled account.'),
          429: rateLimited,
        },
      ),
      [template(auth.forgotPassword)]: post(
        'Mail a 6-digit code (same answer for every email; also resends)',
        forgotPasswordRequestSchema,
        forgotPasswordResponseSchema,
        { 429: rateLimited },
      ),
      [template(auth.verifyOtp)]: post(
        'Exchange the code for a reset token',
        verifyOtpRequestSchema,
        verifyOtpResponseSchema,
        { 429: rateLimited },
      ),
      [template(auth.resetPassword)]: post(
        'Set a new password with the reset token',
        resetPasswordRequestSchema,
        detailMessageResponseSchema,
      ),
      [template(auth.changePassword)]: {
        post: {
          ...post(
            'Change the signed-in manager’s password (answers a fresh token)',
            changePasswordRequestSchema,
            changePasswordResponseSchema,
            { 401: unauthenticated },
          ).post,
          ...managerOnly,
        },
      },
      [template(businessApiPaths.list)]: list('Every business (All clients tab)'),
      [template(businessApiPaths.listByStatus(':status'))]: list('One status tab', [
        {
          name: 'status',
          in: 'path',
          required: true,
          schema: { type: 'string', enum: [...businessListStatuses] },
        },
      ]),
      [template(businessApiPaths.all)]: list(
        'Every business; payment_status gives the payment tabs',
      ),
      [template(businessApiPaths.detail(':id'))]: {
        get: {
          summary: 'The whole detail of one business',
          ...managerOnly,
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              description: 'The business uuid, or its integer id.',
              schema: { type: 'string' },
            },
          ],
          responses: {
            200: ok(businessDetailResponseSchema),
            400: badInput,
            401: unauthenticated,
            404: errorResponse('No such business.'),
          },
        },
      },
      '/files/{kind}/{id}': {
        get: {
          summary: 'Download a stored file through the signed link a detail answer gave',
          description:
            'Public: the signature is the credential, so the link opens in a new tab. Answers the file as an attachment with its stored content type.',
          parameters: [
            { name: 'kind', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'expires', in: 'query', required: true, schema: { type: 'string' } },
            { name: 'signature', in: 'query', required: true, schema: { type: 'string' } },
          ],
          responses: {
            200: { description: 'The file.' },
            403: errorResponse('Tampered, malformed or expired link.'),
            404: errorResponse('No such file.'),
          },
        },
      },
    },
  };
}
export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
