import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schemaIsCurrent, type Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schema.ts';

const probeSchema = (operationId: string, summary: string, failures: 503[] = []) => ({
  operationId,
  summary,
  tags: ['operations'],
  security: [],
  response: {
    200: z.object({ data: z.object({ status: z.literal('ok') }) }),
    ...errorResponses(...failures),
  },
});

export const probeTexts = {
  databaseDown: 'The database is not reachable.',
  schemaBehind: 'The database is missing migrations of this version: run `npm run db:migrate`.',
} as const;

/**
 * The probes of a load balancer or an orchestrator, at the root:
 * - `GET /healthz`, liveness: the process answers (nothing else is asked, so a database
 *   outage never gets a healthy process restarted);
 * - `GET /readyz`, readiness: the database answers and holds every migration of this
 *   release, so requests may be sent here. While the server stops, Fastify answers 503 on
 *   connections still open, so a balancer stops sending before it is gone.
 */
export const probeRoutes: FastifyPluginAsync<{ database: Database }> = async (
  fastify,
  { database },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ok = { data: { status: 'ok' as const } };
  app.get('/healthz', { schema: probeSchema('liveness', 'Whether the process answers') }, () => ok);
  app.get(
    '/readyz',
    {
      schema: probeSchema(
        'readiness',
        'Whether the database answers and holds every migration of this release',
        [503],
      ),
    },
    async (request) => {
      let current: boolean;
      try {
        current = await schemaIsCurrent(database.db);
      } catch (error) {
        request.log.error({ err: error }, 'Readiness: the database does not answer');
        throw new AppError(503, probeTexts.databaseDown);
      }
      if (!current) throw new AppError(503, probeTexts.schemaBehind);
      return ok;
    },
  );
};

/** GET /api/health: 200 once the database answers (operators, load balancers, e2e). */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (
  fastify,
  { database },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = probeSchema(
    'health',
    'Whether the server and its database answer (load balancers, monitoring)',
    [503],
  );
  app.get('/health', { schema }, async (request) => {
    try {
      await database.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'Health check: the database does not answer');
      throw new AppError(503, probeTexts.databaseDown);
    }
    return { data: { status: 'ok' as const } };
  });
};
