import { buildOpenApiDocument } from '@fd/contract';
import type { FastifyPluginAsync } from 'fastify';

/** GET /api/docs: the OpenAPI document, generated from the contract once at start. */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  const document = buildOpenApiDocument();
  app.get('/docs', async () => document);
  app.get('/docs/openapi.json', async () => document);
};
