/**
 * `npm run seed` killed half-way (SIGKILL) on an embedded data folder
 * (docs/decisions/045-the-embedded-database-keeps-data-kills-interrupted.md): what it wrote is
 * marked as an unfinished run, the next seed refuses with the line that says how to go on, the
 * server's start says so too, and `npm run seed -- --resume` (through the running server) writes
 * the rest: the same businesses an uninterrupted seed writes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from './db/client.ts';
import { seedRuns } from './db/schema.ts';
import { createDemoManagersIfNoUsers, seedBusinesses } from './tools/seed/index.ts';
import { buildOwnServer } from './test/build-server.ts';
import { runTool, spawnTool, startServer } from './test/processes.ts';

const TIMEOUT_MS = 240_000;
const COUNT = 2000;
const SEED = 7;

const folders: string[] = [];
let removeOwnBuild: (() => Promise<void>) | undefined;
beforeAll(async () => {
  removeOwnBuild = await buildOwnServer('seed-interrupted');
});
afterAll(async () => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  await removeOwnBuild?.();
});
const newFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fd-seed-kill-'));
  folders.push(dir);
  return dir;
};

async function withDatabase<T>(dataDir: string, work: (database: Database) => Promise<T>) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const businessesOf = (database: Database) =>
  queryRows<{ name: string; created: string; steps: number }>(
    database.db,
    sql`select b.business_name as name, b.created_at::text as created,
               (select count(*)::int from formation_steps s where s.business_id = b.id) as steps
          from businesses b order by b.business_name, b.created_at`,
  );

describe('npm run seed killed half-way', () => {
  it(
    'is marked, stops the next seed with a clear line, and --resume finishes it as begun',
    { timeout: TIMEOUT_MS },
    async () => {
      const dataDir = newFolder();
      const env = { DATA_DIR: dataDir };
      const child = spawnTool('seed', ['--businesses', String(COUNT), '--seed', String(SEED)], env);
      let output = '';
      const exited = new Promise<string | number>((resolve) =>
        child.on('exit', (code, signal) => resolve(signal ?? code ?? -1)),
      );
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += String(chunk);
          // Two batches in (PGlite writes 500 at a time, one after the other).
          if (output.includes(`… 1000 of ${COUNT} businesses generated`)) {
            child.kill('SIGKILL');
            resolve();
          }
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        void exited.then((code) => reject(new Error(`the seed ended (${code}):\n${output}`)));
      });
      expect(await exited).toBe('SIGKILL');

      // Marked: an unfinished run that names exactly what is there.
      const run = await withDatabase(dataDir, async (database) => {
        const [row] = await database.db.select().from(seedRuns);
        const [{ n }] = (await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from businesses`,
        )) as [{ n: number }];
        expect(row!.finishedAt).toBeNull();
        expect(n).toBe(row!.written);
        return row!;
      });
      // Batches commit without waiting for the disk (synchronous_commit off, decision 36), so
      // the kill may take the last ones with it; the record goes with its batch either way.
      expect(run.written).toBeLessThan(COUNT);
      console.info(`seed killed half-way: ${run.written} of ${COUNT} businesses kept`);

      // The next seed refuses and says how to go on.
      const refused = await runTool('seed', ['--businesses', '5'], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `Error: A seed was interrupted: ${run.written} of ${COUNT} businesses written (seed ${SEED}, started `,
      );
      expect(refused.stderr).toContain('Run "npm run seed -- --resume" to write the other');

      // So does the server's start; and the seed resumed through it finishes the run.
      const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
      try {
        expect(server.output()).toContain(
          `A seed was interrupted: ${run.written} of ${COUNT} businesses written`,
        );
        const resumed = await runTool('seed', ['--resume'], env);
        expect(resumed.code, resumed.stderr).toBe(0);
        expect(resumed.stdout).toContain(
          `Resuming the seed interrupted at ${run.written} of ${COUNT} businesses (seed ${SEED})`,
        );
        expect(resumed.stdout).toContain(
          `Resumed: seeded the other ${COUNT - run.written} businesses`,
        );
        const again = await runTool('seed', ['--resume'], env);
        expect(again.stdout).toContain('No seed was interrupted: nothing to resume.');
      } finally {
        server.child.kill('SIGTERM');
        expect(await server.exited, server.output()).toBe(0);
      }

      // The same businesses as the whole seed, run at once on a database of its own.
      const reference = await openDatabase({ memory: true });
      const filesDir = newFolder();
      try {
        await reference.migrate();
        await createDemoManagersIfNoUsers(reference);
        await seedBusinesses(reference, {
          count: COUNT,
          seed: SEED,
          filesDir,
          log: () => {},
          now: new Date(run.datesUntil),
        });
        const expected = await businessesOf(reference);
        await withDatabase(dataDir, async (database) => {
          expect(await businessesOf(database)).toEqual(expected);
          const [row] = await database.db.select().from(seedRuns);
          expect(row).toMatchObject({ written: COUNT });
          expect(row!.finishedAt).not.toBeNull();
        });
      } finally {
        await reference.close();
      }
    },
  );
});
