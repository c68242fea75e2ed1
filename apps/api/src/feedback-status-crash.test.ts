/**
 * A failed step's report and its status change, killed mid-write
 * (docs/decisions/055-a-report-and-its-status-change-are-one-action.md): the real server process
 * is killed (SIGKILL) during a burst of `POST manager/feedback/status/` requests, some carrying
 * a file. After a restart on the same data folder or database, every request either landed
 * whole — the feedback row (and its file, with the bytes sent), the step Failed, both log
 * entries and their notifications — or left nothing at all; every acknowledged one landed. On
 * every database lane: PGlite in a data folder always, PostgreSQL when DATABASE_URL is set.
 */
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { API_BASE_PATH, manageApiPaths, type StepStatusKind } from '@fd/contract';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedback, formationSteps, managerLogs, notificationEvents } from './db/schema.ts';
import {
  changedAction,
  contentOf,
  setUpCrashFixture,
  signInAt,
  type ChainStep,
  type Outcome,
} from './test/crash-helpers.ts';
import { useCrashServers } from './test/crash-servers.ts';
import { storedFilesOf } from './test/stored-files.ts';

const TIMEOUT_MS = 240_000;
const BUSINESS_COUNT = 12;
/** Each of these steps of every business gets one report: 48 in all, each moving Pending → Failed. */
const KINDS: StepStatusKind[] = ['payment', 'tax', 'bank-account', 'stripe'];
const WORKERS = 6;
/** The kill comes at the first answer after this many were acknowledged. */
const ACKS_BEFORE_KILL = 12;
const TITLE = 'Payment processor (Stripe)';

const servers = useCrashServers('fd-report-crash-');

interface Report extends ChainStep {
  message: string;
  /** Every third report carries a file. */
  fileName?: string;
  outcome: Outcome;
  answer?: string;
}

