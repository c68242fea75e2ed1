/**
 * `npm run bench:day` — a manager's day, N managers at once: how many managers one API
 * answers with every action's p99 ≤ 100 ms (the CAPACITY). Results go to
 * bench/results/day-<lane>.json and the "day" section of bench/README.md.
 *
 * Per step (each N of --managers, smallest first), on one database seeded once:
 * 1. Creates the managers still missing, with the API's own code (createManager: the same
 *    checks and password hash as `npm run manager -- create`), so that exactly N bench managers
 *    and the two demo managers are active: every write notifies every other active manager
 *    (decisions 27, 95), so what each stream carries grows with N.
 * 2. Starts the API (apps/api/src/main.ts, READ_CACHE as asked) in its own process; every
 *    manager signs in (POST …/auth/login/) and holds its live notification stream open
 *    (ticket, then the stream, read with apps/api/src/test/event-stream.ts).
 * 3. Starts the client simulator (`npm run simulate`'s CLI, apps/api/src/cli/simulate.ts:
 *    2 client events a second; on PGlite the running server carries it out).
 * 4. Every manager runs the script below in a loop, thinking 1–5 s (seeded random) before each
 *    action, for a warm-up and then --duration seconds measured: open a tab, a search of its
 *    own (a distinct term), a filter, a page of the tab, a business's detail, the manage
 *    screen's calls for that business (logs, comments, file history, the Post Formation Doc
 *    attachments, together as the screen sends them), a step status change, a comment, the
 *    bell's first page of notifications (which writes out the manager's own: decision 95) and,
 *    1 round in 20, a 1 MB upload.
 * 5. Stops everything and counts the notification rows stored meanwhile (events and each
 *    manager's own, per write, beside the N + 1 a manager's write and N + 2 a client's event
 *    that a fan-out on write stored) and the stream events each manager read.
 * Each action's p50/p99 per step; CPU of the API and of the database's PostgreSQL backends
 * from /proc (PGlite runs inside the API).
 *
 * Options: --managers 50,100,200,500 --lane postgres|pglite --businesses N (PostgreSQL
 *          1 000 000, PGlite 100 000) --duration S (60, measured, per step)
 *          --read-cache on|off (on) --seed K (1) --upload-every K (20) --keep-database (PostgreSQL: keep the seeded
 *          fd_bench_day_<N> for the next run, and reuse it)
 *          --trial (prints its table, writes nothing: no results file, README left as it is)
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else the local server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  activityFilterOptions,
  activityFilterStatuses,
  API_BASE_PATH,
  companyTypes,
  incorporationCountries,
  apiPaths,
  manageApiPaths,
  stepStatuses,
  type StepStatus,
} from '@fd/contract';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../apps/api/src/db/client.ts';
import { createManager } from '../apps/api/src/features/managers/index.ts';
import { sampleFiles, seedBusinesses, seedDemoIfEmpty } from '../apps/api/src/tools/seed/index.ts';
import { Random } from '../apps/api/src/tools/seed/random.ts';
import {
  adminQuery,
  createCpuMeter,
  openBenchLane,
  pickWriteTargets,
  resultsDir,
  root,
  signIn,
  startApi,
  stop,
  updateReadme,
  waitFor,
  type CpuUse,
  readNotificationStream,
  type NotificationStream,
} from './harness.ts';
import { summarise, type LatencySummary, type WriteTarget } from './write-load.ts';

type Lane = 'postgres' | 'pglite';
const { values: options } = parseArgs({
  options: {
    managers: { type: 'string', default: '50,100,200,500' },
    lane: { type: 'string', default: 'postgres' },
    businesses: { type: 'string' },
    duration: { type: 'string', default: '60' },
    'read-cache': { type: 'string', default: 'on' },
    seed: { type: 'string', default: '1' },
    'upload-every': { type: 'string', default: '20' },
    'keep-database': { type: 'boolean', default: false },
    trial: { type: 'boolean', default: false },
  },
});
const LANE = options.lane as Lane;
if (LANE !== 'postgres' && LANE !== 'pglite') throw new Error(`Unknown lane ${options.lane}`);
const STEPS = options.managers
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
if (STEPS.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--managers: whole numbers');
const MAX_MANAGERS = STEPS.at(-1)!;
const BUSINESSES = Number(options.businesses ?? (LANE === 'postgres' ? 1_000_000 : 100_000));
const DURATION = Number(options.duration);
const READ_CACHE = options['read-cache'];
if (READ_CACHE !== 'on' && READ_CACHE !== 'off') throw new Error('--read-cache: on or off');
const SEED = Number(options.seed);
const TRIAL = options.trial;
const KEEP_DATABASE = options['keep-database'];
const POSTGRES_DATABASE = KEEP_DATABASE ? `fd_bench_day_${BUSINESSES}` : 'fd_bench_day';
const PORT = 4413;
/** Before the measured window: the managers' first actions, spread by their think times. */
const WARMUP_SECONDS = 5;
const THINK_MS = [1000, 5000] as const;
/** Client events a second (the simulator). */
const CLIENT_EVENTS_PER_SECOND = 2;
/** One round in this many (at random) ends with an upload. */
const UPLOAD_EVERY = Number(options['upload-every']);
if (!(UPLOAD_EVERY >= 1)) throw new Error('--upload-every: 1 or more');
const UPLOAD_BYTES = 1024 * 1024;
/** The capacity's bound: every action's p99, ms. */
const P99_BOUND_MS = 100;
/** Businesses each manager works on, in turn (its detail, manage screen and writes). */
const TARGETS_PER_MANAGER = 20;
const PASSWORD = 'Day-bench 7vQ!m2#Lr9 desk';
const managerEmail = (i: number) => `day.manager.${i}@formation-desk.local`;

