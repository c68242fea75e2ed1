// `npm run cluster`: two API instances on one PostgreSQL database and one Redis, behind nginx
// (Debian's package) on 127.0.0.1, as a deployment with several instances runs them
// (docs/operations.md, "Running several instances"). It prints the address and runs until
// Ctrl-C or SIGTERM, then stops nginx and both instances.
//
//   DATABASE_URL   required: the database both instances use (created if missing, migrated once)
//   REDIS_URL      the shared rate-limit counters; default redis://127.0.0.1:6379/14
//   JWT_SECRET     the signing key of both; a new one each run when unset (everyone signs in again)
//   CLUSTER_PORT   where nginx listens on 127.0.0.1; default 8080 (--port overrides it)
//   SEED_DEMO      demo data on an empty database (instance a, before b starts); default true
//   DATA_DIR       the instances' data folders are DATA_DIR/cluster/a and …/b; default the
//                  checkout's data/, as for npm start
//   LOG_LEVEL      the instances' log level; default warn (info shows every request)
//   NGINX_PATH     the nginx binary; default /usr/sbin/nginx
//
// Options (--help lists them): --port N for nginx, --api-ports A,B for the two instances (free
// ports the system gives when not given).
//
// The work is e2e/cluster.ts's, which the cluster test (npm run test:cluster) starts the same
// way; it is TypeScript, loaded here through tsx.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/14';
const DEFAULT_PORT = 8080;

const usage = `Usage: npm run cluster -- [--port N] [--api-ports A,B]

Runs two API instances on one PostgreSQL database and one Redis, behind nginx on 127.0.0.1.

  --port N          where nginx listens on 127.0.0.1 (default CLUSTER_PORT, else ${DEFAULT_PORT})
  --api-ports A,B   the ports of instances a and b on 127.0.0.1 (default: free ones)
  -h, --help        this text

Settings (environment): DATABASE_URL (required), REDIS_URL, JWT_SECRET, CLUSTER_PORT,
SEED_DEMO, DATA_DIR, LOG_LEVEL, NGINX_PATH; see docs/operations.md, "Running several instances".
`;

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** A wrong option: one line, then the usage, exit 2 (as the other tools). */
function usageError(message) {
  process.stderr.write(`${message}\n\n${usage}`);
  process.exit(2);
}

const isPort = (value) => Number.isInteger(value) && value >= 1 && value <= 65535;

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      port: { type: 'string' },
      'api-ports': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  usageError(error.message);
}
if (options.help) {
  process.stdout.write(usage);
  process.exit(0);
}

const env = process.env;
if (options.port !== undefined && !isPort(Number(options.port))) {
  usageError(`--port must be a port number, 1 to 65535 (got "${options.port}").`);
}
let apiPorts;
if (options['api-ports'] !== undefined) {
  apiPorts = options['api-ports'].split(',').map((part) => Number(part.trim()));
  if (apiPorts.length !== 2 || !apiPorts.every(isPort) || apiPorts[0] === apiPorts[1]) {
    usageError(
      `--api-ports must be two different port numbers, A,B (got "${options['api-ports']}").`,
    );
  }
}
const port = Number(options.port ?? env.CLUSTER_PORT ?? DEFAULT_PORT);
if (!isPort(port)) {
  fail(`CLUSTER_PORT must be a port number (got "${env.CLUSTER_PORT}").`);
}
if (apiPorts?.includes(port)) usageError(`--api-ports must not include nginx's port ${port}.`);
if (!env.DATABASE_URL || !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
  fail(
    'npm run cluster needs DATABASE_URL, a postgres:// URL of the database the instances share ' +
      '(created if missing), e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/fd_cluster',
  );
}
const redisUrl = env.REDIS_URL ?? DEFAULT_REDIS_URL;
const jwtSecret = env.JWT_SECRET ?? randomBytes(32).toString('base64url');
const seedDemo = !['0', 'false', 'no', 'off'].includes((env.SEED_DEMO ?? 'true').toLowerCase());
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(
  env.DATA_DIR
    ? path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR)
    : path.join(root, 'data'),
  'cluster',
);

// The instances' data folders live in this one: private, as the server keeps each of its own
// (docs/operations.md, "Data folder"), made so before anything else starts.
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
chmodSync(dataDir, 0o700);

const { startCluster } = await tsImport('../e2e/cluster.ts', import.meta.url);

const log = (line) => process.stdout.write(`${line}\n`);
if (!env.REDIS_URL) log(`REDIS_URL is unset: using ${DEFAULT_REDIS_URL}.`);
if (!env.JWT_SECRET) log('JWT_SECRET is unset: a new one for this run (set it to keep sessions).');

let cluster;
/** The start under way: a signal during it cuts it short, then stops what it started. */
let starting;
const aborting = new AbortController();
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  aborting.abort();
  await starting?.catch(() => {});
  await cluster?.stop();
  process.exit(code);
}
// Ctrl-C (the whole terminal's process group gets it) and SIGTERM: nginx and both instances
// are stopped in turn before this exits. A second signal exits at once.
const onSignal = () => {
  if (stopping) {
    process.stderr.write('Forced exit.\n');
    process.exit(1);
  }
  log('Stopping…');
  void stop(0);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

starting = (async () => {
  cluster = await startCluster({
    databaseUrl: env.DATABASE_URL,
    createDatabase: true,
    signal: aborting.signal,
    redisUrl,
    jwtSecret,
    port,
    ...(apiPorts ? { apiPorts } : {}),
    bundleDir: path.join(root, 'apps/api/.cluster-dist'),
    seedDemo,
    dataDirs: [path.join(dataDir, 'a'), path.join(dataDir, 'b')],
    settings: { LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    onLine: (instance, line) => {
      if (line.startsWith('Formation Desk is running at')) return;
      process.stdout.write(`[${instance}] ${line}\n`);
    },
    log,
  });
})();
try {
  await starting;
} catch (error) {
  if (!stopping) {
    const message = error?.message ?? '';
    const hint = /nginx's port, is in use/.test(message)
      ? ': give another with --port (or CLUSTER_PORT).'
      : /is in use/.test(message)
        ? ': give others with --api-ports A,B.'
        : '';
    process.stderr.write(`The cluster could not start: ${error?.message ?? error}${hint}\n`);
  }
  await stop(1);
}
if (!stopping) {
  const { a, b } = cluster.instances;
  log(`Instance a: ${a.baseURL} (data ${a.dataDir})`);
  log(`Instance b: ${b.baseURL} (data ${b.dataDir})`);
  log(`nginx: ${cluster.runDir}/nginx.conf, its logs in ${cluster.runDir}/logs (private)`);
  log(
    `Formation Desk (two instances behind nginx) is running at ${cluster.url}\n` +
      `Pin a request to one instance with the header X-FD-Instance: a|b or the cookie fd_instance=a|b. Ctrl-C stops it.`,
  );
  const what = await cluster.ended;
  if (!stopping) {
    process.stderr.write(`${what} exited; stopping the cluster.\n`);
    await stop(1);
  }
}
