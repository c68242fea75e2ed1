/**
 * A bulk change killed mid-write (docs/decisions/104-bulk-actions-one-transaction.md): the real
 * server process is killed (SIGKILL) while `POST manager/business/bulk/` sets a step Failed, with
 * a report to each client, on hundreds of businesses in one transaction. After a restart on the
 * same data folder or database, either every business has it all — the step Failed, the feedback
 * row, both log entries and their notifications — or none has any of it. On PostgreSQL the kill
 * waits until the transaction has written feedback rows it has not committed (seen in pg_locks),
 * so it lands mid-transaction for certain; on PGlite (in the server's process, out of the test's
 * sight) it comes at half the time a third as many businesses took, timed just before.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { API_BASE_PATH, manageApiPaths, type BulkActionRequest } from '@fd/contract';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from './db/client.ts';
import { feedback, formationSteps, managerLogs, notificationEvents } from './db/schema.ts';
import { changedAction, setUpCrashFixture, signInAt } from './test/crash-helpers.ts';
import { useCrashServers } from './test/crash-servers.ts';

const TIMEOUT_MS = 240_000;
/** Timed first (the calibration), then killed. */
const CALIBRATION = 100;
const KILLED = 300;
const STEP = 'Tax EIN';
const REPORT = { feedback_title: 'Tax ID', message_body: 'The EIN application was refused.' };

const servers = useCrashServers('fd-bulk-crash-');

describe.each(servers.lanes)('a kill during a bulk change on $name', (lane) => {
  it(
    'leaves every business with all of the change, or none with any of it',
    { timeout: TIMEOUT_MS },
    async () => {
      const store = await lane.create();
      const fixture = await store.use((database) =>
        setUpCrashFixture(database, {
          businessCount: CALIBRATION + KILLED,
          chainKinds: [],
          cycleLength: 2,
        }),
      );
      const calibration = fixture.businesses.slice(0, CALIBRATION);
      const killed = fixture.businesses.slice(CALIBRATION);

      const server = await servers.start(store.serverEnv);
      const token = await signInAt(server.url, fixture.manager);
      const bulk = (uuids: string[]) => {
        const body: BulkActionRequest = {
          businesses: uuids,
          action: { kind: 'status', step: 'tax', status: 'FAILED', feedback: REPORT },
        };
        return fetch(`${server.url}${API_BASE_PATH}/${manageApiPaths.bulk}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      };
      const started = performance.now();
      const timed = await bulk(calibration.map((b) => b.uuid));
      expect(timed.status, await timed.text()).toBe(200);
      const calibrationMs = performance.now() - started;

      const killSwitch = servers.killSwitch(server);
      const answer = bulk(killed.map((b) => b.uuid)).then(
        (response) => `answered ${response.status}`,
        () => 'lost',
      );
      let sawUncommittedRows = false;
      if (lane.name === 'postgres') {
        // Row locks on feedback held by another session: rows written, not yet committed.
        const deadline = Date.now() + 30_000;
        while (!sawUncommittedRows && Date.now() < deadline) {
          const [row] = await store.use(({ db }) =>
            queryRows<{ n: number }>(
              db,
              sql`select count(*)::int as n from pg_locks l
                   join pg_class c on c.oid = l.relation
                  where c.relname = 'feedback' and l.mode = 'RowExclusiveLock'
                    and l.pid <> pg_backend_pid()
                    and l.database = (select oid from pg_database where datname = current_database())`,
            ),
          );
          sawUncommittedRows = row!.n > 0;
          if (!sawUncommittedRows) await delay(2);
        }
        expect(sawUncommittedRows, 'the bulk transaction was seen writing').toBe(true);
      } else {
        await delay(calibrationMs / 2);
      }
      killSwitch.kill();
      await killSwitch.died();
      const answered = await answer;

      const again = await servers.start(store.serverEnv);
      expect(await servers.stop(again), again.output()).toBe(0);

      const ids = killed.map((b) => b.id);
      const stored = await store.use(async ({ db }) => ({
        steps: await db
          .select({ businessId: formationSteps.businessId, status: formationSteps.status })
          .from(formationSteps)
          .where(inArray(formationSteps.businessId, ids)),
        feedback: await db
          .select({ businessId: feedback.businessId })
          .from(feedback)
          .where(inArray(feedback.businessId, ids)),
        logs: await db
          .select({ businessId: managerLogs.businessId, action: managerLogs.action })
          .from(managerLogs)
          .where(inArray(managerLogs.businessId, ids)),
        notifications: await db
          .select({ businessId: notificationEvents.businessId })
          .from(notificationEvents)
          .where(inArray(notificationEvents.businessId, ids)),
      }));
      const landed = stored.feedback.length > 0;
      // An answer means it committed; a kill while its rows were uncommitted means it did not.
      if (answered === 'answered 200') expect(landed).toBe(true);
      if (sawUncommittedRows && answered === 'lost') expect(landed).toBe(false);
      for (const business of killed) {
        const of = <T extends { businessId: number | null }>(rows: T[]) =>
          rows.filter((row) => row.businessId === business.id);
        const taxStep = of(stored.steps).filter((step) => step.status === 'FAILED');
        const what = `business ${business.id} (${landed ? 'landed' : 'rolled back'})`;
        if (landed) {
          expect(taxStep, what).toHaveLength(1);
          expect(of(stored.feedback), what).toHaveLength(1);
          expect(
            of(stored.logs)
              .map((log) => log.action)
              .sort(),
            what,
          ).toEqual(
            [
              changedAction(STEP, 'PENDING', 'FAILED'),
              `Sent feedback "${REPORT.feedback_title}" on ${STEP} to the client`,
            ].sort(),
          );
          // One other active manager: one notification event per log entry.
          expect(of(stored.notifications), what).toHaveLength(2);
        } else {
          expect(taxStep, what).toEqual([]);
          expect(of(stored.feedback), what).toEqual([]);
          expect(of(stored.logs), what).toEqual([]);
          expect(of(stored.notifications), what).toEqual([]);
        }
      }
      console.info(
        `bulk crash: ${JSON.stringify({ lane: lane.name, calibrationMs: Math.round(calibrationMs), sawUncommittedRows, answered, landed })}`,
      );
    },
  );
});