const log = (line: string) => console.log(`[day] ${line}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

// ---- Data ---------------------------------------------------------------------

async function prepare(database: Database, filesDir: string) {
  const started = performance.now();
  await database.migrate();
  await seedDemoIfEmpty(database, { filesDir, log });
  const [existing] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from businesses`,
  );
  const missing = BUSINESSES - Number(existing!.n);
  if (missing > 0) await seedBusinesses(database, { count: missing, seed: 42, filesDir, log });
  await database.db.execute(sql`vacuum analyze`);
  log(`${BUSINESSES} businesses ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // The managers' own search terms: clients' last names, and their first 3–5 letters.
  const names = await queryRows<{ name: string }>(
    database.db,
    sql`select distinct lower(last_name) as name from users
         where role = 'CLIENT' and length(last_name) >= 5 limit 3000`,
  );
  const terms = [
    ...new Set(
      names.flatMap(({ name }) => [name, name.slice(0, 5), name.slice(0, 4), name.slice(0, 3)]),
    ),
  ];
  const targets = await pickWriteTargets(database, MAX_MANAGERS * TARGETS_PER_MANAGER);
  return { terms, targets };
}

/** Makes the bench managers 1…n exist and be active, and n + 1… (from a run before) not. */
async function ensureManagers(database: Database, n: number) {
  const rows = await queryRows<{ email: string }>(
    database.db,
    sql`select email from users where role = 'MANAGER' and email like 'day.manager.%'`,
  );
  const have = new Set(rows.map((row) => row.email));
  const wanted = Array.from({ length: n }, (_, i) => i + 1).filter(
    (i) => !have.has(managerEmail(i)),
  );
  await eachLimited(wanted, 4, async (i) => {
    await createManager(database.db, {
      email: managerEmail(i),
      firstName: 'Day',
      lastName: `Manager ${i}`,
      password: PASSWORD,
    });
  });
  await database.db.execute(sql`
    update users set is_active = (split_part(split_part(email, '@', 1), '.', 3)::int <= ${n})
     where role = 'MANAGER' and email like 'day.manager.%'`);
  const [active] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from users where role = 'MANAGER' and is_active`,
  );
  return Number(active!.n);
}

