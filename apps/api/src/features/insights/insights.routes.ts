import {
  insightApiPaths as paths,
  insightsQuerySchema,
  insightsResponseSchema,
} from '@fd/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { errorResponses, route } from '../../lib/route-schema.ts';
import { readInsights, type InsightsDeps } from './insights.service.ts';

// A type, not an interface: protectedRoutes() wants options assignable to a record.
export type InsightsRoutesOptions = { database: Database; now: () => Date };

/** How the service is doing (docs/product.md §12.4). Manager-only, through protectedRoutes(). */
export const insightsRoutes: FastifyPluginAsync<InsightsRoutesOptions> = async (
  fastify,
  { database, now },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: InsightsDeps = { db: database.db, now };

  app.get(
    route(paths.insights),
    {
      schema: {
        operationId: 'readInsights',
        summary:
          'The formation funnel, days per step, new businesses, failures and changes per week',
        tags: ['insights'],
        querystring: insightsQuerySchema,
        response: { 200: insightsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await readInsights(deps, request.query.weeks) }),
  );
};
