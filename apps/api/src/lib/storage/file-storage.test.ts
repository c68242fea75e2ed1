/**
 * Every storage driver keeps the same promises (file-storage.ts;
 * docs/decisions/024-feedback-uploads-and-the-file-history.md,
 * docs/decisions/044-files-in-postgresql-when-several-instances-share.md): the local folder, and
 * the database's blob tables on every database lane (PostgreSQL when DATABASE_URL is set; PGlite
 * always, though the server uses the folder there).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import {
  InvalidStorageKeyError,
  StoredFileNotFoundError,
  type FileStorage,
} from './file-storage.ts';
import { createLocalFileStorage } from './local-file-storage.ts';
import { createPostgresFileStorage, STORED_FILE_CHUNK_BYTES } from './postgres-file-storage.ts';

const folders: string[] = [];
const newRoot = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'fd-storage-test-'));
  folders.push(root);
  return root;
};

const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases.splice(0)) await database.dispose();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A driver under test, with what a test needs to look behind its interface. */
interface Subject {
  storage: FileStorage;
  /** What a crash leaves when it cuts an upload off mid-stream. */
  leaveHalfWritten(): Promise<void>;
  /** Files staged or half-written, not yet committed. */
  pending(): Promise<number>;
  /** Every file stored, in any state. */
  stored(): Promise<number>;
}

interface Driver {
  name: string;
  create(): Promise<Subject>;
}

const localDriver: Driver = {
  name: 'the local folder',
  async create() {
    const root = newRoot();
    const filesUnder = (dir: string) =>
      existsSync(dir)
        ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
        : [];
    return {
      storage: createLocalFileStorage(root),
      async leaveHalfWritten() {
        writeFileSync(path.join(root, '.staging', `${'f'.repeat(32)}.part`), 'half');
      },
      pending: async () => filesUnder(path.join(root, '.staging')).length,
      stored: async () => filesUnder(root).length,
    };
  },
};

const blobDrivers: Array<
  Driver & { open(): Promise<TestDatabase>; shared: Promise<TestDatabase> | undefined }
> = lanes.map((lane) => ({
  name: `the blob tables on ${lane.name}`,
  async open() {
    const database = await lane.open();
    databases.push(database);
    return database;
  },
  /** One database per lane for these tests, emptied for each. */
  shared: undefined as Promise<TestDatabase> | undefined,
  async create() {
    this.shared ??= this.open();
    const database = await this.shared;
    await database.db.execute(sql`truncate stored_files, stored_file_chunks`);
    const count = async (where: string) =>
      Number(
        (
          await queryRows<{ n: string }>(
            database.db,
            sql.raw(`select count(*) as n from stored_files ${where}`),
          )
        )[0]!.n,
      );
    return {
      storage: createPostgresFileStorage(database.db),
      async leaveHalfWritten() {
        const key = `ff/${'f'.repeat(32)}`;
        await database.db.execute(
          sql`insert into stored_files (key, state) values (${key}, 'writing')`,
        );
        await database.db.execute(
          sql`insert into stored_file_chunks (key, seq, bytes) values (${key}, 0, ${Buffer.from('half')})`,
        );
      },
      pending: () => count(`where state <> 'committed'`),
      stored: () => count(''),
    };
  },
}));

