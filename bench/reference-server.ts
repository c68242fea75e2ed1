/**
 * The API benchmark's reference server (PostgreSQL): the product's app, built
 * by `buildApp` as apps/api/src/main.ts builds it, plus one route in the
 * manager-only scope that reads one business by primary key — the
 * TechEmpower "single query" shape — through the same server, driver, auth
 * hook and logging. The All tab's throughput is reported as a share of this
 * route's, both measured on this process in the same run (bench/README.md).
 * No admin channel and no demo seed: the bench seeds the database beforehand.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { businesses } from '../apps/api/src/db/schema.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { createDeferredLogger } from '../apps/api/src/lib/logger.ts';
import { createMailer } from '../apps/api/src/lib/mail/index.ts';
import { createRateLimiter, rateLimitsForConfig } from '../apps/api/src/lib/rate-limit/index.ts';
import { SINGLE_ROW_PATH } from './harness.ts';

const singleRowRoute: FastifyPluginAsync<{ database: Database }> = async (scope, { database }) => {
  const [range] = (
    (await database.db.execute(
      sql`select min(id)::int as low, max(id)::int as high from businesses`,
    )) as unknown as { rows: { low: number; high: number }[] }
  ).rows;
  const { low, high } = range ?? { low: 1, high: 1 };
  const byId = database.db
    .select({ id: businesses.id, uuid: businesses.uuid, name: businesses.businessName })
    .from(businesses)
    .where(eq(businesses.id, sql.placeholder('id')))
    .prepare('bench_single_row');
  const response = z.object({
    data: z.object({ id: z.number(), uuid: z.string(), name: z.string() }).nullable(),
  });
  // A response schema like every product route's: serialised the same way.
  scope
    .withTypeProvider<ZodTypeProvider>()
    .get(SINGLE_ROW_PATH, { schema: { response: { 200: response } } }, async () => {
      const id = low + Math.floor(Math.random() * (high - low + 1));
      const [row] = await byId.execute({ id });
      return { data: row ?? null };
    });
};

const config = loadConfig();
if (!('url' in config.database)) throw new Error('The reference server runs on PostgreSQL.');
const log = createDeferredLogger();
const database = await openDatabase(config.database, config.database.poolSize, log);
const app = await buildApp({
  config,
  database,
  mailer: createMailer(config.mail, log),
  rateLimiter: createRateLimiter(config.redisUrl, log),
  rateLimits: rateLimitsForConfig(config.rateLimitIpMultiplier, config.rateLimitAccountMultiplier),
  extraProtectedRoutes: singleRowRoute,
});
log.bind(app.log);
await app.listen({ host: config.host, port: config.port });
const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
