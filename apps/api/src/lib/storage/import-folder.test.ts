/**
 * A PostgreSQL deployment from before decision 44 copies its files folder into the database
 * (docs/operations.md): every file under the same key, streamed, once.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { StoredFileNotFoundError } from './file-storage.ts';
import { importFolder } from './import-folder.ts';
import { createPostgresFileStorage, STORED_FILE_CHUNK_BYTES } from './postgres-file-storage.ts';

describe.each(lanes)('copying a files folder into the blob tables on $name', (lane) => {
  let database: TestDatabase | undefined;
  const root = mkdtempSync(path.join(tmpdir(), 'fd-import-'));
  afterAll(async () => {
    await database?.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('copies every stored file once, leaves staging, parts and strangers out', async () => {
    database = await lane.open();
    const storage = createPostgresFileStorage(database.db);
    const key = `3f/3f${'0'.repeat(30)}`;
    const big = randomBytes(3 * STORED_FILE_CHUNK_BYTES + 5);
    const files: Record<string, Buffer> = {
      [key]: big,
      'seed/sample-passport.pdf': Buffer.from('%PDF-1.4 sample'),
      [`.staging/${'a'.repeat(32)}`]: Buffer.from('staged'),
      [`3f/3f${'1'.repeat(30)}.part`]: Buffer.from('half'),
      'notes .txt': Buffer.from('stray'),
    };
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), content);
    }

    expect(await importFolder(storage, root)).toEqual({
      copied: 2,
      bytes: big.length + 15,
      present: 0,
      skipped: ['notes .txt'],
    });
    expect((await buffer((await storage.open(key)).stream)).equals(big)).toBe(true);
    expect((await buffer((await storage.open('seed/sample-passport.pdf')).stream)).toString()).toBe(
      '%PDF-1.4 sample',
    );
    await expect(storage.open(`aa/${'a'.repeat(32)}`)).rejects.toBeInstanceOf(
      StoredFileNotFoundError,
    );

    // Again (or from another instance): nothing to copy.
    expect(await importFolder(storage, root)).toMatchObject({ copied: 0, present: 2 });
    expect(await importFolder(storage, path.join(root, 'missing'))).toMatchObject({ copied: 0 });
  });
});
