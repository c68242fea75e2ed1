/**
 * Client activity played by `npm run simulate` (decision 27): each event is
 * written with a notification for every active manager, which the live stream
 * carries, on every database lane.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { notificationListResponseSchema, notificationStreamBatchSchema } from '@fd/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as records from '../../test/manage-records.ts';
import {
  businesses,
  documents,
  formationSteps,
  manualPaymentReceipts,
  notifications,
} from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { openEventStream } from '../../test/event-stream.ts';
import { callApi, createUser, signIn, startTestApp, type TestApp } from '../../test/test-app.ts';
import { clientEventStatuses, simulateClients } from './client-activity.ts';

describe.each(lanes)('client activity on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let filesDir: string;

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
    filesDir = mkdtempSync(path.join(tmpdir(), 'fd-simulate-'));
  });
  afterAll(async () => {
    await harness?.close();
    await database?.dispose();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('plays each client’s three events, notifying every active manager live', async () => {
    const watcher = await signIn(harness, await createUser(database));
    const other = await createUser(database);
    const inactive = await createUser(database, { isActive: false });
    const ticket = await callApi(harness.baseUrl, 'POST', '/api/v1/notifications/stream/ticket/', {
      token: watcher.token,
    });
    const stream = await openEventStream(
      `${harness.baseUrl}/api/v1/notifications/stream/?ticket=${(ticket.body as { data: { ticket: string } }).data.ticket}`,
    );
    await stream.next();

    const lines: string[] = [];
    const played = await simulateClients(database, {
      clients: 2,
      rate: 100,
      filesDir,
      now: () => new Date(),
      log: (line) => lines.push(line),
      seed: 11,
    });
    expect(played).toBe(6);
    expect(lines.filter((line) => line.startsWith('New business submitted: '))).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith('Payment receipt uploaded: '))).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith('Document added: '))).toHaveLength(2);

    // Each manager's own, as their next read writes them out (decision 95).
    await records.catchUpActiveManagers(database.db);
    const rows = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.managerId, watcher.id));
    const ids = [...new Set(rows.map((row) => row.businessId!))];
    expect(ids).toHaveLength(2);
    expect(rows.map((row) => row.status).sort()).toEqual(
      [
        ...Array(2).fill(clientEventStatuses.document),
        ...Array(2).fill(clientEventStatuses.submitted),
        ...Array(2).fill(clientEventStatuses.receipt),
      ].sort(),
    );
    // Every active manager, and only they, was told of each event.
    const perManager = async (managerId: number) =>
      (await database.db.select().from(notifications).where(eq(notifications.managerId, managerId)))
        .length;
    expect(await perManager(other.id)).toBe(6);
    expect(await perManager(inactive.id)).toBe(0);

    // The businesses are new: every step Pending, a receipt, identity and business documents.
    const steps = await database.db
      .select()
      .from(formationSteps)
      .where(inArray(formationSteps.businessId, ids));
    expect(steps).toHaveLength(24);
    expect(new Set(steps.map((step) => step.status))).toEqual(new Set(['PENDING']));
    const created = await database.db
      .select({
        hasManualReceipt: businesses.hasManualReceipt,
        accountLevel: businesses.accountLevel,
      })
      .from(businesses)
      .where(inArray(businesses.id, ids));
    expect(created).toEqual([
      { hasManualReceipt: true, accountLevel: 'UNPAID' },
      { hasManualReceipt: true, accountLevel: 'UNPAID' },
    ]);
    const receipts = await database.db
      .select()
      .from(manualPaymentReceipts)
      .where(inArray(manualPaymentReceipts.businessId, ids));
    expect(receipts).toHaveLength(2);
    const kinds = (
      await database.db.select().from(documents).where(inArray(documents.businessId, ids))
    ).map((document) => document.kind);
    expect(kinds.filter((kind) => kind === 'kyb')).toHaveLength(2);

    // The stream carried all six, each once.
    const pushed: string[] = [];
    while (pushed.length < 6) {
      const event = await stream.next();
      pushed.push(
        ...notificationStreamBatchSchema.parse(JSON.parse(event.data)).detail.map((n) => n.uuid),
      );
    }
    expect(new Set(pushed)).toEqual(new Set(rows.map((row) => row.uuid)));
    expect(pushed).toHaveLength(6);
    stream.close();

    const listed = await callApi(harness.baseUrl, 'GET', '/api/v1/notifications/', {
      token: watcher.token,
    });
    expect(notificationListResponseSchema.parse(listed.body).data.counts.unread).toBe(6);
  });

  it('stops between two events when told to', async () => {
    const stop = new AbortController();
    const played = await simulateClients(database, {
      clients: 100,
      rate: 20,
      filesDir,
      now: () => new Date(),
      log: (line) => {
        if (line.startsWith('New business')) stop.abort();
      },
      signal: stop.signal,
    });
    expect(played).toBe(1);
  });
});
