/**
 * The embedded database keeps its data through kill after kill (docs/operations.md, "What a kill
 * keeps"; docs/decisions/024-feedback-uploads-and-the-file-history.md,
 * docs/decisions/045-the-embedded-database-keeps-data-kills-interrupted.md): the real server on one
 * PGlite data folder is killed (SIGKILL) at a random moment of a burst of status updates, comments
 * and uploads, and started again on the same folder, KILLS times, and now and then also while it
 * starts. Afterwards every write it acknowledged is there exactly once with its log row and its
 * notification, a write it never answered landed whole or not at all, the database passes amcheck
 * and a REINDEX with the same row counts through indexes and without them, and the files folder
 * holds exactly the files the rows name, each with the bytes sent.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  API_BASE_PATH,
  feedbackDetailResponseSchema,
  formationStepNames,
  manageApiPaths,
  postFormationCategories,
  type StepStatus,
  type StepStatusKind,
} from '@fd/contract';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/client.ts';
import { PrivateNodeFS } from './db/pglite-fs.ts';
import {
  businesses,
  comments,
  documents,
  feedback,
  formationSteps,
  managerLogs,
  manualPaymentReceipts,
  notificationEvents,
} from './db/schema.ts';
import {
  POST_FORMATION_STEP,
  changedAction,
  contentOf,
  filesUnder,
  setUpCrashFixture,
  signInAt,
  uploadAction,
  type ChainStep,
  type CrashBusiness,
  type Outcome,
} from './test/crash-helpers.ts';
import { buildOwnServer } from './test/build-server.ts';
import { startServer, type RunningProcess } from './test/processes.ts';
import { callApi } from './test/test-app.ts';

/** Kills during a burst of writes (the issue asks for at least 20). */
const KILLS = 22;
/** After these bursts' kills, the next start is killed too, at a random moment before it listens. */
const KILL_WHILE_STARTING_EVERY = 5;
/** The kill falls this long after the burst began: uniformly at random in between. */
const KILL_AFTER_MS = { min: 80, max: 1500 };
const TIMEOUT_MS = 480_000;

const BUSINESS_COUNT = 3;
const CHAIN_KINDS: StepStatusKind[] = ['payment', 'tax', 'government-id'];
/** Each step moves to the next of these, so every update changes something. */
const CYCLE: StepStatus[] = ['PROCESSING', 'APPROVED', 'FAILED', 'PENDING'];
const COMMENT_WORKERS = 2;
const UPLOAD_WORKERS = 2;
/** Between one answer of a chain or a commenter and its next request, so the uploads get their share. */
const PAUSE_MS = 15;

const POST_FORMATION_NAME = formationStepNames[POST_FORMATION_STEP];
const COMMENT_ACTION = 'Added a comment';

interface StatusRequest {
  from: StepStatus;
  to: StepStatus;
  outcome: Outcome;
  /** For a request the kill cut off: whether it landed, as read after the restart. */
  landed?: boolean;
}
interface Chain extends ChainStep {
  /** The step's status as last known: acknowledged, or read after a restart. */
  status: StepStatus;
  requests: StatusRequest[];
}
interface CommentWrite {
  text: string;
  businessIndex: number;
  outcome: Outcome;
}
interface UploadWrite {
  fileName: string;
  title: string;
  businessIndex: number;
  outcome: Outcome;
}

const folders: string[] = [];
const running = new Set<RunningProcess>();

afterEach(async () => {
  for (const server of running) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  running.clear();
});
let removeOwnBuild: (() => Promise<void>) | undefined;
beforeAll(async () => {
  removeOwnBuild = await buildOwnServer('kill-loop');
});
afterAll(async () => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  await removeOwnBuild?.();
});

const randomBetween = (min: number, max: number) => min + Math.random() * (max - min);
const nextStatus = (status: StepStatus) => CYCLE[(CYCLE.indexOf(status) + 1) % CYCLE.length]!;

