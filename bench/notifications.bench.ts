/**
 * `npm run bench:notifications` — the live notification streams (decision 27) under load,
 * PGlite and PostgreSQL side by side: N managers each hold their stream open on one API
 * instance while another manager comments on businesses at a steady rate; every comment
 * notifies every other active manager, so each is N deliveries. Results go to
 * bench/results/notifications-<database>.json and the "notifications" table of bench/README.md.
 *
 * Per database:
 * 1. Seeds the demo data, N more managers than the writer (N + 1 in all) and enough
 *    businesses that every comment of the run goes to a business of its own (a notification
 *    names its business: that is how a delivery is matched to its write).
 * 2. Starts the API (apps/api/src/main.ts) in its own process and signs every manager in
 *    (tokens signed with the bench's JWT secret, as a sign-in would issue them).
 * 3. Reference: the comments alone, no stream open (bench/write-load.ts, a process of its
 *    own, timer-driven: a slow answer never delays the next write).
 * 4. Opens the N streams from this process (ticket, then `GET …/notifications/stream/`, read
 *    with apps/api/src/test/event-stream.ts), waits for every `ready`, then the same comments
 *    for the run's length. Each notification's arrival is timed against its write's start
 *    and answer (epoch clocks, comparable across the processes).
 * 5. After the last deliveries, checks every stream against the manager's own list
 *    (`GET …/notifications/`): exactly what was created for it since it opened, each once.
 * Memory (VmRSS, VmHWM) of the API before the streams, with them idle and at the end; CPU of
 * the API and of the database's PostgreSQL backends from /proc (PGlite runs inside the API).
 *
 * Options: --streams N (200) --rate R (20 comments a second) --seconds S (30)
 *          --reference-seconds S (10, the comments with no stream open)
 *          --databases pglite,postgres --businesses B (enough for every write, at least 1000)
 *          --profile DIR (the API runs with V8's CPU profiler, writing to DIR; nothing saved)
 *          --setup-sql S (run on the seeded database before the API starts, to try a change;
 *          results go to results/notifications-<database>-setup-sql.json, the README is left)
 * Runs at other than 200 streams or 20 a second go to results/notifications-<database>-<N>-streams
 * or …-<R>-per-second.json, and leave the README as it is.
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local server;
 * a scratch database fd_bench_notifications is created and dropped.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  API_BASE_PATH,
  apiPaths,
  notificationListResponseSchema,
  notificationStreamBatchSchema,
} from '@fd/contract';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../apps/api/src/db/client.ts';
import { DEMO_MANAGER, seedBusinesses, seedDemoIfEmpty } from '../apps/api/src/tools/seed/index.ts';
import { signAccessToken } from '../apps/api/src/lib/access-token.ts';
import {
  adminQuery,
  createCpuMeter,
  JWT_SECRET,
  memoryOf,
  pickWriteTargets,
  resultsDir,
  root,
  stop,
  updateReadme,
  waitFor,
  type CpuUse,
  openBenchLane,
  startApi,
  readNotificationStream,
  type NotificationStream,
} from './harness.ts';
import { startWriter, summarise, type LatencySummary, type WriteRecord } from './write-load.ts';

const { values: options } = parseArgs({
  options: {
    streams: { type: 'string', default: '200' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    'reference-seconds': { type: 'string', default: '10' },
    databases: { type: 'string', default: 'pglite,postgres' },
    businesses: { type: 'string' },
    profile: { type: 'string' },
    'setup-sql': { type: 'string' },
  },
});
const STREAMS = Number(options.streams);
const RATE = Number(options.rate);
const SECONDS = Number(options.seconds);
const REFERENCE_SECONDS = Number(options['reference-seconds']);
const DATABASES = options.databases.split(',') as Lane[];
for (const lane of DATABASES) {
  if (lane !== 'postgres' && lane !== 'pglite') throw new Error(`Unknown database ${lane}`);
}
const PROFILE_DIR = options.profile ? path.resolve(options.profile) : undefined;
/** Run on the seeded database before the API starts: to try a change; results kept apart. */
const SETUP_SQL = options['setup-sql'];
/** Runs of another shape than the README's, and trials, keep their results apart. */
const RESULTS_SUFFIX = `${STREAMS === 200 ? '' : `-${STREAMS}-streams`}${RATE === 20 ? '' : `-${RATE}-per-second`}${SETUP_SQL ? '-setup-sql' : ''}`;
const WARMUP_MS = 2000;
/** Every comment of both runs on a business of its own, with room for the timer's catching up. */
const WRITES_NEEDED = Math.ceil(
  RATE * (REFERENCE_SECONDS + SECONDS + (2 * WARMUP_MS) / 1000) * 1.1,
);
const BUSINESSES = Number(options.businesses ?? Math.max(1000, WRITES_NEEDED));
if (BUSINESSES < WRITES_NEEDED) throw new Error(`--businesses must be at least ${WRITES_NEEDED}`);
/** How long, after the last write, the streams may take to bring what is still on its way. */
const DRAIN_MS = 10_000;
/** Parallel requests when opening streams and when reading the lists back. */
const CONCURRENCY = 8;
const DATABASE = 'fd_bench_notifications';