/** The notification rows stored: one event a write, and each manager's own as they read them (decision 95). */
async function notificationRows(database: Database) {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select (select count(*) from notification_events)::int
             + (select count(*) from notifications)::int as n`,
  );
  return Number(row!.n);
}

// ---- A manager ----------------------------------------------------------------

const BUSINESS_API = `${API_BASE_PATH}/manager/business`;
const tabs = [
  `${BUSINESS_API}/list/`,
  `${BUSINESS_API}/list/pending/`,
  `${BUSINESS_API}/list/incorporated/`,
  `${BUSINESS_API}/list/processing/`,
  `${BUSINESS_API}/all/?payment_status=CONFIRMED`,
  `${BUSINESS_API}/all/?payment_status=UNCONFIRMED`,
] as const;
const withQuery = (apiPath: string, query: string) =>
  `${apiPath}${apiPath.includes('?') ? '&' : '?'}${query}`;

/** The actions, in the order a round takes them; the capacity looks at each one's p99. */
const actionNames = [
  'open a tab',
  'own search',
  'filter',
  'page of the tab',
  'business detail',
  'manage: logs',
  'manage: comments',
  'manage: file history',
  'manage: attachments',
  'step status change',
  'comment',
  'notifications',
  'upload, 1 MB',
] as const;
type Action = (typeof actionNames)[number];

interface StepState {
  base: string;
  /** Actions started while it is true are counted (answered after the window's end too). */
  measuring: boolean;
  stopping: boolean;
  samples: Record<Action, number[]>;
  failures: Record<Action, string[]>;
  /** Writes answered (all of the step, warm-up included: the fan-out is counted over it). */
  managerWrites: number;
  nextTerm: number;
}

function paddedPdf(bytes: number): Blob {
  const pdf = sampleFiles.certificate.content;
  const padding = Math.max(0, bytes - pdf.length - 2);
  return new Blob(
    [
      new Uint8Array(pdf),
      new Uint8Array(Buffer.from('%')),
      new Uint8Array(padding).fill(0x20),
      new Uint8Array(Buffer.from('\n')),
    ],
    { type: 'application/pdf' },
  );
}
const UPLOAD = paddedPdf(UPLOAD_BYTES);

async function managerLoop(
  index: number,
  token: string,
  targets: WriteTarget[],
  statusOf: Map<number, StepStatus>,
  terms: string[],
  state: StepState,
) {
  // The seed's generator (mulberry32): the same think times and choices run after run.
  const rng = new Random(SEED * 100_003 + index);
  const headers = { authorization: `Bearer ${token}` };
  const year = new Date().getUTCFullYear();
  const timed = async (
    action: Action,
    call: () => Promise<Response>,
    expected = 200,
  ): Promise<void> => {
    const started = performance.now();
    const counted = state.measuring;
    let failure: string | undefined;
    try {
      const response = await call();
      const body = await response.arrayBuffer();
      if (response.status !== expected) {
        failure = `${action} → ${response.status}: ${Buffer.from(body).toString('utf8').slice(0, 200)}`;
      }
    } catch (error) {
      failure = `${action}: ${(error as Error).message}`;
    }
    const ms = performance.now() - started;
    if (!counted) return;
    if (failure) state.failures[action].push(failure);
    else state.samples[action].push(ms);
  };
  const get = (apiPath: string) => fetch(`${state.base}${apiPath}`, { headers });
  const send = (method: string, apiPath: string, body: unknown) =>
    fetch(`${state.base}${API_BASE_PATH}/${apiPath}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const think = () => sleep(rng.int(THINK_MS[0], THINK_MS[1]));

  // Each action comes after a think time, the first too: the managers start spread out.
  for (let round = 0; !state.stopping; round++) {
    const tab = rng.pick(tabs);
    const target = targets[(index * TARGETS_PER_MANAGER + round) % targets.length]!;
    const steps: (() => Promise<void>)[] = [
      () => timed('open a tab', () => get(tab)),
      () => {
        const term = terms[state.nextTerm++ % terms.length]!;
        return timed('own search', () =>
          get(`${BUSINESS_API}/list/?search=${encodeURIComponent(term)}`),
        );
      },
      () => {
        const query = [
          rng.next() < 0.7 ? `country=${rng.pick(incorporationCountries)}` : '',
          rng.next() < 0.5 ? `type=${encodeURIComponent(rng.pick(companyTypes))}` : '',
          rng.next() < 0.5
            ? `start_date_iso=${year - rng.int(0, 3)}-${String(rng.int(1, 12)).padStart(2, '0')}-01`
            : '',
          rng.next() < 0.3
            ? `business_formation_status=${rng.pick(activityFilterOptions).replaceAll(' ', '_')}&processing_status=${rng.pick(activityFilterStatuses)}`
            : '',
        ].filter(Boolean);
        if (!query.length) query.push(`country=${rng.pick(incorporationCountries)}`);
        return timed('filter', () => get(`${BUSINESS_API}/list/?${query.join('&')}`));
      },
      () => timed('page of the tab', () => get(withQuery(tab, `page=${rng.int(2, 50)}`))),
      () => timed('business detail', () => get(`${BUSINESS_API}/detail/${target.businessUuid}/`)),
      async () => {
        // The manage screen asks for its sections together.
        await Promise.all([
          timed('manage: logs', () =>
            get(`${API_BASE_PATH}/${manageApiPaths.managerLogs(target.businessUuid)}`),
          ),
          timed('manage: comments', () =>
            get(`${API_BASE_PATH}/${manageApiPaths.comments}?business_id=${target.businessUuid}`),
          ),
          timed('manage: file history', () =>
            get(`${API_BASE_PATH}/${manageApiPaths.fileHistory(target.businessUuid)}`),
          ),
          timed('manage: attachments', () =>
            get(
              `${API_BASE_PATH}/${manageApiPaths.postFormationAttachments(target.postFormationStepId)}`,
            ),
          ),
        ]);
      },
      async () => {
        const current = statusOf.get(target.incorporationStepId) ?? target.incorporationStatus;
        const status = stepStatuses[(stepStatuses.indexOf(current) + 1) % stepStatuses.length]!;
        statusOf.set(target.incorporationStepId, status);
        await timed('step status change', () =>
          send(
            'PUT',
            manageApiPaths.stepStatusUpdate('incorporation-status', target.incorporationStepId),
            { status },
          ),
        );
        state.managerWrites += 1;
      },
      async () => {
        await timed('comment', () =>
          send('POST', manageApiPaths.comments, {
            comment: `Day bench: manager ${index}, round ${round}, called the client back.`,
            business: target.businessUuid,
          }),
        );
        state.managerWrites += 1;
      },
      // The bell's panel opened: the first page of its notifications, with the counts, which
      // writes out what the stream brought since the last look (decision 95).
      () =>
        timed('notifications', () =>
          get(`${API_BASE_PATH}/${apiPaths.notifications.list}?page=1&page_size=20`),
        ),
    ];
    if (rng.next() < 1 / UPLOAD_EVERY) {
      steps.push(async () => {
        const form = new FormData();
        form.set('feedbackTitle', 'Other files');
        form.set('statusItemId', String(target.postFormationStepId));
        form.set('messageBody', `Day bench: manager ${index}, the signed documents.`);
        form.set('businessId', target.businessUuid);
        form.set('file', UPLOAD, `day-${index}-${round}.pdf`);
        await timed(
          'upload, 1 MB',
          () =>
            fetch(`${state.base}${API_BASE_PATH}/${manageApiPaths.postFormationUpload}`, {
              method: 'POST',
              headers,
              body: form,
            }),
          201,
        );
        state.managerWrites += 1;
      });
    }
    // The first round starts at an action of its own, so that every action is asked from the
    // start (a round takes about half a minute).
    for (const step of round === 0 ? steps.slice(rng.int(0, steps.length - 1)) : steps) {
      await think();
      if (state.stopping) return;
      await step();
    }
  }
}