/** A start; when `killWithin` is given, the process is killed that many ms after it exists. */
async function start(
  dataDir: string,
  killWithin?: number,
): Promise<RunningProcess | { killedAt: number }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const server = await startServer(
      { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
      (child) => {
        if (killWithin !== undefined) timer = setTimeout(() => child.kill('SIGKILL'), killWithin);
      },
    );
    clearTimeout(timer);
    running.add(server);
    if (killWithin === undefined) return server;
    // It listened before the kill came: kill it now, before any write.
    server.child.kill('SIGKILL');
    await server.exited;
    running.delete(server);
    return { killedAt: killWithin };
  } catch (error) {
    if (killWithin !== undefined && /exited \(SIGKILL\) before listening/.test(String(error))) {
      return { killedAt: killWithin };
    }
    throw error;
  }
}

/** A step's status as the server answers it now. */
async function stepStatus(baseUrl: string, token: string, stepId: number) {
  const response = await callApi(
    baseUrl,
    'GET',
    `${API_BASE_PATH}/${manageApiPaths.feedbackDetail(stepId)}`,
    { token },
  );
  expect(response.status, response.text).toBe(200);
  return feedbackDetailResponseSchema.parse(response.body).data.status;
}

async function startListening(dataDir: string): Promise<RunningProcess> {
  const server = await start(dataDir);
  if (!('url' in server)) throw new Error('not started');
  return server;
}

