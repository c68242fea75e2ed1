import {
  savedViewApiPaths as paths,
  savedViewCreateRequestSchema,
  savedViewDeleteResponseSchema,
  savedViewResponseSchema,
  savedViewsResponseSchema,
  savedViewTexts,
  savedViewUpdateRequestSchema,
  savedViewUuidSchema,
} from '@fd/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorResponses, route } from '../../lib/route-schema.ts';
import { changeView, createView, listViews, removeView, type ViewsDeps } from './views.service.ts';

// A type, not an interface: protectedRoutes() wants options assignable to a record.
export type ViewsRoutesOptions = { database: Database; now: () => Date };

const uuidParams = z.object({ uuid: savedViewUuidSchema });

/**
 * A manager's saved views of the business list (docs/product.md §11.4). Manager-only, mounted
 * through protectedRoutes(); each manager reads and writes only their own.
 */
export const viewsRoutes: FastifyPluginAsync<ViewsRoutesOptions> = async (
  fastify,
  { database, now },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: ViewsDeps = { db: database.db, now };

  app.get(
    route(paths.list),
    {
      schema: {
        operationId: 'listSavedViews',
        summary: 'Your saved views of the business list, by name',
        tags: ['views'],
        response: { 200: savedViewsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: { views: await listViews(deps, request.manager.id) } }),
  );

  app.post(
    route(paths.list),
    {
      schema: {
        operationId: 'createSavedView',
        summary: "Save a view: a name and the list's address query (without page)",
        tags: ['views'],
        body: savedViewCreateRequestSchema,
        response: { 201: savedViewResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: savedViewTexts.saved,
        data: await createView(deps, request.manager.id, request.body),
      }),
  );

  app.put(
    route(paths.item(':uuid')),
    {
      schema: {
        operationId: 'updateSavedView',
        summary: 'Rename one of your saved views, or give it a new query',
        tags: ['views'],
        params: uuidParams,
        body: savedViewUpdateRequestSchema,
        response: { 200: savedViewResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: savedViewTexts.updated,
      data: await changeView(deps, request.manager.id, request.params.uuid, request.body),
    }),
  );

  app.delete(
    route(paths.item(':uuid')),
    {
      schema: {
        operationId: 'deleteSavedView',
        summary: 'Delete one of your saved views',
        tags: ['views'],
        params: uuidParams,
        response: { 200: savedViewDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await removeView(deps, request.manager.id, request.params.uuid);
      return { message: savedViewTexts.deleted, data: { uuid: request.params.uuid } };
    },
  );
};