// ---- The streams ----------------------------------------------------------------

interface Stream extends NotificationStream {
  /** `notifications` events read, and the notifications they brought. */
  events: number;
  notifications: number;
}

const openStream = (base: string, token: string): Promise<Stream> =>
  readNotificationStream(base, token, { events: 0, notifications: 0 }, (reader, event) => {
    if (event.event !== 'notifications') return;
    reader.events += 1;
    // Counted, not checked (bench:notifications checks them): at hundreds of streams the
    // parsing must not make this process the bottleneck.
    reader.notifications += (JSON.parse(event.data) as { detail: unknown[] }).detail.length;
  });

// ---- The client simulator -----------------------------------------------------

/** `npm run simulate` in a process of its own; counts the events it reports played. */
function startSimulator(env: Record<string, string>, seconds: number) {
  const clients = Math.ceil((seconds * CLIENT_EVENTS_PER_SECOND) / 3) + 10;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/api/src/cli/simulate.ts',
      '--clients',
      String(clients),
      '--rate',
      String(CLIENT_EVENTS_PER_SECOND),
    ],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let events = 0;
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      if (/^(New business submitted|Payment receipt uploaded|Document added):/.test(line)) {
        events += 1;
      }
    }
  });
  return {
    pid: child.pid!,
    get events() {
      return events;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
  };
}