describe('the embedded server killed again and again on one data folder', () => {
  it(
    `keeps every acknowledged write through ${KILLS} kills at random moments of a burst`,
    { timeout: TIMEOUT_MS },
    async () => {
      const startedAt = performance.now();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'fd-kill-loop-'));
      folders.push(dataDir);
      const filesDir = path.join(dataDir, 'files');
      const stagingDir = path.join(filesDir, '.staging');
      const dbDir = path.join(dataDir, 'db');

      const fixture = await (async () => {
        const database = await openDatabase({ pgliteDir: dbDir });
        try {
          return await setUpCrashFixture(database, {
            businessCount: BUSINESS_COUNT,
            chainKinds: CHAIN_KINDS,
            cycleLength: CYCLE.length,
          });
        } finally {
          await database.close();
        }
      })();
      const chains: Chain[] = fixture.chains.map((chain) => ({
        ...chain,
        status: 'PENDING',
        requests: [],
      }));
      const commentWrites: CommentWrite[] = [];
      const uploadWrites: UploadWrite[] = [];
      const kills: Array<{ afterMs: number; acknowledged: number; cutOff: number; parts: number }> =
        [];
      const startKills: number[] = [];
      const restartMs: number[] = [];

      for (let round = 0; round < KILLS; round++) {
        const restartFrom = performance.now();
        const server = await startListening(dataDir);
        restartMs.push(Math.round(performance.now() - restartFrom));
        const token = await signInAt(server.url, fixture.manager);
        const auth = { authorization: `Bearer ${token}` };

        // Where each step really is: an acknowledged update is there; one cut off landed or not.
        for (const chain of chains) {
          const status = await stepStatus(server.url, token, chain.stepId);
          const last = chain.requests.at(-1);
          if (last?.outcome === 'lost') {
            last.landed = status === last.to;
            expect(status, `step ${chain.stepId} after a cut-off update`).toBe(
              last.landed ? last.to : last.from,
            );
          } else {
            expect(status, `step ${chain.stepId}: its acknowledged update`).toBe(chain.status);
          }
          chain.status = status;
        }

        let stopping = false;
        const settle = async <T extends { outcome: Outcome }>(
          write: T,
          send: () => Promise<Response>,
        ): Promise<boolean> => {
          try {
            const response = await send();
            write.outcome = response.ok ? 'acknowledged' : 'refused';
            await response.arrayBuffer().catch(() => {});
          } catch {
            write.outcome = 'lost';
          }
          return write.outcome === 'acknowledged' && !stopping;
        };

        const runChain = async (chain: Chain) => {
          for (;;) {
            const request: StatusRequest = {
              from: chain.status,
              to: nextStatus(chain.status),
              outcome: 'sent',
            };
            chain.requests.push(request);
            const goOn = await settle(request, () =>
              fetch(
                `${server.url}${API_BASE_PATH}/manager/settings/${chain.kind}/update/${chain.stepId}/`,
                {
                  method: 'PUT',
                  headers: { ...auth, 'content-type': 'application/json' },
                  body: JSON.stringify({ status: request.to.toLowerCase() }),
                },
              ),
            );
            if (request.outcome === 'acknowledged') chain.status = request.to;
            if (!goOn) return;
            await delay(PAUSE_MS);
          }
        };
        const runComments = async () => {
          for (;;) {
            const write: CommentWrite = {
              text: `Kill loop comment ${commentWrites.length + 1}`,
              businessIndex: commentWrites.length % BUSINESS_COUNT,
              outcome: 'sent',
            };
            commentWrites.push(write);
            const goOn = await settle(write, () =>
              fetch(`${server.url}${API_BASE_PATH}/${manageApiPaths.comments}`, {
                method: 'POST',
                headers: { ...auth, 'content-type': 'application/json' },
                body: JSON.stringify({
                  comment: write.text,
                  business: fixture.businesses[write.businessIndex]!.uuid,
                }),
              }),
            );
            if (!goOn) return;
            await delay(PAUSE_MS);
          }
        };
        const runUploads = async () => {
          for (;;) {
            const n = uploadWrites.length + 1;
            const write: UploadWrite = {
              fileName: `loop-${n}.${n % 3 === 0 ? 'png' : 'pdf'}`,
              title: postFormationCategories[n % postFormationCategories.length]!,
              businessIndex: n % BUSINESS_COUNT,
              outcome: 'sent',
            };
            uploadWrites.push(write);
            const business = fixture.businesses[write.businessIndex]!;
            const form = new FormData();
            form.append('feedbackTitle', write.title);
            form.append('statusItemId', String(business.postFormationStepId));
            form.append('messageBody', `Here is ${write.fileName}.`);
            form.append('businessId', business.uuid);
            form.append('file', new Blob([contentOf(write.fileName)]), write.fileName);
            const goOn = await settle(write, () =>
              fetch(
                `${server.url}${API_BASE_PATH}/manager/business/feedback/post-doc-formation/upload/`,
                { method: 'POST', headers: auth, body: form },
              ),
            );
            if (!goOn) return;
          }
        };

        const before = countOutcomes(chains, commentWrites, uploadWrites);
        const work = [
          ...chains.map(runChain),
          ...Array.from({ length: COMMENT_WORKERS }, runComments),
          ...Array.from({ length: UPLOAD_WORKERS }, runUploads),
        ];
        const afterMs = Math.round(randomBetween(KILL_AFTER_MS.min, KILL_AFTER_MS.max));
        await delay(afterMs);
        stopping = true;
        server.child.kill('SIGKILL');
        expect(await server.exited).toBe('SIGKILL');
        running.delete(server);
        // What the kill left half-written, before any start settles it.
        const parts = filesUnder(stagingDir).filter((name) => name.endsWith('.part')).length;
        await Promise.all(work);
        const refused = [
          ...chains.flatMap((chain) => chain.requests),
          ...commentWrites,
          ...uploadWrites,
        ].filter((write) => write.outcome === 'refused');
        expect(refused, 'every answer before the kill is a 2xx').toEqual([]);
        const after = countOutcomes(chains, commentWrites, uploadWrites);
        kills.push({
          afterMs,
          acknowledged: after.acknowledged - before.acknowledged,
          cutOff: after.lost - before.lost,
          parts,
        });

        if ((round + 1) % KILL_WHILE_STARTING_EVERY === 0) {
          // The next start is killed too, at a random moment of opening the database.
          const outcome = await start(dataDir, Math.round(randomBetween(200, 1200)));
          if ('killedAt' in outcome) startKills.push(outcome.killedAt);
        }
      }

      // The last start settles what the last kill left, then stops cleanly.
      const server = await startListening(dataDir);
      const token = await signInAt(server.url, fixture.manager);
      for (const chain of chains) {
        const status = await stepStatus(server.url, token, chain.stepId);
        const last = chain.requests.at(-1)!;
        if (last.outcome === 'lost') last.landed = status === last.to;
        chain.status = status;
      }
      expect(filesUnder(stagingDir), 'nothing left in staging').toEqual([]);
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
      running.delete(server);

      // ---- In the database, the server stopped ----
      const database = await openDatabase({ pgliteDir: dbDir });
      let stored;
      try {
        stored = await readStored(database, fixture.businesses);
      } finally {
        await database.close();
      }

      // Status updates: per step, the log is exactly the acknowledged updates and the cut-off
      // ones that landed, in the order sent, and the step ends where the last of them put it.
      for (const chain of chains) {
        const landed = chain.requests.filter(
          (request) => request.outcome === 'acknowledged' || request.landed === true,
        );
        const logged = stored.logs
          .filter(
            (log) =>
              log.businessId === chain.businessId && log.feedbackLogCategory === chain.stepName,
          )
          .map((log) => log.action);
        expect(logged, `the log of step ${chain.stepId}`).toEqual(
          landed.map((request) => changedAction(chain.stepName, request.from, request.to)),
        );
        expect(stored.steps.get(chain.stepId), `step ${chain.stepId}`).toBe(
          landed.at(-1)?.to ?? 'PENDING',
        );
      }

      // Comments: each acknowledged one exactly once, none that was not sent, one log row each.
      const commentCounts = new Map<string, number>();
      for (const row of stored.comments) {
        commentCounts.set(row.comment, (commentCounts.get(row.comment) ?? 0) + 1);
      }
      for (const write of commentWrites) {
        const count = commentCounts.get(write.text) ?? 0;
        if (write.outcome === 'acknowledged') expect(count, write.text).toBe(1);
        else expect(count, write.text).toBeLessThanOrEqual(1);
        const row = stored.comments.find((candidate) => candidate.comment === write.text);
        if (row) expect(row.businessId).toBe(fixture.businesses[write.businessIndex]!.id);
      }
      const sentComments = new Set(commentWrites.map((write) => write.text));
      expect(stored.comments.filter((row) => !sentComments.has(row.comment))).toEqual([]);
      for (const business of fixture.businesses) {
        expect(
          stored.logs.filter(
            (log) => log.businessId === business.id && log.action === COMMENT_ACTION,
          ).length,
          `comment logs of business ${business.id}`,
        ).toBe(stored.comments.filter((row) => row.businessId === business.id).length);
      }

      // Uploads: each acknowledged one exactly once, with the bytes sent and one log row.
      for (const write of uploadWrites) {
        const rows = stored.attachments.filter((row) => row.attachmentFileName === write.fileName);
        if (write.outcome === 'acknowledged') expect(rows, write.fileName).toHaveLength(1);
        else expect(rows.length, write.fileName).toBeLessThanOrEqual(1);
      }
      const uploadLogs = stored.logs.filter(
        (log) => log.feedbackLogCategory === POST_FORMATION_NAME,
      );
      expect(uploadLogs).toHaveLength(stored.attachments.length);
      for (const row of stored.attachments) {
        const write = uploadWrites.find(
          (candidate) => candidate.fileName === row.attachmentFileName,
        );
        expect(write, `a row for ${row.attachmentFileName}, which was sent`).toBeDefined();
        const content = contentOf(write!.fileName);
        expect(row.attachmentSize).toBe(content.length);
        expect(row.businessId).toBe(fixture.businesses[write!.businessIndex]!.id);
        expect(
          readFileSync(path.join(filesDir, row.attachmentStorageKey!)).equals(content),
          `the bytes of ${write!.fileName}`,
        ).toBe(true);
        expect(
          uploadLogs.filter((log) => log.action === uploadAction(write!.title, write!.fileName)),
          `the log row of ${write!.fileName}`,
        ).toHaveLength(1);
      }

      // No orphan: the files folder holds exactly the files the rows name (the reads above
      // found every row's file).
      expect(filesUnder(filesDir), 'the files folder').toEqual(
        stored.storageKeys.map((key) => path.normalize(key)).sort(),
      );

      // Each write's notification (one other active manager) and derived columns came with it.
      for (const business of fixture.businesses) {
        const logs = stored.logs.filter((log) => log.businessId === business.id).length;
        const notified = stored.notifications.filter((id) => id === business.id).length;
        expect(notified, `notifications of business ${business.id}`).toBe(logs);
        const payment = chains.find(
          (chain) => chain.businessId === business.id && chain.kind === 'payment',
        )!;
        expect(stored.accountLevels.get(business.id)).toBe(
          stored.steps.get(payment.stepId) === 'APPROVED' ? 'PAID' : 'UNPAID',
        );
      }

      // ---- Nothing corrupt: amcheck, row counts with and without indexes, REINDEX ----
      const integrity = await checkIntegrity(dbDir);
      expect(integrity.indexScanCounts).toEqual(integrity.seqScanCounts);
      expect(integrity.afterReindexCounts).toEqual(integrity.seqScanCounts);
      expect(integrity.checkedIndexes).toBeGreaterThan(20);

      const statusRequests = chains.flatMap((chain) => chain.requests);
      const summary = {
        kills: kills.length,
        killsWhileStarting: startKills.length,
        seconds: Math.round((performance.now() - startedAt) / 1000),
        restartMs: {
          min: Math.min(...restartMs),
          median: [...restartMs].sort((a, b) => a - b)[Math.floor(restartMs.length / 2)],
          max: Math.max(...restartMs),
        },
        acknowledged: {
          status: statusRequests.filter((r) => r.outcome === 'acknowledged').length,
          comments: commentWrites.filter((w) => w.outcome === 'acknowledged').length,
          uploads: uploadWrites.filter((w) => w.outcome === 'acknowledged').length,
        },
        cutOff: {
          status: statusRequests.filter((r) => r.outcome === 'lost').length,
          statusLanded: statusRequests.filter((r) => r.landed === true).length,
          comments: commentWrites.filter((w) => w.outcome === 'lost').length,
          commentsLanded: commentWrites.filter(
            (w) => w.outcome === 'lost' && commentCounts.has(w.text),
          ).length,
          uploads: uploadWrites.filter((w) => w.outcome === 'lost').length,
          uploadsLanded: uploadWrites.filter(
            (w) =>
              w.outcome === 'lost' &&
              stored.attachments.some((row) => row.attachmentFileName === w.fileName),
          ).length,
        },
        killsWithHalfWrittenUploads: kills.filter((kill) => kill.parts > 0).length,
        killsWithNothingAcknowledged: kills.filter((kill) => kill.acknowledged === 0).length,
        checkedIndexes: integrity.checkedIndexes,
        rows: integrity.seqScanCounts,
      };
      console.info(`kill loop: ${JSON.stringify(summary)}`);
      // Every burst's kill fell among writes: each cut at least one request off.
      expect(kills.filter((kill) => kill.cutOff === 0)).toEqual([]);
    },
  );
});

