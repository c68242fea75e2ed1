/**
 * `npm start`: configuration → the data folder made private and, in embedded
 * mode, locked for this process → database (migrated, demo data on first
 * embedded start) → the admin channel for the command-line tools → the app on
 * HOST:PORT. Stops cleanly on SIGINT/SIGTERM so that PGlite writes everything
 * to disk.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { AdminChannel } from './cli/admin-channel.ts';
import { openDatabase, type Database } from './db/client.ts';
import { ConfigError, loadConfig, type Config } from './env.ts';
import {
  DataDirInUseError,
  acquireDataDirLock,
  type DataDirLock,
} from './lib/data-dir/data-dir-lock.ts';
import { describeDataDir } from './lib/data-dir/describe-data-dir.ts';
import { makeDataDirPrivate } from './lib/data-dir/private-data-dir.ts';
import { collectGarbage } from './lib/collect-garbage.ts';
import { createDeferredLogger } from './lib/logger.ts';
import { createMailer, type Mailer } from './lib/mail/index.ts';
import {
  createRateLimiter,
  rateLimitsForConfig,
  type RateLimiter,
} from './lib/rate-limit/index.ts';

/** Past this, a shutdown that hangs (a stuck request) is cut short. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * How long a stop keeps idle keep-alive connections, answering a request on one with 503 and
 * `Connection: close` rather than meeting it with a reset (docs/operations.md, "Graceful
 * shutdown").
 */
const KEEP_ALIVE_GRACE_MS = 1_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const tightened = makeDataDirPrivate(config.dataDir);

  // Embedded: this process alone may open the folder (see lib/data-dir).
  let lock: DataDirLock | undefined;
  if (!('url' in config.database)) {
    try {
      lock = acquireDataDirLock(config.dataDir, 'server');
    } catch (error) {
      if (error instanceof DataDirInUseError) fail(error.message);
      throw error;
    }
  }

  // The database, mail and rate limits log through the app's logger, which exists only once the
  // app is built.
  const log = createDeferredLogger();
  let database: Database;
  try {
    database = await openDatabase(
      config.database,
      'url' in config.database ? config.database.poolSize : undefined,
      log,
    );
  } catch (error) {
    fail(`Cannot open the database: ${(error as Error).message}`);
  }
  await database.migrate();

  const mailer: Mailer = createMailer(config.mail, log);
  const rateLimiter: RateLimiter = createRateLimiter(config.redisUrl, log);
  // Loaded only for a terminal: JSON lines need no formatter.
  const logStream =
    config.logFormat === 'pretty'
      ? (await import('./lib/pretty-log.ts')).createPrettyLog()
      : undefined;
  const app: FastifyInstance = await buildApp({
    config,
    database,
    mailer,
    rateLimiter,
    rateLimits: rateLimitsForConfig(
      config.rateLimitIpMultiplier,
      config.rateLimitAccountMultiplier,
    ),
    keepAliveGraceMs: KEEP_ALIVE_GRACE_MS,
    ...(logStream ? { logStream } : {}),
  });
  log.bind(app.log);
  if (tightened > 0) {
    app.log.info(
      `Made ${tightened} files and folders in ${config.dataDir} private to this user (they were open to others).`,
    );
  }

  // The manager, seed, simulate and backup tools reach this server's database through it. Loaded only
  // here: on PostgreSQL the tools open the database themselves, and a start need not load them
  // (nor the seed's generator and sample files) — see bench/README.md, "Server process".
  let adminChannel: AdminChannel | undefined;
  if (lock) {
    const [{ startAdminChannel }, { managerTool }, { seedTool }, { simulateTool }, { backupTool }] =
      await Promise.all([
        import('./cli/admin-channel.ts'),
        import('./cli/manager-tool.ts'),
        import('./cli/seed-tool.ts'),
        import('./cli/simulate-tool.ts'),
        import('./cli/backup-tool.ts'),
      ]);
    adminChannel = await startAdminChannel({
      dataDir: config.dataDir,
      tools: [managerTool, seedTool, simulateTool, backupTool],
      database,
      config,
      log: app.log,
    });
    lock.update({ adminSocket: adminChannel.socketPath });
  }

  // A failure that escaped a request must be seen, and must not take every other user down.
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'Unhandled promise rejection');
  });
  process.on('uncaughtException', (error) => {
    app.log.error({ err: error }, 'Uncaught exception');
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      process.stderr.write('Forced exit.\n');
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal} received: finishing requests, then closing`);
    setTimeout(() => {
      process.stderr.write('Shutdown took too long; exiting.\n');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      // Both stop accepting and let what is running finish.
      await Promise.all([app.close(), adminChannel?.close()]);
      await Promise.allSettled([rateLimiter.close(), mailer.close()]);
      await database.close(); // PGlite flushes to disk here
      lock?.release();
      app.log.info('Stopped.');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'Error during shutdown');
      process.exit(1);
    }
  };
  // A second signal while closing forces the exit.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const seed = config.seedDemo ? await import('./tools/seed/index.ts') : undefined;
  if (seed) {
    await seed.seedDemoIfEmpty(database, {
      filesDir: config.filesDir,
      log: (line) => app.log.info(line),
    });
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await adminChannel?.close();
    await database.close();
    if (code === 'EADDRINUSE') {
      fail(`Port ${config.port} on ${config.host} is already in use: set PORT to another one.`);
    }
    fail(`Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }

  // The start's garbage (the demo seed's above all) is not the idle server's size.
  collectGarbage();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [
    `Formation Desk is running at ${config.tls ? 'https' : 'http'}://${config.host}:${port}`,
    ...(seed ? [`Demo manager: ${seed.DEMO_MANAGER.email} / ${seed.DEMO_MANAGER.password}`] : []),
    `Data folder: ${describeDataDir(config)}`,
  ];
  // Last, after every line of the start; on a terminal set apart and marked, to be found.
  process.stdout.write(
    config.logFormat === 'pretty'
      ? `\n${lines.map((line, i) => `${i === 0 ? '\x1b[1;32m➜\x1b[0m' : ' '} ${line}`).join('\n')}\n\n`
      : `${lines.join('\n')}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Formation Desk could not start: ${(error as Error)?.stack ?? String(error)}\n`,
  );
  process.exit(1);
});