// ---- One step -------------------------------------------------------------------

interface StepReport {
  managers: number;
  activeManagers: number;
  measuredSeconds: number;
  actions: Record<Action, LatencySummary>;
  /** Every action's p99 within the bound. */
  withinBound: boolean;
  slowestAction: { action: Action; p99: number };
  fanOut: {
    managerWrites: number;
    clientEvents: number;
    notificationRows: number;
    rowsPerWrite: number;
    /**
     * What a fan-out on write stored before decision 95: N + 1 rows per manager's write (every
     * other active manager), N + 2 per client event.
     */
    fanOutOnWriteRowsPerWrite: number;
    streamEventsPerManagerPerMinute: number;
    notificationsPerManagerPerMinute: number;
    streamsEndedEarly: number;
  };
  cpu: CpuUse;
  /** This process (the managers and their streams): cores, and its event loop's delay p99, ms. */
  client: { cores: number; eventLoopDelayP99Ms: number };
}

async function runStep(
  env: Record<string, string>,
  database: () => Promise<Database>,
  n: number,
  prepared: Awaited<ReturnType<typeof prepare>>,
  statusOf: Map<number, StepStatus>,
): Promise<StepReport> {
  let db = await database();
  const activeManagers = await ensureManagers(db, n);
  const rowsBefore = await notificationRows(db);
  await db.close();
  log(`${n} managers (${activeManagers} active in all): starting the API`);
  const server = startApi({ ...env, READ_CACHE, RATE_LIMIT_IP_MULTIPLIER: '1000' });
  const base = `http://127.0.0.1:${PORT}`;
  const streams: Stream[] = [];
  let simulator: ReturnType<typeof startSimulator> | undefined;
  try {
    await waitFor(`${base}/api/health`);
    const tokens: string[] = new Array<string>(n);
    await eachLimited(
      Array.from({ length: n }, (_, i) => i),
      4,
      async (i) => {
        tokens[i] = await signIn(base, managerEmail(i + 1), PASSWORD);
      },
    );
    await eachLimited(tokens, 8, async (token) => {
      streams.push(await openStream(base, token));
    });
    log(`${n} managers signed in, ${streams.length} streams open`);
    simulator = startSimulator(env, WARMUP_SECONDS + DURATION + 10);
    const state: StepState = {
      base,
      measuring: false,
      stopping: false,
      samples: Object.fromEntries(
        actionNames.map((a) => [a, []]),
      ) as unknown as StepState['samples'],
      failures: Object.fromEntries(
        actionNames.map((a) => [a, []]),
      ) as unknown as StepState['failures'],
      managerWrites: 0,
      nextTerm: n * 7919,
    };
    const loops = tokens.map((token, i) =>
      managerLoop(i + 1, token, prepared.targets, statusOf, prepared.terms, state),
    );
    await sleep(WARMUP_SECONDS * 1000);
    const meter = createCpuMeter({
      apiPid: server.pid!,
      ...(LANE === 'postgres' ? { postgresDatabase: POSTGRES_DATABASE } : {}),
      writerPid: simulator.pid,
    });
    const stopMeter = await meter();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const clientCpu = process.cpuUsage();
    const eventsBefore = streams.reduce((sum, s) => sum + s.events, 0);
    const deliveredBefore = streams.reduce((sum, s) => sum + s.notifications, 0);
    state.measuring = true;
    const started = performance.now();
    await sleep(DURATION * 1000);
    state.measuring = false;
    const measuredSeconds = (performance.now() - started) / 1000;
    loopDelay.disable();
    const clientUsed = process.cpuUsage(clientCpu);
    const client = {
      cores: Number(((clientUsed.user + clientUsed.system) / 1e6 / measuredSeconds).toFixed(2)),
      eventLoopDelayP99Ms: Number((loopDelay.percentile(99) / 1e6).toFixed(1)),
    };
    const samples = actionNames.reduce((sum, a) => sum + state.samples[a].length, 0);
    const cpu = await stopMeter(samples);
    const events = streams.reduce((sum, s) => sum + s.events, 0) - eventsBefore;
    const delivered = streams.reduce((sum, s) => sum + s.notifications, 0) - deliveredBefore;
    state.stopping = true;
    await simulator.stop();
    await Promise.all(loops);
    // The last writes' notifications on their way.
    await sleep(2000);
    const actions = Object.fromEntries(
      actionNames.map((a) => [a, summarise(state.samples[a], state.failures[a])]),
    ) as Record<Action, LatencySummary>;
    const asked = actionNames.filter((a) => actions[a].count + actions[a].failures > 0);
    const slowest = asked.reduce((worst, a) => (actions[a].p99 > actions[worst].p99 ? a : worst));
    const clientEvents = simulator.events;
    const perMinute = (count: number) => Number(((count / n / measuredSeconds) * 60).toFixed(1));
    // The API stops with the streams still open, as a deploy would stop it.
    for (const s of streams) s.closing = true;
    await stop(server);
    for (const s of streams) s.stream.close();
    await Promise.all(streams.map((s) => s.done));
    db = await database();
    const rows = (await notificationRows(db)) - rowsBefore;
    await db.close();
    const writes = state.managerWrites + clientEvents;
    const full: StepReport = {
      managers: n,
      activeManagers,
      measuredSeconds: Number(measuredSeconds.toFixed(1)),
      actions,
      withinBound: asked.every((a) => actions[a].p99 <= P99_BOUND_MS && actions[a].failures === 0),
      slowestAction: { action: slowest, p99: actions[slowest].p99 },
      fanOut: {
        managerWrites: state.managerWrites,
        clientEvents,
        notificationRows: rows,
        rowsPerWrite: Number((rows / Math.max(1, writes)).toFixed(1)),
        fanOutOnWriteRowsPerWrite: Number(
          (
            (state.managerWrites * (activeManagers - 1) + clientEvents * activeManagers) /
            Math.max(1, writes)
          ).toFixed(1),
        ),
        streamEventsPerManagerPerMinute: perMinute(events),
        notificationsPerManagerPerMinute: perMinute(delivered),
        streamsEndedEarly: streams.filter((s) => s.endedEarly).length,
      },
      cpu,
      client,
    };
    printStep(full);
    return full;
  } finally {
    await simulator?.stop();
    for (const s of streams) {
      s.closing = true;
      s.stream.close();
    }
    await stop(server);
  }
}