type Lane = 'postgres' | 'pglite';
const log = (line: string) => console.log(`[notifications] ${line}`);
const round1 = (value: number) => Math.round(value * 10) / 10;
/** performance.now() of this process as ms since the epoch (the writer's clock is the same). */
const epoch = (time: number) => performance.timeOrigin + time;

/** Runs `task` over `items`, `concurrency` at a time. */
async function eachLimited<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** CPU use measured with a count of 1 (total ms), per one of `count`. */
function perUnit(cpu: CpuUse, count: number): CpuUse {
  const per = (ms: number) => Number((ms / Math.max(1, count)).toFixed(3));
  return {
    ...cpu,
    apiMsPerRequest: per(cpu.apiMsPerRequest),
    postgresMsPerRequest: cpu.postgresMsPerRequest === null ? null : per(cpu.postgresMsPerRequest),
  };
}

// ---- Data ---------------------------------------------------------------------

/** The demo data, the stream managers beside the writer, businesses for every write. */
async function prepare(database: Database, filesDir: string) {
  const started = Date.now();
  await database.migrate();
  await seedDemoIfEmpty(database, { filesDir, log });
  // As many managers as streams, besides the writer (the demo seed made two: one is each).
  await database.db.execute(sql`
    insert into users (email, first_name, last_name, password_hash, role, is_active)
    select 'bench.manager.' || g || '@formation-desk.local', 'Bench', 'Manager ' || g,
           (select password_hash from users where email = ${DEMO_MANAGER.email}), 'MANAGER', true
      from generate_series(1, ${STREAMS - 1}) g`);
  const [existing] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from businesses`,
  );
  const missing = BUSINESSES - Number(existing!.n);
  if (missing > 0) await seedBusinesses(database, { count: missing, seed: 42, filesDir, log });
  await database.db.execute(sql`vacuum analyze`);
  const managers = await queryRows<{ email: string; uuid: string; token_version: number }>(
    database.db,
    sql`select email, uuid::text, token_version from users
         where role = 'MANAGER' and is_active order by id`,
  );
  log(
    `seeded ${BUSINESSES} businesses and ${managers.length} managers in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { managers, targets: await pickWriteTargets(database, WRITES_NEEDED) };
}

/** An access token as a sign-in issues it (the API checks it against the users table). */
const tokenFor = (manager: { uuid: string; token_version: number }) =>
  signAccessToken(
    { sub: manager.uuid, role: 'MANAGER', tokenVersion: manager.token_version },
    { secret: JWT_SECRET, ttlSeconds: 3600 },
    new Date(),
  );

// ---- The streams ------------------------------------------------------------------

interface Delivery {
  uuid: string;
  businessUuid: string | undefined;
  /** Epoch ms when its event's last byte was read. */
  at: number;
}

interface Reader extends NotificationStream {
  token: string;
  deliveries: Delivery[];
  /** `notifications` events, and the others it should never get here. */
  events: number;
  resets: number;
  /** The manager's notifications (all tabs) when the stream opened. */
  countBefore: number;
}

