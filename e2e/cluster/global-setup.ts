/**
 * The cluster test's setup (e2e/cluster.playwright.config.ts): a fresh database on the
 * PostgreSQL server of DATABASE_URL (default the local one) with the e2e fixtures and the
 * cluster's accounts, and the cluster on it (e2e/cluster.ts, as `npm run cluster` starts it)
 * with nginx on CLUSTER_TEST_PORT. The specs find it through the environment it sets. The
 * returned teardown stops the cluster and drops the database.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createFreshDatabase, rootDir } from '../api-instances.ts';
import { startCluster } from '../cluster.ts';
import { writeFixtures } from '../write-fixtures.ts';
import { writeClusterAccounts } from './accounts.ts';
import { clusterTestPort, setClusterEnv, UPLOAD_MAX_BYTES } from './cluster-env.ts';

const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/14';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString('hex');
  const database = await createFreshDatabase(
    process.env.DATABASE_URL ?? DEFAULT_SERVER_URL,
    'fd_cluster',
  );
  try {
    const cluster = await startCluster({
      databaseUrl: database.url,
      redisUrl: process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
      jwtSecret: randomBytes(32).toString('base64url'),
      port: clusterTestPort,
      // Not apps/api/.cluster-dist: `npm run cluster` may be running from it.
      bundleDir: path.join(rootDir, 'apps/api/.cluster-test-dist'),
      prepare: async (db) => {
        await writeFixtures(db);
        await writeClusterAccounts(db, run);
      },
      settings: {
        LOG_LEVEL: 'warn',
        // Every request comes from 127.0.0.1; the per-account and per-token limits still apply.
        RATE_LIMIT_IP_MULTIPLIER: '50',
        // Small, so that a file over it is quick to send (nginx's own limit follows it).
        UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
      },
      // What they log at warn and above (their addresses are in the cluster's own output).
      onLine: (instance, line) => {
        if (line.trim() && !line.startsWith('Formation Desk is running at')) {
          process.stderr.write(`[cluster ${instance}] ${line}\n`);
        }
      },
    });
    setClusterEnv({
      run,
      url: cluster.url,
      dataDirs: { a: cluster.instances.a.dataDir, b: cluster.instances.b.dataDir },
    });
    return async () => {
      await cluster.stop();
      await database.drop();
    };
  } catch (error) {
    await database.drop();
    if (error instanceof Error && / is in use$/.test(error.message)) {
      error.message += ': set CLUSTER_TEST_PORT to another port.';
    }
    throw error;
  }
}