describe.each(servers.lanes)('a kill during reports with their status on $name', (lane) => {
  it(
    'lands each report with its status change, logs and notifications, or none of it',
    { timeout: TIMEOUT_MS },
    async () => {
      const store = await lane.create();
      const fixture = await store.use((database) =>
        setUpCrashFixture(database, {
          businessCount: BUSINESS_COUNT,
          chainKinds: KINDS,
          cycleLength: 2,
        }),
      );
      const reports: Report[] = fixture.chains.map((chain, n) => ({
        ...chain,
        message: `Report ${n + 1}: refused by the processor.`,
        ...(n % 3 === 0 ? { fileName: `report-${n + 1}.pdf` } : {}),
        outcome: 'sent',
      }));

      const server = await servers.start(store.serverEnv);
      const auth = { authorization: `Bearer ${await signInAt(server.url, fixture.manager)}` };
      const killSwitch = servers.killSwitch(server);
      const queue = [...reports];
      const send = async (report: Report) => {
        const fields = {
          message_body: report.message,
          status_item_id: String(report.stepId),
          business_id: String(report.businessId),
          feedback_title: TITLE,
          status: 'FAILED',
        };
        let body: FormData | string;
        const headers: Record<string, string> = { ...auth };
        if (report.fileName) {
          const form = new FormData();
          for (const [key, value] of Object.entries(fields)) form.append(key, value);
          form.append('attachment_file', new Blob([contentOf(report.fileName)]), report.fileName);
          body = form;
        } else {
          body = JSON.stringify(fields);
          headers['content-type'] = 'application/json';
        }
        try {
          const response = await fetch(
            `${server.url}${API_BASE_PATH}/${manageApiPaths.feedbackWithStatus}`,
            { method: 'POST', headers, body },
          );
          report.outcome = response.status === 201 ? 'acknowledged' : 'refused';
          killSwitch.answered();
          report.answer = `${response.status} ${await response.text().catch(String)}`;
        } catch {
          report.outcome = 'lost';
        }
      };
      const worker = async () => {
        for (let next = queue.shift(); next && !killSwitch.stopping; next = queue.shift())
          await send(next);
      };
      const work = Array.from({ length: WORKERS }, worker);
      while (reports.filter((r) => r.outcome === 'acknowledged').length < ACKS_BEFORE_KILL) {
        expect(
          reports.filter((r) => r.outcome === 'refused' || r.outcome === 'lost'),
          server.output(),
        ).toEqual([]);
        if (queue.length === 0) break;
        await delay(5);
      }
      killSwitch.arm();
      await Promise.all(work);
      killSwitch.kill();
      await killSwitch.died();
      expect(reports.filter((r) => r.outcome === 'refused')).toEqual([]);

      // The restart settles the staging area; then the store is read with no server on it.
      const again = await servers.start(store.serverEnv);
      expect(await servers.stop(again), again.output()).toBe(0);

      const files = storedFilesOf(
        { kind: lane.name, use: (work) => store.use((database) => work(database.db)) },
        path.join(store.dataDir, 'files'),
      );
      const businessIds = [...new Set(reports.map((report) => report.businessId))];
      const stored = await store.use(async ({ db }) => ({
        feedback: await db.select().from(feedback).where(inArray(feedback.businessId, businessIds)),
        steps: await db
          .select({ id: formationSteps.id, status: formationSteps.status })
          .from(formationSteps)
          .where(inArray(formationSteps.businessId, businessIds)),
        logs: await db
          .select()
          .from(managerLogs)
          .where(inArray(managerLogs.businessId, businessIds)),
        notifications: await db
          .select({ businessId: notificationEvents.businessId })
          .from(notificationEvents)
          .where(inArray(notificationEvents.businessId, businessIds)),
      }));

      let landedCount = 0;
      for (const report of reports) {
        const rows = stored.feedback.filter((row) => row.messageBody === report.message);
        const status = stored.steps.find((step) => step.id === report.stepId)!.status;
        const logs = stored.logs.filter(
          (log) =>
            log.businessId === report.businessId &&
            (log.action === changedAction(report.stepName, 'PENDING', 'FAILED') ||
              log.action.startsWith(
                `Sent feedback "${TITLE}" on ${report.stepName} to the client`,
              )),
        );
        const landed = rows.length === 1;
        const what = `${report.message} (${report.outcome})`;
        expect(rows.length, what).toBeLessThanOrEqual(1);
        if (report.outcome === 'acknowledged') expect(landed, what).toBe(true);
        if (landed) {
          landedCount += 1;
          expect(status, what).toBe('FAILED');
          expect(logs.map((log) => log.action).sort(), what).toEqual(
            [
              changedAction(report.stepName, 'PENDING', 'FAILED'),
              expect.stringMatching(
                new RegExp(
                  `^Sent feedback "${TITLE.replace(/[()]/g, '\\$&')}" on ${report.stepName} to the client`,
                ),
              ),
            ].sort(),
          );
          if (report.fileName) {
            const bytes = await files.read(rows[0]!.attachmentStorageKey!);
            expect(bytes?.equals(contentOf(report.fileName)), what).toBe(true);
          }
        } else {
          expect(status, what).toBe('PENDING');
          expect(logs, what).toEqual([]);
        }
      }
      // One other active manager: one notification for every log entry.
      for (const businessId of businessIds) {
        expect(
          stored.notifications.filter((row) => row.businessId === businessId).length,
          `notifications of business ${businessId}`,
        ).toBe(stored.logs.filter((log) => log.businessId === businessId).length);
      }
      // Every file in place is a landed report's; on PGlite the restart settled the staging
      // area, while beside other instances on PostgreSQL fresh staged files wait an hour
      // (decision 24) and are read from there.
      const names = await files.names();
      const keys = stored.feedback
        .map((row) => row.attachmentStorageKey)
        .filter((key): key is string => key !== null);
      const inPlace = names.filter(
        (name) => !name.startsWith('.staging') && !name.startsWith('seed/'),
      );
      if (lane.name === 'pglite') {
        expect(names.filter((name) => name.startsWith('.staging'))).toEqual([]);
        expect(inPlace.sort()).toEqual(keys.sort());
      } else {
        for (const name of inPlace) expect(keys).toContain(name);
      }
      console.info(
        `report crash: ${JSON.stringify({
          lane: lane.name,
          acknowledged: reports.filter((r) => r.outcome === 'acknowledged').length,
          cutOff: reports.filter((r) => r.outcome === 'lost').length,
          landed: landedCount,
          unsent: reports.filter((r) => r.outcome === 'sent').length,
        })}`,
      );
    },
  );
});