function printStep(step: StepReport) {
  for (const a of actionNames) {
    const s = step.actions[a];
    if (!s.count && !s.failures) continue;
    log(
      `  ${a.padEnd(22)} ${String(s.count).padStart(6)} × p50 ${s.p50} ms  p99 ${s.p99} ms  max ${s.max} ms${s.failures ? `  ${s.failures} failed (${s.firstFailure})` : ''}`,
    );
  }
  const f = step.fanOut;
  log(
    `  fan-out: ${f.managerWrites} manager writes + ${f.clientEvents} client events → ${f.notificationRows} notification rows, events and managers' own (${f.rowsPerWrite} a write; ${f.fanOutOnWriteRowsPerWrite} with a fan-out on write); a manager's stream read ${f.streamEventsPerManagerPerMinute} events (${f.notificationsPerManagerPerMinute} notifications) a minute; ${f.streamsEndedEarly} streams ended early`,
  );
  log(
    `  this process (the managers): ${step.client.cores} cores, event-loop delay p99 ${step.client.eventLoopDelayP99Ms} ms`,
  );
  log(
    `  CPU: API ${step.cpu.apiCores} cores, PostgreSQL ${step.cpu.postgresCores ?? '—'} cores, ${step.cpu.apiMsPerRequest} ms API CPU a request; other jobs ${step.cpu.outsideBenchPercent}% of the machine. ${step.withinBound ? 'Within' : 'NOT within'} p99 ≤ ${P99_BOUND_MS} ms (slowest: ${step.slowestAction.action}, ${step.slowestAction.p99} ms)`,
  );
}