/** Notifications delivered so far, over every stream. */
interface DeliveryCount {
  total: number;
}

async function api<T>(
  base: string,
  token: string,
  method: string,
  apiPath: string,
  parse: (body: unknown) => T,
): Promise<T> {
  const response = await fetch(`${base}${API_BASE_PATH}/${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  const body: unknown = await response.json();
  if (!response.ok) {
    throw new Error(`${method} ${apiPath} → ${response.status}: ${JSON.stringify(body)}`);
  }
  return parse(body);
}

const countOf = async (base: string, token: string) =>
  (
    await api(base, token, 'GET', `${apiPaths.notifications.list}?page_size=1`, (body) =>
      notificationListResponseSchema.parse(body),
    )
  ).data.counts.all;

async function openReader(base: string, token: string, deliveries: DeliveryCount): Promise<Reader> {
  const countBefore = await countOf(base, token);
  const state = { token, deliveries: [] as Delivery[], events: 0, resets: 0, countBefore };
  return readNotificationStream(base, token, state, (reader, event) => {
    if (event.event === 'notifications') {
      reader.events += 1;
      const at = epoch(event.receivedAt);
      const { detail } = notificationStreamBatchSchema.parse(JSON.parse(event.data));
      for (const n of detail) {
        reader.deliveries.push({ uuid: n.uuid, businessUuid: n.business?.uuid, at });
      }
      deliveries.total += detail.length;
    } else if (event.event === 'reset') {
      reader.resets += 1;
    }
  });
}

/**
 * The notifications created for the reader's manager since its stream opened (newest first;
 * nothing is deleted meanwhile, so they are the newest `now − before` of the list).
 */
async function createdSince(base: string, reader: Reader): Promise<string[]> {
  const uuids: string[] = [];
  let wanted = Infinity;
  for (let page = 1; uuids.length < wanted; page++) {
    const { data } = await api(
      base,
      reader.token,
      'GET',
      `${apiPaths.notifications.list}?page=${page}&page_size=100`,
      (body) => notificationListResponseSchema.parse(body),
    );
    if (page === 1) wanted = data.counts.all - reader.countBefore;
    if (data.detail.length === 0) break;
    uuids.push(...data.detail.map((n) => n.uuid));
  }
  return uuids.slice(0, Math.max(0, wanted));
}

// ---- One database -------------------------------------------------------------

interface CorrectnessReport {
  /** Notifications that should have reached a stream: its manager's, created while it was open. */
  expected: number;
  /** Distinct notifications that did. */
  delivered: number;
  missed: number;
  /** Deliveries of a notification the stream had already brought. */
  duplicated: number;
  /** Delivered but not the manager's, or not created in the run. */
  unexpected: number;
  /** Streams whose count of created notifications differs from the comments that succeeded. */
  streamsWithOtherCounts: number;
  streamsEndedEarly: number;
  firstEndReason?: string;
  resets: number;
}

interface LaneReport {
  database: Lane;
  streams: number;
  rate: number;
  seconds: number;
  referenceSeconds: number;
  warmupSeconds: number;
  businesses: number;
  machine: { cpus: number; node: string };
  date: string;
  /** The SQL run on the seeded database before the API started, if any (a trial). */
  setupSql?: string;
  reference: {
    writes: LatencySummary;
    /** Writes started a second (the timer), and answered a second during the window. */
    writesPerSecond: number;
    answeredPerSecond: number;
    timerLateMs: number | undefined;
    cpu: CpuUse;
  };
  streaming: {
    writes: LatencySummary;
    writesPerSecond: number;
    answeredPerSecond: number;
    timerLateMs: number | undefined;
    /** Of the measured window: deliveries a second, and events (batches) a stream got a second. */
    deliveriesPerSecond: number;
    notificationsPerEvent: number;
    /** From the write's start, and from its answer (negative: the event came first), ms. */
    latencyFromStart: LatencySummary;
    latencyFromAnswer: LatencySummary;
    /** Of every expected delivery of the measured writes, reached its stream within 1 s of the write's start. */
    withinOneSecondPercent: number;
    correctness: CorrectnessReport;
    /** Per delivery in the measured window (ms) and cores. */
    cpu: CpuUse;
    /** The stream clients (this process): CPU in cores and event-loop delay, ms. */
    clients: { cores: number; eventLoopDelayP99Ms: number; eventLoopDelayMaxMs: number };
  };
  memory: {
    beforeStreams: { rssMb: number; hwmMb: number };
    idleStreams: { rssMb: number; hwmMb: number };
    end: { rssMb: number; hwmMb: number };
  };
}

async function benchDatabase(lane: Lane): Promise<LaneReport> {
  const { dataDir, filesDir, env, database } = await openBenchLane(lane, {
    port: lane === 'pglite' ? 4421 : 4422,
    postgresDatabase: DATABASE,
    folderPrefix: 'fd-bench-notifications',
  });
  let prepared;
  try {
    prepared = await prepare(database, filesDir);
    if (SETUP_SQL) {
      log(`setup SQL: ${SETUP_SQL}`);
      await database.db.execute(sql.raw(SETUP_SQL));
    }
  } finally {
    await database.close();
  }
  const writerManager = prepared.managers.find((m) => m.email === DEMO_MANAGER.email)!;
  const streamManagers = prepared.managers.filter((m) => m !== writerManager);

  const server = startApi(env, PROFILE_DIR);
  const base = `http://127.0.0.1:${env.PORT}`;
  const writer = startWriter(root, {
    base,
    token: await tokenFor(writerManager),
    targets: prepared.targets,
    uploadBytes: 0,
  });
  const readers: Reader[] = [];
  try {
    await waitFor(`${base}/api/health`);
    const meter = createCpuMeter({
      apiPid: server.pid!,
      ...(lane === 'postgres' ? { postgresDatabase: DATABASE } : {}),
      writerPid: writer.pid,
    });

    const deliveries: DeliveryCount = { total: 0 };
    /**
     * `seconds` of comments after the warm-up. The window's clocks (CPU, deliveries, answers)
     * stop when it ends, before the writes still under way are waited for.
     */
    const pacedRun = async (seconds: number) => {
      const stopWrites = await writer.paced({
        rate: RATE,
        kinds: ['comment'],
        warmupMs: WARMUP_MS,
        record: true,
      });
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const stopCpu = await meter();
      const deliveredBefore = deliveries.total;
      const clientCpuFrom = process.cpuUsage();
      const from = performance.now();
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      const to = performance.now();
      const delivered = deliveries.total - deliveredBefore;
      const cpu = await stopCpu(1);
      const clientCpu = process.cpuUsage(clientCpuFrom);
      loop.disable();
      const result = await stopWrites();
      const records = result.records!;
      const answered = records.filter(
        (r) => !r.failure && r.answeredAt >= epoch(from) && r.answeredAt <= epoch(to),
      ).length;
      return {
        result,
        records,
        windowMs: to - from,
        delivered,
        answered,
        cpu,
        clients: {
          cores: Math.round(((clientCpu.user + clientCpu.system) / 1000 / (to - from)) * 100) / 100,
          eventLoopDelayP99Ms: round1(loop.percentile(99) / 1e6),
          eventLoopDelayMaxMs: round1(loop.max / 1e6),
        },
      };
    };

    // Reference: the same comments, no stream open.
    log(`${lane}: reference, ${RATE} comments/s for ${REFERENCE_SECONDS} s, no stream open`);
    const reference = await pacedRun(REFERENCE_SECONDS);
    const referenceCpuUse = perUnit(reference.cpu, reference.answered);
    log(
      `${lane}: reference ${reference.result.requestsPerSecond}/s, p50 ${reference.result.all.p50} ms, p99 ${reference.result.all.p99} ms, failures ${reference.result.all.failures}; API ${referenceCpuUse.apiMsPerRequest} ms CPU/write${referenceCpuUse.postgresMsPerRequest === null ? '' : `, PostgreSQL ${referenceCpuUse.postgresMsPerRequest}`}`,
    );

    // The streams, opened and idle.
    const beforeStreams = memoryOf(server.pid!);
    const tokens = await Promise.all(streamManagers.map(tokenFor));
    const openedAt = performance.now();
    readers.push(
      ...(await eachLimited(tokens, CONCURRENCY, (t) => openReader(base, t, deliveries))),
    );
    log(
      `${lane}: ${readers.length} streams open in ${((performance.now() - openedAt) / 1000).toFixed(1)} s`,
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleStreams = memoryOf(server.pid!);

    // The comments, with every stream open.
    log(`${lane}: ${RATE} comments/s for ${SECONDS} s, ${readers.length} streams open`);
    const run = await pacedRun(SECONDS);
    const streaming = run.result;
    const streamingCpuUse = perUnit(run.cpu, run.delivered);
    const { records } = run;
    const succeeded = records.filter((r) => !r.failure);

    // What is still on its way, then the end state.
    const drainUntil = performance.now() + DRAIN_MS;
    const complete = () =>
      readers.every((r) => r.endedEarly || r.deliveries.length >= succeeded.length);
    while (!complete() && performance.now() < drainUntil) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const end = memoryOf(server.pid!);
    log(
      `${lane}: ${streaming.requestsPerSecond} writes/s (p50 ${streaming.all.p50} ms, p99 ${streaming.all.p99} ms, failures ${streaming.all.failures}), ${Math.round((run.delivered * 1000) / run.windowMs)} deliveries/s; API ${streamingCpuUse.apiCores} cores; checking every stream`,
    );

    const created = await eachLimited(readers, CONCURRENCY, (r) => createdSince(base, r));
    const report = analyse(readers, created, records);
    const ended = readers.filter((r) => r.endedEarly);
    const result: LaneReport = {
      database: lane,
      streams: readers.length,
      rate: RATE,
      seconds: SECONDS,
      referenceSeconds: REFERENCE_SECONDS,
      warmupSeconds: WARMUP_MS / 1000,
      businesses: BUSINESSES,
      machine: { cpus: os.cpus().length, node: process.version },
      date: new Date().toISOString(),
      ...(SETUP_SQL ? { setupSql: SETUP_SQL } : {}),
      reference: {
        writes: reference.result.all,
        writesPerSecond: reference.result.requestsPerSecond,
        answeredPerSecond: round1((reference.answered * 1000) / reference.windowMs),
        timerLateMs: reference.result.maxLatenessMs,
        cpu: referenceCpuUse,
      },
      streaming: {
        writes: streaming.all,
        writesPerSecond: streaming.requestsPerSecond,
        answeredPerSecond: round1((run.answered * 1000) / run.windowMs),
        timerLateMs: streaming.maxLatenessMs,
        deliveriesPerSecond: Math.round((run.delivered * 1000) / run.windowMs),
        notificationsPerEvent: round1(
          readers.reduce((sum, r) => sum + r.deliveries.length, 0) /
            Math.max(
              1,
              readers.reduce((sum, r) => sum + r.events, 0),
            ),
        ),
        ...report.latency,
        correctness: {
          ...report.correctness,
          streamsWithOtherCounts: created.filter((c) => c.length !== succeeded.length).length,
          streamsEndedEarly: ended.length,
          ...(ended[0] ? { firstEndReason: ended[0].endedEarly } : {}),
          resets: readers.reduce((sum, r) => sum + r.resets, 0),
        },
        cpu: streamingCpuUse,
        clients: run.clients,
      },
      memory: { beforeStreams, idleStreams, end },
    };
    const c = result.streaming.correctness;
    log(
      `${lane}: delivery p50 ${result.streaming.latencyFromStart.p50} ms, p99 ${result.streaming.latencyFromStart.p99} ms, max ${result.streaming.latencyFromStart.max} ms; within 1 s ${result.streaming.withinOneSecondPercent}%; expected ${c.expected}, missed ${c.missed}, duplicated ${c.duplicated}, unexpected ${c.unexpected}, ended early ${c.streamsEndedEarly}; RSS ${beforeStreams.rssMb} → ${idleStreams.rssMb} → ${end.rssMb} MiB`,
    );
    if (!PROFILE_DIR) {
      writeFileSync(
        path.join(resultsDir, `notifications-${lane}${RESULTS_SUFFIX}.json`),
        JSON.stringify(result, null, 2) + '\n',
      );
    }
    return result;
  } finally {
    // The server ends the streams as it stops, as in a deploy; then the clients are done.
    for (const reader of readers) reader.closing = true;
    await writer.exit();
    await stop(server);
    for (const reader of readers) reader.stream.close();
    await Promise.all(readers.map((r) => r.done));
    if (lane === 'postgres') await adminQuery(`drop database if exists ${DATABASE} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every stream against its manager's list, and each delivery's latency against its write. */
function analyse(readers: Reader[], created: string[][], records: WriteRecord[]) {
  const writeOf = new Map(records.map((r) => [r.businessUuid, r]));
  const fromStart: number[] = [];
  const fromAnswer: number[] = [];
  let expected = 0;
  let delivered = 0;
  let missed = 0;
  let duplicated = 0;
  let unexpected = 0;
  let withinOneSecond = 0;
  readers.forEach((reader, index) => {
    const own = new Set(created[index]);
    const seen = new Set<string>();
    for (const delivery of reader.deliveries) {
      if (seen.has(delivery.uuid)) {
        duplicated += 1;
        continue;
      }
      seen.add(delivery.uuid);
      if (!own.has(delivery.uuid)) {
        unexpected += 1;
        continue;
      }
      const write = delivery.businessUuid ? writeOf.get(delivery.businessUuid) : undefined;
      if (!write?.measured) continue;
      fromStart.push(delivery.at - write.startedAt);
      fromAnswer.push(delivery.at - write.answeredAt);
      if (delivery.at - write.startedAt <= 1000) withinOneSecond += 1;
    }
    expected += own.size;
    for (const uuid of own) {
      if (seen.has(uuid)) delivered += 1;
      else missed += 1;
    }
  });
  const measuredExpected = records.filter((r) => r.measured && !r.failure).length * readers.length;
  return {
    latency: {
      latencyFromStart: summarise(fromStart, []),
      latencyFromAnswer: summarise(fromAnswer, []),
      withinOneSecondPercent: round1((withinOneSecond / Math.max(1, measuredExpected)) * 100),
    },
    correctness: { expected, delivered, missed, duplicated, unexpected },
  };
}

// ---- Report -------------------------------------------------------------------

function table(reports: LaneReport[]): string {
  const first = reports[0]!;
  const row = (name: string, cell: (r: LaneReport) => string | number) =>
    `| ${name} | ${reports.map((r) => cell(r)).join(' | ')} |`;
  const ms = (s: LatencySummary) => `${s.p50} / ${s.p90} / ${s.p99} / ${s.max}`;
  const cores = (value: number | null) => (value === null ? '—' : value.toFixed(2));
  const perUnit = (value: number | null) => (value === null ? '—' : value.toFixed(3));
  const mem = (m: { rssMb: number; hwmMb: number }) => `${m.rssMb} (peak ${m.hwmMb})`;
  const outside = reports.flatMap((r) => [
    r.reference.cpu.outsideBenchPercent,
    r.streaming.cpu.outsideBenchPercent,
  ]);
  return [
    `${first.streams} streams on one API instance; a manager comments on a business ${first.rate} times a second (timer-driven) for ${first.seconds} s after ${first.warmupSeconds} s of warm-up, and every comment notifies the ${first.streams} other managers: ${(first.streams * first.rate).toLocaleString('en-US')} deliveries a second. Reference: the same comments for ${first.referenceSeconds} s with no stream open. ${first.machine.cpus} cores, Node ${first.machine.node}; other jobs took ${Math.min(...outside)}–${Math.max(...outside)}% of the machine's CPU during the runs.`,
    '',
    `| | ${reports.map((r) => r.database).join(' | ')} |`,
    `|---|${reports.map(() => '---:').join('|')}|`,
    row(
      '**Delivery latency from the write’s start**, p50 / p90 / p99 / max ms',
      (r) => `**${ms(r.streaming.latencyFromStart)}**`,
    ),
    row('… from the write’s answer, p50 / p90 / p99 / max ms', (r) =>
      ms(r.streaming.latencyFromAnswer),
    ),
    row(
      'Delivered within 1 s of the write’s start',
      (r) => `${r.streaming.withinOneSecondPercent}%`,
    ),
    row(
      'Notifications expected / missed / duplicated / unexpected',
      (r) =>
        `${r.streaming.correctness.expected.toLocaleString('en-US')} / ${r.streaming.correctness.missed} / ${r.streaming.correctness.duplicated} / ${r.streaming.correctness.unexpected}`,
    ),
    row(
      'Streams ended by the server / resets',
      (r) => `${r.streaming.correctness.streamsEndedEarly} / ${r.streaming.correctness.resets}`,
    ),
    row(
      'Deliveries a second (notifications per event)',
      (r) =>
        `${r.streaming.deliveriesPerSecond.toLocaleString('en-US')} (${r.streaming.notificationsPerEvent})`,
    ),
    row(
      'Writes a second, started / answered: with streams; reference',
      (r) =>
        `${r.streaming.writesPerSecond} / ${r.streaming.answeredPerSecond}; ${r.reference.writesPerSecond} / ${r.reference.answeredPerSecond}`,
    ),
    row(
      'Write p50 / p99 ms, with streams',
      (r) =>
        `${r.streaming.writes.p50} / ${r.streaming.writes.p99}${r.streaming.writes.failures ? ` (${r.streaming.writes.failures} failed)` : ''}`,
    ),
    row(
      'Write p50 / p99 ms, reference',
      (r) =>
        `${r.reference.writes.p50} / ${r.reference.writes.p99}${r.reference.writes.failures ? ` (${r.reference.writes.failures} failed)` : ''}`,
    ),
    row(
      'API CPU, cores: with streams / reference',
      (r) => `${cores(r.streaming.cpu.apiCores)} / ${cores(r.reference.cpu.apiCores)}`,
    ),
    row(
      'PostgreSQL CPU, cores: with streams / reference',
      (r) => `${cores(r.streaming.cpu.postgresCores)} / ${cores(r.reference.cpu.postgresCores)}`,
    ),
    row(
      'API CPU ms per delivery (reference: per write)',
      (r) =>
        `${perUnit(r.streaming.cpu.apiMsPerRequest)} (${perUnit(r.reference.cpu.apiMsPerRequest)})`,
    ),
    row(
      'PostgreSQL CPU ms per delivery (reference: per write)',
      (r) =>
        `${perUnit(r.streaming.cpu.postgresMsPerRequest)} (${perUnit(r.reference.cpu.postgresMsPerRequest)})`,
    ),
    row('API memory MiB, before the streams', (r) => mem(r.memory.beforeStreams)),
    row(`… with ${first.streams} idle streams`, (r) => mem(r.memory.idleStreams)),
    row('… at the end', (r) => mem(r.memory.end)),
    row(
      'Stream clients (the bench): CPU cores, event-loop delay p99 / max ms',
      (r) =>
        `${r.streaming.clients.cores} / ${r.streaming.clients.eventLoopDelayP99Ms} / ${r.streaming.clients.eventLoopDelayMaxMs}`,
    ),
  ].join('\n');
}

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  const reports: LaneReport[] = [];
  for (const lane of DATABASES) reports.push(await benchDatabase(lane));
  const text = table(reports);
  console.log(`\n${text}\n`);
  if (PROFILE_DIR) {
    log(`CPU profiles of the API written to ${PROFILE_DIR}; results and README left as they are`);
  } else if (RESULTS_SUFFIX) {
    log(`results written to bench/results/ (…${RESULTS_SUFFIX}.json); README left as it is`);
  } else {
    await updateReadme({ notifications: text });
    log('results written to bench/results/ and bench/README.md');
  }
}

await main();