function countOutcomes(
  chains: Chain[],
  commentWrites: CommentWrite[],
  uploadWrites: UploadWrite[],
): { acknowledged: number; lost: number } {
  const writes = [...chains.flatMap((chain) => chain.requests), ...commentWrites, ...uploadWrites];
  return {
    acknowledged: writes.filter((write) => write.outcome === 'acknowledged').length,
    lost: writes.filter((write) => write.outcome === 'lost').length,
  };
}

async function readStored(database: Database, fixtureBusinesses: CrashBusiness[]) {
  const { db } = database;
  const businessIds = fixtureBusinesses.map((business) => business.id);
  const steps = await db
    .select({ id: formationSteps.id, status: formationSteps.status })
    .from(formationSteps)
    .where(inArray(formationSteps.businessId, businessIds));
  const accountLevels = await db
    .select({ id: businesses.id, accountLevel: businesses.accountLevel })
    .from(businesses)
    .where(inArray(businesses.id, businessIds));
  // Every key a row names, whatever table the row is in.
  const keyRows = await Promise.all([
    db.select({ key: documents.storageKey }).from(documents),
    db.select({ key: manualPaymentReceipts.storageKey }).from(manualPaymentReceipts),
    db.select({ key: feedback.attachmentStorageKey }).from(feedback),
  ]);
  return {
    steps: new Map(steps.map((step) => [step.id, step.status])),
    accountLevels: new Map(accountLevels.map((row) => [row.id, row.accountLevel])),
    logs: await db.select().from(managerLogs).orderBy(asc(managerLogs.id)),
    comments: await db.select().from(comments).orderBy(asc(comments.id)),
    notifications: (
      await db.select({ businessId: notificationEvents.businessId }).from(notificationEvents)
    ).map((row) => row.businessId),
    attachments: await db.select().from(feedback).orderBy(asc(feedback.id)),
    storageKeys: keyRows.flat().flatMap((row) => (row.key ? [row.key] : [])),
  };
}