function table(steps: StepReport[], capacity: number | null) {
  const cell = (s: LatencySummary) =>
    s.count || s.failures
      ? `${s.p50} / ${s.p99}${s.failures ? ` (${s.failures} failed)` : ''}`
      : '—';
  const first = steps[0];
  const lines = [
    `${LANE === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${BUSINESSES.toLocaleString('en-US')} businesses, READ_CACHE=${READ_CACHE}, ${DURATION} s measured a step (after ${WARMUP_SECONDS} s of warm-up), think time ${THINK_MS[0] / 1000}–${THINK_MS[1] / 1000} s, an upload one round in ${UPLOAD_EVERY}, ${CLIENT_EVENTS_PER_SECOND} client events a second, every manager's stream open; ${os.cpus().length} cores, Node ${process.version}. Other jobs took ${Math.min(...steps.map((s) => s.cpu.outsideBenchPercent))}–${Math.max(...steps.map((s) => s.cpu.outsideBenchPercent))}% of the machine's CPU.`,
    '',
    `**Capacity: ${capacity === null ? `none of the steps (${STEPS.join(', ')} managers)` : `${capacity} managers`}** with every action's p99 ≤ ${P99_BOUND_MS} ms.`,
    '',
    '| action, p50 / p99 ms | ' + steps.map((s) => `${s.managers} managers`).join(' | ') + ' |',
    '|---|' + steps.map(() => '---:|').join(''),
    ...actionNames.map(
      (a) => `| ${a} | ` + steps.map((s) => cell(s.actions[a])).join(' | ') + ' |',
    ),
    '| actions answered | ' +
      steps.map((s) => actionNames.reduce((sum, a) => sum + s.actions[a].count, 0)).join(' | ') +
      ' |',
    '| every p99 ≤ 100 ms | ' +
      steps.map((s) => (s.withinBound ? 'yes' : '**no**')).join(' | ') +
      ' |',
    '| API cores / PostgreSQL cores | ' +
      steps.map((s) => `${s.cpu.apiCores} / ${s.cpu.postgresCores ?? '—'}`).join(' | ') +
      ' |',
    '| the managers' +
      "'" +
      ' process: cores / event-loop delay p99 ms | ' +
      steps.map((s) => `${s.client.cores} / ${s.client.eventLoopDelayP99Ms}`).join(' | ') +
      ' |',
    '| writes: managers' +
      "'" +
      ' + clients' +
      "'" +
      ' | ' +
      steps.map((s) => `${s.fanOut.managerWrites} + ${s.fanOut.clientEvents}`).join(' | ') +
      ' |',
    '| notification rows a write (a fan-out on write) | ' +
      steps
        .map((s) => `${s.fanOut.rowsPerWrite} (${s.fanOut.fanOutOnWriteRowsPerWrite})`)
        .join(' | ') +
      ' |',
    '| stream events / notifications a manager reads a minute | ' +
      steps
        .map(
          (s) =>
            `${s.fanOut.streamEventsPerManagerPerMinute} / ${s.fanOut.notificationsPerManagerPerMinute}`,
        )
        .join(' | ') +
      ' |',
  ];
  if (first && steps.some((s) => s.fanOut.streamsEndedEarly)) {
    lines.push(
      '',
      `Streams the server ended early: ${steps.map((s) => `${s.managers}: ${s.fanOut.streamsEndedEarly}`).join(', ')}.`,
    );
  }
  return lines.join('\n');
}

