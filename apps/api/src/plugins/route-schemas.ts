/**
 * Routes declare their schemas once, with the contract's zod schemas
 * (`schema: { params, querystring, body, response }`), and everything follows
 * from that one declaration:
 * - validation: zod parses each part; its output (defaults, transforms)
 *   replaces the raw value and types the handler (ZodTypeProvider); a failure
 *   is the ZodError itself, which the error handler answers as 400 with
 *   `errors.validations`. A string holding U+0000 anywhere in a member the part's
 *   schema reads fails it too, whatever the schema says (see `nulCharacterIssues`);
 * - serialisation: each response schema becomes a JSON schema once, at start,
 *   and fast-json-stringify writes the body from it: faster than
 *   JSON.stringify, and a field the schema does not name never leaves the server;
 * - the OpenAPI document (@fastify/swagger), served at /api/docs, completed by
 *   lib/api-document.ts with the rules every route applies (the NUL rule below).
 */
import { nulCharacterMessage, unknownQueryParameterMessage } from '@fd/contract';
import swagger from '@fastify/swagger';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { completeApiDocument } from '../lib/api-document.ts';

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

const NUL = '\u0000';

/** The objects JSON.parse gives (a Buffer, say, is not walked byte by byte). */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * Whether a string anywhere in `value` holds NUL. Iterative: a deeply nested
 * body cannot overflow the stack.
 */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes(NUL)) return true;
    } else if (Array.isArray(next) || isPlainObject(next)) {
      for (const item of Object.values(next)) pending.push(item);
    }
  }
  return false;
}

interface SchemaDef {
  type: string;
  shape?: Record<string, unknown>;
  catchall?: { _zod: { def: SchemaDef } };
  in?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
}

/**
 * The members a part's schema reads, or undefined when it may read any (not an object, or one
 * that keeps unknown members): the members it ignores are dropped after parsing, never stored.
 */
function declaredKeys(schema: z.ZodType): Set<string> | undefined {
  const def = (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
  const union = (schemas: (z.ZodType | undefined)[]) => {
    const keys = schemas.map((each) => (each ? declaredKeys(each) : undefined));
    return keys.every((each) => each !== undefined)
      ? new Set(keys.flatMap((each) => [...each]))
      : undefined;
  };
  switch (def.type) {
    case 'object':
      return def.catchall && def.catchall._zod.def.type !== 'never'
        ? undefined
        : new Set(Object.keys(def.shape ?? {}));
    case 'pipe':
      return def.in ? declaredKeys(def.in) : undefined;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return def.innerType ? declaredKeys(def.innerType) : undefined;
    case 'union':
      return union(def.options ?? [undefined]);
    case 'intersection':
      return union([def.left, def.right]);
    default:
      return undefined;
  }
}

/**
 * One issue per field of a request part (params, query or body) whose value
 * holds U+0000, however deep. PostgreSQL cannot store it in text, so it would
 * otherwise fail as a 500 in whichever query first binds it; checked here, once,
 * it is a 400 on every route, for today's fields and tomorrow's alike. Members the
 * part's schema does not read (`declared`) are dropped unread, so they are not checked:
 * the API document allows them with any value.
 */
function nulCharacterIssues(
  input: unknown,
  part: string,
  declared: Set<string> | undefined,
): z.core.$ZodIssueCustom[] {
  if (typeof input === 'string') {
    return input.includes(NUL)
      ? [{ code: 'custom', path: [], message: nulCharacterMessage(part) }]
      : [];
  }
  // The part itself: the query parser's object has a prototype of its own.
  if (typeof input !== 'object' || input === null || ArrayBuffer.isView(input)) return [];
  return Object.entries(input)
    .filter(([field, value]) => (declared === undefined || declared.has(field)) && holdsNul(value))
    .map(([field]) => ({ code: 'custom', path: [field], message: nulCharacterMessage(field) }));
}

/**
 * One issue per query parameter the route's schema does not name: a misspelt filter
 * (`?contry=UK`) would otherwise be dropped in silence and answer the whole list, and the API
 * document, which names every parameter, would allow a request the server ignores in part.
 */
function unknownParameterIssues(
  input: unknown,
  declared: Set<string> | undefined,
): z.core.$ZodIssueCustom[] {
  if (declared === undefined || typeof input !== 'object' || input === null) return [];
  return Object.keys(input)
    .filter((name) => !declared.has(name))
    .map((name) => ({ code: 'custom', path: [name], message: unknownQueryParameterMessage(name) }));
}

const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const declared = declaredKeys(schema);
  return (data) => {
    const result = schema.safeParse(data);
    const partIssues = [
      ...nulCharacterIssues(data, httpPart ?? 'input', declared),
      ...(httpPart === 'querystring' ? unknownParameterIssues(data, declared) : []),
    ];
    if (partIssues.length > 0) {
      // The other fields' own issues still count: one answer names every bad field.
      const flagged = new Set(partIssues.map((issue) => issue.path[0]));
      const others = result.success
        ? []
        : result.error.issues.filter((issue) => !flagged.has(issue.path[0]));
      // ZodRealError, as safeParse gives: Fastify passes only an Error through as it is.
      return { error: new z.ZodRealError([...partIssues, ...others]) };
    }
    // Fastify passes an Error through as it is: the error handler reads the zod issues.
    return result.success ? { value: result.data } : { error: result.error };
  };
};

/**
 * Fastify asks for every route's serialiser as the server starts; each is compiled on its
 * route's first answer instead, so a start does not compile them all (a quarter of the start's
 * CPU time and ~20 MiB of memory: bench/README.md, "Server process").
 */
const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) =>
    (serialize ??= fastJson(
      responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0],
    ) as (data: unknown) => string)(data);
};

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
      // The rules every route applies beyond its own schemas, stated where they apply.
      // (Always the OpenAPI form here: the options above ask for `openapi`, not `swagger`.)
      transformObject: (document) =>
        completeApiDocument('openapiObject' in document ? document.openapiObject : {}),
    });
  },
  { name: 'route-schemas' },
);
