/**
 * `npm run backup` and `npm run restore` (docs/operations.md, "Backups";
 * docs/decisions/045-the-embedded-database-keeps-data-kills-interrupted.md): a seeded data folder
 * with uploads and comments is backed up by the running server (admin channel), wiped, restored,
 * and holds every row of every business table and every stored file, byte for byte, and nothing
 * written after the backup; the restored server serves them. A folder with data is replaced only
 * with --force, never under a running server; PostgreSQL is pointed at pg_dump.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_BASE_PATH,
  fileHistoryResponseSchema,
  manageApiPaths,
  postFormationCategories,
} from '@fd/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './db/client.ts';
import { DEMO_MANAGER } from './tools/seed/index.ts';
import { buildOwnServer } from './test/build-server.ts';
import { feedback } from './db/schema.ts';
import {
  POST_FORMATION_STEP,
  contentOf,
  filesUnder,
  setUpCrashFixture,
  signInAt,
} from './test/crash-helpers.ts';
import { lanes } from './test/databases.ts';
import { runTool, startServer, type RunningProcess } from './test/processes.ts';
import { TEST_JWT_SECRET, callApi, type TestUser } from './test/test-app.ts';

const TIMEOUT_MS = 240_000;
/** The tables a restore must give back row for row. */
const TABLES = [
  'users',
  'businesses',
  'formation_steps',
  'documents',
  'shareholders',
  'online_payments',
  'manual_payment_receipts',
  'comments',
  'feedback',
  'manager_logs',
  'notifications',
] as const;

const folders: string[] = [];
const running = new Set<RunningProcess>();
let removeOwnBuild: (() => Promise<void>) | undefined;

beforeAll(async () => {
  removeOwnBuild = await buildOwnServer('backup');
});
afterEach(async () => {
  for (const server of running) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  running.clear();
});
afterAll(async () => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  await removeOwnBuild?.();
});

const newFolder = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
};

async function start(dataDir: string): Promise<RunningProcess> {
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  running.add(server);
  return server;
}
async function stop(server: RunningProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);
  running.delete(server);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every row of TABLES, and every stored file's digest: what a restore must give back. */
async function snapshot(dataDir: string) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    const rows: Record<string, unknown[]> = {};
    for (const table of TABLES) {
      rows[table] = await queryRows(database.db, sql.raw(`select * from "${table}" order by id`));
    }
    const filesDir = path.join(dataDir, 'files');
    const files = Object.fromEntries(
      filesUnder(filesDir).map((name) => [name, sha256(readFileSync(path.join(filesDir, name)))]),
    );
    return { rows, files };
  } finally {
    await database.close();
  }
}

const demoManager = { ...DEMO_MANAGER, id: 0, uuid: '' } satisfies TestUser;

