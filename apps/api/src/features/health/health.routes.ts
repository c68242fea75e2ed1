import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schema.ts';

const healthSchema = {
  operationId: 'health',
  summary: 'Whether the server and its database answer (load balancers, monitoring)',
  tags: ['operations'],
  security: [],
  response: {
    200: z.object({ data: z.object({ status: z.literal('ok') }) }),
    ...errorResponses(503),
  },
};

/** GET /api/health: 200 once the database answers (operators, load balancers, e2e). */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (
  fastify,
  { database },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/health', { schema: healthSchema }, async (request) => {
    try {
      await database.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'Health check: the database does not answer');
      throw new AppError(503, 'The database is not reachable.');
    }
    return { data: { status: 'ok' as const } };
  });
};