async function main() {
  log(
    `${LANE}, ${BUSINESSES} businesses, managers ${STEPS.join(', ')}, ${DURATION} s a step, READ_CACHE=${READ_CACHE}${TRIAL ? ' (trial: nothing written)' : ''}`,
  );
  const lane = await openBenchLane(LANE, {
    port: PORT,
    postgresDatabase: POSTGRES_DATABASE,
    folderPrefix: 'fd-bench-day',
    reuse: KEEP_DATABASE,
  });
  const database = () =>
    LANE === 'postgres'
      ? openDatabase({ url: lane.env.DATABASE_URL! })
      : openDatabase({ pgliteDir: path.join(lane.dataDir, 'db') });
  try {
    const prepared = await prepare(lane.database, lane.filesDir);
    await lane.database.close();
    const statusOf = new Map<number, StepStatus>();
    const steps: StepReport[] = [];
    for (const n of STEPS) steps.push(await runStep(lane.env, database, n, prepared, statusOf));
    const within = steps.filter((s) => s.withinBound).map((s) => s.managers);
    const capacity = within.length ? Math.max(...within) : null;
    const text = table(steps, capacity);
    console.log(`\n${text}\n`);
    if (TRIAL) {
      log('trial: nothing written (results and README left as they are)');
      return;
    }
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      path.join(resultsDir, `day-${LANE}.json`),
      JSON.stringify(
        {
          lane: LANE,
          businesses: BUSINESSES,
          readCache: READ_CACHE,
          durationSeconds: DURATION,
          warmupSeconds: WARMUP_SECONDS,
          thinkMs: THINK_MS,
          clientEventsPerSecond: CLIENT_EVENTS_PER_SECOND,
          uploadEvery: UPLOAD_EVERY,
          p99BoundMs: P99_BOUND_MS,
          seed: SEED,
          machine: { cpus: os.cpus().length, node: process.version },
          date: new Date().toISOString(),
          capacity,
          steps,
        },
        null,
        2,
      ) + '\n',
    );
    await updateReadme({ [`day-${LANE}`]: text });
    log(`results written to bench/results/day-${LANE}.json and bench/README.md`);
  } finally {
    if (LANE === 'postgres' && !KEEP_DATABASE) {
      await adminQuery(`drop database if exists ${POSTGRES_DATABASE} with (force)`);
    }
    rmSync(lane.dataDir, { recursive: true, force: true });
  }
}

await main();