describe('npm run backup and npm run restore (embedded mode)', () => {
  it(
    'backs up beside the running server; a wiped folder restored holds every row and file as backed up',
    { timeout: TIMEOUT_MS },
    async () => {
      const dataDir = newFolder('fd-backup-');
      const backupFile = path.join(newFolder('fd-backup-file-'), 'nightly.fdbackup');
      const env = { DATA_DIR: dataDir };

      // A small seed (demo managers, 12 businesses with documents, logs, comments), then the
      // first business and its post-formation step, read while no server holds the folder.
      const seeded = await runTool('seed', ['--businesses', '12'], env);
      expect(seeded.code, seeded.stderr).toBe(0);
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      const [business] = await queryRows<{ uuid: string; step_id: number }>(
        database.db,
        sql`select b.uuid, s.id as step_id from businesses b
              join formation_steps s on s.business_id = b.id and s.step_key = ${POST_FORMATION_STEP}
            order by b.id limit 1`,
      );
      await database.close();

      // Uploads and comments through the server.
      let server = await start(dataDir);
      let token = await signInAt(server.url, demoManager);
      const auth = { authorization: `Bearer ${token}` };
      const comment = (text: string) =>
        callApi(server.url, 'POST', `${API_BASE_PATH}/${manageApiPaths.comments}`, {
          token,
          json: { comment: text, business: business!.uuid },
        });
      for (const n of [1, 2, 3]) {
        const form = new FormData();
        form.append('feedbackTitle', postFormationCategories[n]!);
        form.append('statusItemId', String(business!.step_id));
        form.append('messageBody', `Upload ${n}`);
        form.append('businessId', business!.uuid);
        const fileName = `backup-${n}.${n === 2 ? 'png' : 'pdf'}`;
        form.append('file', new Blob([contentOf(fileName)]), fileName);
        const response = await fetch(
          `${server.url}${API_BASE_PATH}/manager/business/feedback/post-doc-formation/upload/`,
          { method: 'POST', headers: auth, body: form },
        );
        expect(response.status, await response.text()).toBe(201);
        expect((await comment(`Before the backup ${n}`)).status).toBe(200);
      }
      await stop(server);
      const expected = await snapshot(dataDir);
      expect(expected.rows.feedback!.length).toBeGreaterThan(3);
      expect(Object.keys(expected.files).length).toBeGreaterThanOrEqual(6);

      // The backup, taken by the running server; then a write it must not hold.
      server = await start(dataDir);
      const backup = await runTool('backup', [backupFile], env);
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stderr).toContain('it runs this command');
      expect(backup.stdout).toMatch(/^Backed up the database \(.+\) and \d+ files/);
      token = await signInAt(server.url, demoManager);
      expect((await comment('After the backup')).status).toBe(200);
      // A backup never overwrites a file.
      const again = await runTool('backup', [backupFile], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already exists');
      // Nor is a folder restored under its running server.
      const underServer = await runTool('restore', [backupFile, '--force'], env);
      expect(underServer.code).toBe(1);
      expect(underServer.stderr).toContain('in use by the Formation Desk server');
      await stop(server);

      // A folder with data is replaced only with --force.
      const refused = await runTool('restore', [backupFile], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('already holds a database and stored files');
      expect(refused.stderr).toContain('--force');

      // Wiped, restored.
      rmSync(dataDir, { recursive: true, force: true });
      const restored = await runTool('restore', [backupFile], env);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(/Restored the backup of .+: 12 businesses, \d+ documents/);
      expect(await snapshot(dataDir)).toEqual(expected);
      expect(filesUnder(dataDir).filter((name) => name.startsWith('.restore-'))).toEqual([]);

      // The restored server serves them: every file of the business downloads as stored.
      server = await start(dataDir);
      token = await signInAt(server.url, demoManager);
      const history = await callApi(
        server.url,
        'GET',
        `${API_BASE_PATH}/${manageApiPaths.fileHistory(business!.uuid)}`,
        { token },
      );
      expect(history.status, history.text).toBe(200);
      const entries = fileHistoryResponseSchema.parse(history.body).data.file_history;
      expect(entries.filter((entry) => entry.file_name.startsWith('backup-'))).toHaveLength(3);
      for (const entry of entries) {
        const download = await fetch(server.url + entry.download_url);
        expect(download.status, entry.file_name).toBe(200);
        const digest = sha256(Buffer.from(await download.arrayBuffer()));
        expect(Object.values(expected.files), entry.file_name).toContain(digest);
      }
      await stop(server);

      // --force replaces what the folder holds now (the sign-in above) with the backup again.
      const forced = await runTool('restore', [backupFile, '--force'], env);
      expect(forced.code, forced.stderr).toBe(0);
      expect(await snapshot(dataDir)).toEqual(expected);
    },
  );

  it(
    'is of one moment while uploads go on: every restored row has its file, and no file is without a row',
    { timeout: TIMEOUT_MS },
    async () => {
      const dataDir = newFolder('fd-backup-busy-');
      const backupFile = path.join(newFolder('fd-backup-file-'), 'busy.fdbackup');
      const fixture = await (async () => {
        const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
        try {
          return await setUpCrashFixture(database, {
            businessCount: 2,
            chainKinds: [],
            cycleLength: 2,
          });
        } finally {
          await database.close();
        }
      })();
      const server = await start(dataDir);
      const token = await signInAt(server.url, fixture.manager);
      let uploading = true;
      const acknowledged: string[] = [];
      let sent = 0;
      const uploadWorker = async () => {
        while (uploading) {
          const n = (sent += 1);
          const fileName = `busy-${n}.pdf`;
          const business = fixture.businesses[n % fixture.businesses.length]!;
          const form = new FormData();
          form.append(
            'feedbackTitle',
            postFormationCategories[n % postFormationCategories.length]!,
          );
          form.append('statusItemId', String(business.postFormationStepId));
          form.append('messageBody', `Upload ${n}`);
          form.append('businessId', business.uuid);
          form.append('file', new Blob([contentOf(fileName)]), fileName);
          const response = await fetch(
            `${server.url}${API_BASE_PATH}/manager/business/feedback/post-doc-formation/upload/`,
            { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form },
          );
          expect(response.status, await response.text()).toBe(201);
          acknowledged.push(fileName);
        }
      };
      const workers = [uploadWorker(), uploadWorker()];
      while (acknowledged.length < 6) await new Promise((resolve) => setTimeout(resolve, 20));
      const before = acknowledged.length;
      const backup = await runTool('backup', [backupFile], { DATA_DIR: dataDir });
      const after = acknowledged.length;
      uploading = false;
      await Promise.all(workers);
      expect(backup.code, backup.stderr).toBe(0);
      await stop(server);

      const restoredDir = newFolder('fd-backup-busy-restored-');
      const restored = await runTool('restore', [backupFile], { DATA_DIR: restoredDir });
      expect(restored.code, restored.stderr).toBe(0);
      const database = await openDatabase({ pgliteDir: path.join(restoredDir, 'db') });
      const rows = await database.db.select().from(feedback);
      await database.close();
      // Every upload answered before the backup began is in it; none answered after it ended.
      expect(rows.length).toBeGreaterThanOrEqual(before);
      expect(rows.length).toBeLessThanOrEqual(after + 2);
      const filesDir = path.join(restoredDir, 'files');
      for (const row of rows) {
        expect(
          readFileSync(path.join(filesDir, row.attachmentStorageKey!)).equals(
            contentOf(row.attachmentFileName!),
          ),
          row.attachmentFileName!,
        ).toBe(true);
      }
      expect(filesUnder(filesDir)).toEqual(
        rows.map((row) => path.normalize(row.attachmentStorageKey!)).sort(),
      );
      console.info(
        `backup while uploading: ${before} acknowledged before it, ${after} by its end, ${rows.length} in it`,
      );
    },
  );

  const postgres = lanes.find((lane) => lane.name === 'postgres');
  it.runIf(postgres)(
    'points at pg_dump and pg_restore on PostgreSQL',
    { timeout: TIMEOUT_MS },
    async () => {
      const database = await postgres!.open();
      try {
        const env = {
          DATA_DIR: newFolder('fd-backup-pg-'),
          DATABASE_URL: database.url!,
          JWT_SECRET: TEST_JWT_SECRET,
        };
        const file = path.join(newFolder('fd-backup-file-'), 'pg.fdbackup');
        const backup = await runTool('backup', [file], env);
        expect(backup.code).toBe(1);
        expect(backup.stderr).toContain('pg_dump');
        const restore = await runTool('restore', [file], env);
        expect(restore.code).toBe(1);
        expect(restore.stderr).toContain('pg_restore');
      } finally {
        await database.dispose();
      }
    },
  );
});