describe.each([localDriver, ...blobDrivers])('file storage in $name', (driver) => {
  it('stores a buffer and a stream under new random keys and reads them back', async () => {
    const { storage } = await driver.create();
    const fromBuffer = await storage.put(Buffer.from('hello, buffer'));
    const fromStream = await storage.put(Readable.from(['hello, ', 'stream']));
    expect(fromBuffer.size).toBe(13);
    expect(fromStream.size).toBe(13);
    expect(fromBuffer.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(fromBuffer.storageKey).not.toBe(fromStream.storageKey);

    const opened = await storage.open(fromStream.storageKey);
    expect(opened.size).toBe(13);
    expect(await text(opened.stream)).toBe('hello, stream');
    const empty = await storage.put(Buffer.alloc(0));
    expect(empty.size).toBe(0);
    expect((await buffer((await storage.open(empty.storageKey)).stream)).length).toBe(0);
  });

  it('stores content under a fixed key once (the seed), and refuses keys that are not plain', async () => {
    const subject = await driver.create();
    const { storage } = subject;
    await storage.ensure('seed/sample.pdf', Buffer.from('%PDF first'));
    await storage.ensure('seed/sample.pdf', Buffer.from('%PDF second'));
    // Seeds at the same moment (two instances starting on one empty database).
    await Promise.all([
      storage.ensure('seed/other.png', Buffer.from('png')),
      storage.ensure('seed/other.png', Buffer.from('png')),
    ]);
    const opened = await storage.open('seed/sample.pdf');
    expect(opened.size).toBe(10);
    expect(await text(opened.stream)).toBe('%PDF first');
    expect(await text((await storage.open('seed/other.png')).stream)).toBe('png');
    // A stream too (a folder's file copied in); one that is not needed is left unread.
    await storage.ensure('seed/streamed.bin', Readable.from([Buffer.from('a'), Buffer.from('b')]));
    const unneeded = Readable.from(['never']);
    await storage.ensure('seed/streamed.bin', unneeded);
    expect(unneeded.destroyed).toBe(true);
    expect(await text((await storage.open('seed/streamed.bin')).stream)).toBe('ab');
    expect(await subject.stored()).toBe(3);
    for (const key of ['', '.staging/x', 'seed/../x', 'seed//x', '/seed/x', 'seed/x/', 'a\0b']) {
      await expect(storage.ensure(key, Buffer.from('x')), key).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
    }
  });

  it('deletes, and a missing file is StoredFileNotFoundError (delete twice is fine)', async () => {
    const subject = await driver.create();
    const { storage } = subject;
    const { storageKey } = await storage.put(Buffer.from('bye'));
    await storage.delete(storageKey);
    await storage.delete(storageKey);
    expect(await subject.stored()).toBe(0);
    await expect(storage.open(storageKey)).rejects.toBeInstanceOf(StoredFileNotFoundError);
    await expect(storage.open(storageKey.slice(0, 2))).rejects.toBeInstanceOf(
      StoredFileNotFoundError,
    );
  });

  it('refuses keys that are empty, absolute or lead anywhere else', async () => {
    const { storage } = await driver.create();
    for (const key of ['', '.', '..', '../x', 'a/../../x', '/etc/passwd', 'a\0b']) {
      await expect(storage.open(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });

  it('leaves nothing behind when the source stream fails', async () => {
    const subject = await driver.create();
    const failing = new Readable({
      read() {
        this.push('partial');
        this.destroy(new Error('client went away'));
      },
    });
    await expect(subject.storage.put(failing)).rejects.toThrow('client went away');
    const failingLate = Readable.from(
      (async function* () {
        yield randomBytes(STORED_FILE_CHUNK_BYTES + 10);
        throw new Error('client went away later');
      })(),
    );
    await expect(subject.storage.stage(failingLate)).rejects.toThrow('client went away later');
    expect(await subject.stored()).toBe(0);
  });

  it('stages a file out of sight, commits it into place, or discards it', async () => {
    const subject = await driver.create();
    const { storage } = subject;
    const kept = await storage.stage(Readable.from(['kept']));
    const dropped = await storage.stage(Readable.from(['dropped']));
    expect(kept.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(await subject.pending()).toBe(2);
    // Readable while staged: the moment between a row's commit and the file's.
    expect(await text((await storage.open(kept.storageKey)).stream)).toBe('kept');

    await storage.commit(kept.storageKey);
    await storage.discard(dropped.storageKey);
    expect(await text((await storage.open(kept.storageKey)).stream)).toBe('kept');
    await expect(storage.open(dropped.storageKey)).rejects.toBeInstanceOf(StoredFileNotFoundError);
    expect(await subject.pending()).toBe(0);
    expect(await subject.stored()).toBe(1);
    // Only keys the storage made can be staged, committed or discarded.
    for (const key of ['seed/sample.pdf', '../x', 'ab/cd']) {
      await expect(storage.commit(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.discard(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });

  it('recovers after a crash: commits what a row names, removes the rest and half-written parts', async () => {
    const subject = await driver.create();
    const { storage } = subject;
    const named = await storage.stage(Readable.from(['named']));
    const orphan = await storage.stage(Readable.from(['orphan']));
    await subject.leaveHalfWritten();

    // Too young: another instance may still be writing them.
    expect(
      await storage.recoverStaged({ isReferenced: async () => true, minAgeMs: 60_000 }),
    ).toEqual({ committed: 0, discarded: 0 });

    const asked: string[] = [];
    const result = await storage.recoverStaged({
      isReferenced: async (key) => {
        asked.push(key);
        return key === named.storageKey;
      },
      minAgeMs: 0,
    });
    expect(result).toEqual({ committed: 1, discarded: 2 });
    expect(asked.sort()).toEqual([named.storageKey, orphan.storageKey].sort());
    expect(await subject.pending()).toBe(0);
    expect(await subject.stored()).toBe(1);
    expect(await text((await storage.open(named.storageKey)).stream)).toBe('named');
  });

  it('streams a file of several chunks back byte for byte', async () => {
    const { storage } = await driver.create();
    const content = randomBytes(5 * STORED_FILE_CHUNK_BYTES + 12_345);
    // In 64 KiB pieces, as an upload arrives.
    const pieces = Array.from({ length: Math.ceil(content.length / 65_536) }, (_, i) =>
      content.subarray(i * 65_536, (i + 1) * 65_536),
    );
    const staged = await storage.stage(Readable.from(pieces));
    expect(staged.size).toBe(content.length);
    await storage.commit(staged.storageKey);
    const opened = await storage.open(staged.storageKey);
    expect(opened.size).toBe(content.length);
    const read = await buffer(opened.stream);
    expect(createHash('sha256').update(read).digest('hex')).toBe(
      createHash('sha256').update(content).digest('hex'),
    );
  });
});

describe('the local folder only', () => {
  it('leaves no part file behind, and stages under .staging', async () => {
    const root = newRoot();
    const storage = createLocalFileStorage(root);
    const { storageKey } = await storage.put(Buffer.from('x'));
    const shard = path.join(root, storageKey.slice(0, 2));
    expect(readdirSync(shard).some((name) => name.endsWith('.part'))).toBe(false);
    const staged = await storage.stage(Readable.from(['staged']));
    expect(existsSync(path.join(root, staged.storageKey))).toBe(false);
    expect(readdirSync(path.join(root, '.staging'))).toEqual([staged.storageKey.slice(3)]);
    await storage.commit(staged.storageKey);
    expect(existsSync(path.join(root, staged.storageKey))).toBe(true);
  });

  it('refuses a key that leads outside the root, and leaves the file there alone', async () => {
    const root = newRoot();
    const outside = path.join(path.dirname(root), `outside-${path.basename(root)}`);
    writeFileSync(outside, 'secret');
    const storage = createLocalFileStorage(root);
    for (const key of [`../${path.basename(outside)}`, outside]) {
      await expect(storage.open(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(existsSync(outside)).toBe(true);
    rmSync(outside);
  });
});

describe.each(blobDrivers)('$name only', (driver) => {
  const chunkBytes = 128 * 1024;
  const chunksOf = async (database: TestDatabase, key: string) =>
    queryRows<{ seq: number; length: number }>(
      database.db,
      sql`select seq, length(bytes) as length from stored_file_chunks
          where key = ${key} order by seq`,
    );

  it('writes each chunk as the upload arrives, never the whole file at once', async () => {
    const database = await driver.open();
    const storage = createPostgresFileStorage(database.db, { chunkBytes });
    const chunkRows = async () =>
      Number(
        (
          await queryRows<{ n: string }>(
            database.db,
            sql`select count(*) as n from stored_file_chunks`,
          )
        )[0]!.n,
      );
    const pieceBytes = 16 * 1024;
    const content = randomBytes(16 * chunkBytes + 100);
    /** Before each piece is handed over: how many chunks the table held already. */
    const seen: Array<{ sent: number; rows: number }> = [];
    const source = Readable.from(
      (async function* () {
        for (let sent = 0; sent < content.length; sent += pieceBytes) {
          seen.push({ sent, rows: await chunkRows() });
          yield content.subarray(sent, sent + pieceBytes);
        }
      })(),
    );
    const { storageKey, size } = await storage.put(source);
    expect(size).toBe(content.length);
    // Every whole chunk sent before a piece was in the table by the time the piece after it was asked for.
    for (const { sent, rows } of seen) {
      expect(rows, `after ${sent} bytes`).toBeGreaterThanOrEqual(Math.floor(sent / chunkBytes) - 1);
    }
    const chunks = await chunksOf(database, storageKey);
    expect(chunks.map((chunk) => chunk.seq)).toEqual([...Array(17).keys()]);
    expect(chunks.slice(0, 16).every((chunk) => Number(chunk.length) === chunkBytes)).toBe(true);
    expect(Number(chunks[16]!.length)).toBe(100);
  });

  it('reads a chunk only when the reader wants it', async () => {
    const database = await driver.open();
    const storage = createPostgresFileStorage(database.db, { chunkBytes });
    const content = randomBytes(12 * chunkBytes);
    const { storageKey } = await storage.put(content);

    const execute = vi.spyOn(database.db, 'execute');
    const chunkQueries = () =>
      execute.mock.calls.filter(([query]) =>
        JSON.stringify(query).includes('from stored_file_chunks'),
      ).length;
    try {
      const opened = await storage.open(storageKey);
      expect(opened.size).toBe(content.length);
      // Opened, not read: nothing fetched yet (the stream starts when piped).
      expect(chunkQueries()).toBe(0);
      const received: Buffer[] = [];
      for await (const piece of opened.stream as AsyncIterable<Buffer>) {
        received.push(piece);
        // At most the chunk handed over and one read ahead: never the file.
        expect(chunkQueries()).toBeLessThanOrEqual(received.length + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      expect(received.length).toBe(12);
      expect(chunkQueries()).toBe(12);
      expect(Buffer.concat(received).equals(content)).toBe(true);
    } finally {
      execute.mockRestore();
    }
  });

  it('ends the stream with an error when the file is deleted while it is read', async () => {
    const database = await driver.open();
    const storage = createPostgresFileStorage(database.db, { chunkBytes });
    const { storageKey } = await storage.put(randomBytes(4 * chunkBytes));
    const opened = await storage.open(storageKey);
    const reader = (opened.stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
    expect((await reader.next()).done).toBe(false);
    await storage.delete(storageKey);
    await expect(
      (async () => {
        for (;;) if ((await reader.next()).done) break;
      })(),
    ).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });
});