/**
 * Opens the folder with amcheck beside the app's extension: every B-tree index checked against
 * its table (each row in the index, `heapallindexed`), each table's rows counted by a
 * sequential scan and through its primary key, and again after `REINDEX DATABASE`.
 */
async function checkIntegrity(dbDir: string) {
  const pg = await PGlite.create({
    fs: new PrivateNodeFS(dbDir),
    extensions: { pg_trgm, amcheck },
  });
  try {
    await pg.exec('create extension if not exists amcheck');
    const indexes = await pg.query<{ oid: number }>(
      `select c.oid::int as oid from pg_index i
         join pg_class c on c.oid = i.indexrelid
         join pg_am am on am.oid = c.relam
         join pg_namespace n on n.oid = c.relnamespace
       where am.amname = 'btree' and n.nspname in ('public', 'drizzle') and i.indisvalid`,
    );
    for (const { oid } of indexes.rows) {
      await pg.query(`select bt_index_check(index => $1::oid::regclass, heapallindexed => true)`, [
        oid,
      ]);
    }
    const tables = (
      await pg.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
      )
    ).rows.map((row) => row.name);
    const countAll = async (settings: string) => {
      await pg.exec(`reset all; ${settings}`);
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const rows = await pg.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
        counts[table] = rows.rows[0]!.n;
      }
      return counts;
    };
    const seqScan =
      'set enable_indexscan = off; set enable_indexonlyscan = off; set enable_bitmapscan = off;';
    const indexScan = 'set enable_seqscan = off;';
    const seqScanCounts = await countAll(seqScan);
    const indexScanCounts = await countAll(indexScan);
    const [{ name: databaseName }] = (
      await pg.query<{ name: string }>('select current_database() as name')
    ).rows as [{ name: string }];
    await pg.exec('reset all');
    // Alone: REINDEX DATABASE runs outside a transaction block.
    await pg.query(`reindex database "${databaseName}"`);
    const afterReindexCounts = await countAll(indexScan);
    return {
      checkedIndexes: indexes.rows.length,
      seqScanCounts,
      indexScanCounts,
      afterReindexCounts,
    };
  } finally {
    await pg.close();
  }
}
