import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

/** GET /api/health: 200 once the database answers (operators, load balancers, e2e). */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get('/health', async (request) => {
    try {
      await database.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'Health check: the database does not answer');
      throw new AppError(503, 'The database is not reachable.');
    }
    return { data: { status: 'ok' } };
  });
};
