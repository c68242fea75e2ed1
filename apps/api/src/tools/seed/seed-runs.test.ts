/**
 * A seed stopped half-way is marked and resumed as begun
 * (docs/decisions/045-the-embedded-database-keeps-data-kills-interrupted.md), on every lane: what a
 * kill leaves (the run recorded, some batches committed, no end) is made here directly;
 * seed-interrupted.test.ts kills a real seed process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { seedRuns } from '../../db/schema.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { InterruptedSeedError, beginSeedRun, findInterruptedSeed } from './seed-runs.ts';
import {
  DEMO_BUSINESS_COUNT,
  createDemoManagersIfNoUsers,
  resumeSeed,
  seedBusinesses,
  seedDemoIfEmpty,
} from './seed.service.ts';

const NOW = new Date('2026-03-01T12:00:00Z');
const noLog = () => {};

/** What a seed wrote, without the ids and emails that differ from one database to another. */
const businessesOf = (database: TestDatabase) =>
  queryRows<{ name: string; created: string; steps: number }>(
    database.db,
    sql`select b.business_name as name, b.created_at::text as created,
               (select count(*)::int from formation_steps s where s.business_id = b.id) as steps
          from businesses b order by b.business_name, b.created_at`,
  );

describe.each(lanes)('a seed stopped half-way on $name', (lane) => {
  let filesDir: string;
  const opened: TestDatabase[] = [];
  const open = async () => {
    const database = await lane.open();
    opened.push(database);
    await createDemoManagersIfNoUsers(database);
    return database;
  };
  beforeAll(() => {
    filesDir = mkdtempSync(path.join(tmpdir(), 'fd-seed-runs-'));
  });
  afterAll(async () => {
    for (const database of opened) await database.dispose();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('records every run, finished at its end', async () => {
    const database = await open();
    await seedBusinesses(database, { count: 30, seed: 5, filesDir, log: noLog, now: NOW });
    const runs = await database.db.select().from(seedRuns);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ source: 'cli', seed: 5, count: 30, written: 30 });
    expect(runs[0]!.finishedAt).not.toBeNull();
    expect(await findInterruptedSeed(database.db)).toBeUndefined();
  });

  it('is told apart, and resumed writes the businesses the whole run would have', async () => {
    // The whole run, for reference.
    const whole = await open();
    await seedBusinesses(whole, {
      count: 100,
      seed: 9,
      filesDir,
      log: noLog,
      now: NOW,
      batchSize: 25,
    });
    // The same run stopped after its first two batches (its progress line throws): recorded,
    // the batches in, no end — what a kill after them leaves, as a batch and its record
    // commit together.
    const stopped = await open();
    const stop = new Error('stopped');
    await expect(
      seedBusinesses(stopped, {
        count: 100,
        seed: 9,
        filesDir,
        log: (line) => {
          if (line.includes('50 of 100')) throw stop;
        },
        now: NOW,
        batchSize: 25,
      }),
    ).rejects.toBe(stop);

    const interrupted = await findInterruptedSeed(stopped.db);
    // PostgreSQL writes two batches at a time: the third may be in too.
    expect(interrupted).toMatchObject({ count: 100, source: 'cli' });
    const done = [...interrupted!.doneBatches].sort((a, b) => a - b);
    expect(done.slice(0, 2)).toEqual([0, 25]);
    const written = interrupted!.written;
    expect(written).toBe(interrupted!.doneBatches.length * 25);
    expect(new InterruptedSeedError(interrupted!).message).toMatch(
      new RegExp(
        `^A seed was interrupted: ${written} of 100 businesses written \\(seed 9, started .+\\)\\. Run "npm run seed -- --resume" to write the other ${100 - written}`,
      ),
    );
    const counts = await resumeSeed(stopped, interrupted!, { filesDir, log: noLog });
    expect(counts.businesses).toBe(100 - written);
    expect(await findInterruptedSeed(stopped.db)).toBeUndefined();
    expect(await businessesOf(stopped)).toEqual(await businessesOf(whole));
  });

  // On PostgreSQL another instance may be writing it: the start only tells.
  it('the demo data a start did not finish: finished by the next start, or reported on PostgreSQL', async () => {
    const database = await open();
    // Killed after the demo run was recorded, before its batch committed.
    await beginSeedRun(database.db, {
      source: 'demo',
      seed: 2026,
      count: DEMO_BUSINESS_COUNT,
      batchSize: 500,
      datesUntil: NOW,
    });
    if (lane.name === 'postgres') {
      const told: string[] = [];
      await seedDemoIfEmpty(database, { filesDir, log: (line) => told.push(line) });
      expect(told[0]).toMatch(
        /^A seed was interrupted: 0 of 300 businesses written \(the demo data, seed 2026, .+\)\. Run "npm run seed -- --resume" to finish it\.$/,
      );
      expect(await findInterruptedSeed(database.db)).toMatchObject({ source: 'demo' });
      return;
    }
    const lines: string[] = [];
    expect(await seedDemoIfEmpty(database, { filesDir, log: (line) => lines.push(line) })).toEqual({
      seeded: true,
    });
    expect(lines[0]).toMatch(
      /^A seed was interrupted: 0 of 300 businesses written \(the demo data, seed 2026, .+\)\. Writing the rest of the demo data\.$/,
    );
    const [{ n }] = (await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from businesses`,
    )) as [{ n: number }];
    expect(n).toBe(DEMO_BUSINESS_COUNT);
    expect(await findInterruptedSeed(database.db)).toBeUndefined();
    // And the next start has nothing to do.
    expect(await seedDemoIfEmpty(database, { filesDir, log: noLog })).toEqual({ seeded: false });
  });
});
