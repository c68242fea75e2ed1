/**
 * The last touches to the OpenAPI document @fastify/swagger builds from the routes' schemas
 * (docs/decisions/076-the-api-document-states-every-rule.md): the rules every route applies
 * outside its own schema, stated where they apply, so that a request the document allows is
 * never refused for its shape.
 */

import { uploadFileTypes } from '@fd/contract';

type JsonSchema = Record<string, unknown>;
interface MediaType {
  schema?: JsonSchema;
  encoding?: Record<string, { contentType: string }>;
}
interface Operation {
  parameters?: { in: string; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

/**
 * A string anywhere in a request that holds U+0000 is refused (plugins/route-schemas.ts,
 * `nulCharacterIssues`); a string schema with no pattern of its own says so. The patterns the
 * contract writes exclude it already.
 */
const NO_NUL_PATTERN = '^[^\\u0000]*$';

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A file part (`format: binary`): only multipart/form-data can carry one. */
const isFileField = (schema: unknown) => isObject(schema) && schema.format === 'binary';

/** Adds the NUL rule to every string schema within `schema` that has no pattern. */
function refuseNul(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) refuseNul(item);
    return;
  }
  if (!isObject(schema)) return;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (
    types.includes('string') &&
    schema.pattern === undefined &&
    schema.enum === undefined &&
    schema.const === undefined &&
    !isFileField(schema)
  ) {
    schema.pattern = NO_NUL_PATTERN;
  }
  for (const key of ['properties', 'patternProperties', '$defs']) {
    if (isObject(schema[key])) for (const child of Object.values(schema[key])) refuseNul(child);
  }
  for (const key of ['items', 'additionalProperties', 'not', 'anyOf', 'oneOf', 'allOf']) {
    refuseNul(schema[key]);
  }
}

/** A JSON body has no file parts: the fields that are files are multipart's alone. */
function withoutFileFields(schema: JsonSchema): JsonSchema {
  const properties = isObject(schema.properties) ? schema.properties : undefined;
  if (!properties || !Object.values(properties).some(isFileField)) return schema;
  const kept = Object.entries(properties).filter(([, property]) => !isFileField(property));
  const names = new Set(kept.map(([name]) => name));
  const required = Array.isArray(schema.required)
    ? (schema.required as string[]).filter((name) => names.has(name))
    : undefined;
  return {
    ...schema,
    properties: Object.fromEntries(kept),
    ...(required ? { required } : {}),
  };
}

/**
 * The kinds a file part may be, in the multipart body's `encoding`: the server reads the kind
 * from the file's first bytes and refuses any other with 415
 * (docs/decisions/066-an-upload-s-name-agrees-with-its-bytes.md). A JSON schema cannot say
 * that of bytes; the encoding tells a client, and lets a fuzzer send files of those kinds.
 */
const UPLOAD_CONTENT_TYPES = uploadFileTypes.map((type) => type.contentType).join(', ');

function fileEncodings(schema: JsonSchema): MediaType['encoding'] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const files = Object.keys(properties).filter((name) => isFileField(properties[name]));
  if (files.length === 0) return undefined;
  return Object.fromEntries(files.map((name) => [name, { contentType: UPLOAD_CONTENT_TYPES }]));
}

const requiresNothing = (schema: JsonSchema) =>
  (!Array.isArray(schema.required) || schema.required.length === 0) &&
  (typeof schema.minProperties !== 'number' || schema.minProperties === 0);

/** Whether `{}` meets the body's schema: a request without a body is read as `{}` (plugins/json-body.ts). */
function emptyObjectFits(schema: JsonSchema | undefined): boolean {
  if (schema === undefined || !requiresNothing(schema)) return false;
  // One of several shapes (a business edit: one object per detail) fits if one of them does.
  const branches = schema.oneOf ?? schema.anyOf;
  return (
    !Array.isArray(branches) ||
    branches.some((branch) => isObject(branch) && requiresNothing(branch))
  );
}

export function completeApiDocument<T>(document: T): T {
  const { paths = {} } = document as OpenApiDocument;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation.parameters ?? []) refuseNul(parameter.schema);
      const body = operation.requestBody;
      if (!body?.content) continue;
      for (const [type, shared] of Object.entries(body.content)) {
        const { schema } = shared;
        if (!schema) continue;
        // Fastify's swagger gives a route's media types one object: each gets its own here, or
        // the JSON body's loss of its file fields would be the multipart body's too.
        const media: MediaType =
          type === 'multipart/form-data'
            ? { ...shared, encoding: fileEncodings(schema) }
            : { ...shared, schema: withoutFileFields(schema) };
        body.content[type] = media;
        refuseNul(media.schema);
      }
      // Fastify's swagger marks every body required; one whose fields are all optional is not.
      const json = body.content['application/json'];
      if (json && emptyObjectFits(json.schema)) body.required = false;
    }
  }
  return document;
}
