import { apiErrorDetails } from '@fd/contract';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on a route that takes multipart/form-data instead of JSON. */
    multipart?: boolean;
  }
}

const methodsWithBody = new Set(['POST', 'PUT', 'PATCH']);
const jsonType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const multipartType = /^multipart\/form-data\s*(?:;|$)/i;

/**
 * Every route takes JSON unless its config says `multipart: true`. A body of
 * any other declared type is refused with 415 before it is read. A route with
 * a body schema gets an object: a missing body counts as `{}` (so the answer
 * names the first missing field, 'Email is required.'), while `null`, an array,
 * a string or a number is refused as a whole.
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (request.is404 || !methodsWithBody.has(request.method)) return;
      const contentType = request.headers['content-type'];
      if (contentType === undefined || jsonType.test(contentType)) return;
      if (request.routeOptions.config.multipart && multipartType.test(contentType)) return;
      throw new AppError(415, apiErrorDetails.unsupportedMediaType);
    });
    app.addHook('preValidation', async (request) => {
      if (!request.routeOptions.schema?.body) return;
      // No body at all reads as `{}`; a JSON `null` is a body, and not an object.
      if (request.body === undefined) request.body = {};
      if (
        typeof request.body !== 'object' ||
        request.body === null ||
        Array.isArray(request.body)
      ) {
        throw new AppError(400, apiErrorDetails.bodyNotObject);
      }
    });
  },
  { name: 'json-body' },
);
