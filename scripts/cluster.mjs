// `npm run cluster`: two API instances on one PostgreSQL database and one Redis, behind nginx
// (Debian's package) on 127.0.0.1, as a deployment with several instances runs them
// (docs/operations.md, "Running several instances"). It prints the address and runs until
// Ctrl-C or SIGTERM, then stops nginx and both instances.
//
//   DATABASE_URL   required: the database both instances use (created if missing, migrated once)
//   REDIS_URL      the shared rate-limit counters; default redis://127.0.0.1:6379/14
//   JWT_SECRET     the signing key of both; a new one each run when unset (everyone signs in again)
//   CLUSTER_PORT   where nginx listens on 127.0.0.1; default 8080
//   SEED_DEMO      demo data on an empty database (instance a, before b starts); default true
//   DATA_DIR       the instances' data folders are DATA_DIR/cluster/a and …/b; default the
//                  checkout's data/, as for npm start
//   LOG_LEVEL      the instances' log level; default warn (info shows every request)
//   NGINX_PATH     the nginx binary; default /usr/sbin/nginx
//
// The work is e2e/cluster.ts's, which the cluster test (npm run test:cluster) starts the same
// way; it is TypeScript, loaded here through tsx.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/14';
const DEFAULT_PORT = 8080;

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const env = process.env;
if (!env.DATABASE_URL || !/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
  fail(
    'npm run cluster needs DATABASE_URL, a postgres:// URL of the database the instances share ' +
      '(created if missing), e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/fd_cluster',
  );
}
const port = Number(env.CLUSTER_PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  fail(`CLUSTER_PORT must be a port number (got "${env.CLUSTER_PORT}").`);
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
    const hint = /is in use/.test(error?.message) ? ': set CLUSTER_PORT to another port.' : '';
    process.stderr.write(`The cluster could not start: ${error?.message ?? error}${hint}\n`);
  }
  await stop(1);
}
if (!stopping) {
  const { a, b } = cluster.instances;
  log(`Instance a: ${a.baseURL} (data ${a.dataDir})`);
  log(`Instance b: ${b.baseURL} (data ${b.dataDir})`);
  log(`nginx: ${cluster.runDir}/nginx.conf, its logs beside it`);
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
