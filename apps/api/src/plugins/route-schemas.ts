/**
 * Routes declare their schemas once, with the contract's zod schemas
 * (`schema: { params, querystring, body, response }`), and everything follows
 * from that one declaration:
 * - validation: zod parses each part; its output (defaults, transforms)
 *   replaces the raw value and types the handler (ZodTypeProvider); a failure
 *   is the ZodError itself, which the error handler answers as 400 with
 *   `errors.validations`;
 * - serialisation: each response schema becomes a JSON schema once, at start,
 *   and fast-json-stringify writes the body from it: faster than
 *   JSON.stringify, and a field the schema does not name never leaves the server;
 * - the OpenAPI document (@fastify/swagger), served at /api/docs.
 */
import swagger from '@fastify/swagger';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `nullable()` objects come out of zod as `anyOf: [object, null]`, which
 * fast-json-stringify resolves per value with a validator; a type list says
 * the same and is written directly.
 */
function simplifyNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyNullable);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, simplifyNullable(value)]),
  ) as JsonSchema;
  const anyOf = node.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((option) => option.type === 'null');
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && other && typeof other.type === 'string') {
      const { anyOf: _anyOf, ...rest } = node;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return node;
}

/** The JSON schema of what a zod schema outputs, as fast-json-stringify reads it. */
function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
  });
  return simplifyNullable(rest) as JsonSchema;
}

const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    // Fastify passes an Error through as it is: the error handler reads the zod issues.
    return result.success ? { value: result.data } : { error: result.error };
  };

const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);

export const routeSchemasPlugin = fp(
  async (app: FastifyInstance) => {
    // One way to declare a route: an API route without its schemas does not start.
    app.addHook('onRoute', (route) => {
      const isApi = route.url.startsWith('/api/');
      const schema = route.schema as { hide?: boolean; response?: unknown } | undefined;
      if (isApi && !schema?.hide && !schema?.response) {
        throw new Error(
          `${String(route.method)} ${route.url} declares no response schema: routes state their schemas (plugins/route-schemas.ts).`,
        );
      }
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Formation Desk API',
          version: '1',
          description:
            'Back office of a company-formation service. Success bodies are `{ message?, data }`; errors `{ errors: { detail, validations? } }`. Paths accept a trailing slash or none.',
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        // Every operation is manager-only unless it says `security: []`.
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
  },
  { name: 'route-schemas' },
);
