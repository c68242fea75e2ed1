import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { apiErrorDetails, type ErrorBody } from '@fd/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { AppError, type Validations } from '../lib/app-error.ts';
import { logSecurityEvent } from '../lib/security-events.ts';

/** Fastify's own client errors, answered with our texts. */
const fastifyErrorDetails: Record<string, { statusCode: number; detail: string }> = {
  // Before routing (`answerFrameworkError`): a path that does not decode.
  FST_ERR_BAD_URL: { statusCode: 400, detail: apiErrorDetails.badUrl },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, detail: apiErrorDetails.bodyTooLarge },
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, detail: apiErrorDetails.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, detail: apiErrorDetails.malformedJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, detail: apiErrorDetails.unsupportedMediaType },
  // @fastify/multipart's (plugins/uploads.ts sets the limits).
  FST_PARTS_LIMIT: { statusCode: 413, detail: apiErrorDetails.multipartTooManyParts },
  FST_FILES_LIMIT: { statusCode: 413, detail: apiErrorDetails.multipartTooManyParts },
  FST_FIELDS_LIMIT: { statusCode: 413, detail: apiErrorDetails.multipartTooManyParts },
  FST_PROTO_VIOLATION: { statusCode: 400, detail: apiErrorDetails.multipartMalformed },
  FST_INVALID_JSON_FIELD_ERROR: { statusCode: 400, detail: apiErrorDetails.multipartMalformed },
  FST_MP_PREMATURE_CLOSE: { statusCode: 400, detail: apiErrorDetails.multipartMalformed },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    statusCode: 415,
    detail: apiErrorDetails.unsupportedMediaType,
  },
};

/**
 * @fastify/busboy's refusals of a body that is not the multipart form it claims to be: no
 * boundary, a boundary too long to search for, a body or a part that ends before the closing
 * boundary. They carry no code, only these texts (its lib/types/multipart.js and
 * deps/dicer, deps/streamsearch); the multipart tests pin each, so an upgrade that rewords one
 * fails a test rather than answering 500.
 */
const malformedMultipartMessages = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle (?:cannot be an empty|cannot have a length bigger than)/,
  /^Unexpected end of multipart data$/,
  /^\w+ terminated early due to unexpected end of multipart data$/,
];

const isMalformedMultipart = (error: Partial<FastifyError>) =>
  error.code === undefined &&
  error.statusCode === undefined &&
  typeof error.message === 'string' &&
  malformedMultipartMessages.some((pattern) => pattern.test(error.message!));

function fromZodError(error: ZodError): AppError {
  const validations: Validations = {};
  let first: string | undefined;
  for (const issue of error.issues) {
    // A strict object's extra keys: each named as the field it is.
    const entries: [string, string][] =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => [
            [...issue.path, key].join('.'),
            apiErrorDetails.unknownField(key),
          ])
        : [[issue.path.length > 0 ? issue.path.join('.') : 'body', issue.message]];
    for (const [field, message] of entries) {
      (validations[field] ??= []).push(message);
      first ??= message;
    }
  }
  return new AppError(400, first ?? apiErrorDetails.validation, validations);
}

/** Any thrown value → the AppError to answer with. Unknown errors are 500 with a neutral text. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return fromZodError(error);
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? fastifyErrorDetails[fastifyError.code] : undefined;
  if (known) return new AppError(known.statusCode, known.detail);
  if (isMalformedMultipart(fastifyError)) {
    return new AppError(400, apiErrorDetails.multipartMalformed);
  }
  const status = fastifyError.statusCode;
  // Other client errors raised by Fastify or a plugin carry a safe message of their own.
  if (typeof status === 'number' && status >= 400 && status < 500 && fastifyError.message) {
    return new AppError(status, fastifyError.message);
  }
  return new AppError(500, apiErrorDetails.internal);
}

const bodyOf = (appError: AppError): ErrorBody => ({
  errors: {
    detail: appError.detail,
    ...(appError.validations ? { validations: appError.validations } : {}),
  },
});

/**
 * Fastify's `frameworkErrors`: what fails before a route is found (a path whose percent
 * signs do not decode). Answered in our shape; Fastify's own echoed the path.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const appError = toAppError(error);
  void reply.code(appError.statusCode).send(bodyOf(appError));
}

/** Node's HTTP parser's errors, by its codes; anything else it cannot read is a 400. */
const clientErrors: Record<string, { statusCode: number; detail: string }> = {
  HPE_HEADER_OVERFLOW: { statusCode: 431, detail: apiErrorDetails.headersTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { statusCode: 408, detail: apiErrorDetails.requestTimeout },
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (headers too large, not
 * HTTP, a bad Content-Length) never reaches Fastify, so the answer is written to the socket as
 * it stands, in our shape, and the connection closed (what Node and Fastify do by default,
 * with their own bodies).
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection is gone already: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { statusCode, detail } = clientErrors[error.code ?? ''] ?? {
    statusCode: 400,
    detail: apiErrorDetails.malformedRequest,
  };
  const body = JSON.stringify(bodyOf(new AppError(statusCode, detail)));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Errors of a request body's stream that say the client went away before sending it whole. */
const cutOffCodes = new Set(['ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'EPIPE']);

/** Whether `error` came of the client leaving before its body was all sent. */
function isCutOffByClient(raw: IncomingMessage, error: unknown): boolean {
  if (raw.complete) return false;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (
    raw.destroyed || raw.socket?.destroyed === true || (code !== undefined && cutOffCodes.has(code))
  );
}

/**
 * The one error handler (docs/conventions.md, convention 5): every failure is answered as
 * `{ errors: { detail, validations? } }`. 5xx are logged with the request id
 * and stack; their body never carries either, nor any SQL.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });

    app.setErrorHandler((error, request, reply) => {
      // A body the client stopped sending half-way (a cut-off upload) is its doing, not ours:
      // a warning, and a 400 to no one, rather than a logged server error.
      if (isCutOffByClient(request.raw, error)) {
        request.log.warn(
          {
            err: { message: (error as Error).message, code: (error as NodeJS.ErrnoException).code },
          },
          'The client cut the request off',
        );
        return reply.code(400).send(bodyOf(new AppError(400, apiErrorDetails.malformedRequest)));
      }
      const appError = toAppError(error);
      if (appError.statusCode >= 500) {
        request.log.error({ err: error }, 'Request failed');
      }
      if (appError.statusCode === 429) {
        logSecurityEvent(request, 'rate_limit.reached', {
          route: request.routeOptions.url ?? null,
        });
      }
      const body = bodyOf(appError);
      // A server error's answer names its request: what a user reports finds the log lines.
      if (appError.statusCode >= 500) body.errors.request_id = request.id;
      return reply.code(appError.statusCode).headers(appError.headers).send(body);
    });
  },
  { name: 'error-handler' },
);
