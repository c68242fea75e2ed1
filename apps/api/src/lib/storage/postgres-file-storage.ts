import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import {
  InvalidStorageKeyError,
  isFixedStorageKey,
  isNewStorageKey,
  newStorageKey,
  StoredFileNotFoundError,
  type FileStorage,
  type OpenedFile,
} from './file-storage.ts';

/** The bytes of a stored file are rows of this size (the last one shorter); decision 44. */
export const STORED_FILE_CHUNK_BYTES = 256 * 1024;

type FinalState = 'staged' | 'committed';

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Files in the database itself (tables `stored_files` and `stored_file_chunks`, migration 0015):
 * the driver when the database is PostgreSQL, so that every instance reads every file
 * (docs/decisions/044-files-in-postgresql-when-several-instances-share.md). Bytes go in and out a
 * chunk at a time — a statement per chunk, on whichever pooled connection is free, never a
 * transaction held open while a client sends or reads — so neither an upload nor a download holds
 * more than about two chunks in memory.
 *
 * A file is `writing` while its chunks arrive (nothing reads it; a crash leaves it for
 * recoverStaged), then `staged` or `committed` as on the local driver (decision 24).
 */
export function createPostgresFileStorage(
  db: Db,
  { chunkBytes = STORED_FILE_CHUNK_BYTES }: { chunkBytes?: number } = {},
): FileStorage {
  const checkKey = (storageKey: string) => {
    if (!isFixedStorageKey(storageKey)) throw new InvalidStorageKeyError(storageKey);
  };
  const checkStagedKey = (storageKey: string) => {
    if (!isNewStorageKey(storageKey)) throw new InvalidStorageKeyError(storageKey);
  };

  /** One chunk, and the file's `updated_at` with it: recovery leaves a live upload alone. */
  async function insertChunk(storageKey: string, seq: number, bytes: Buffer): Promise<void> {
    const inserted = await queryRows<{ seq: number }>(
      db,
      sql`with touched as (
            update stored_files set updated_at = now()
            where key = ${storageKey} and state = 'writing'
            returning key
          )
          insert into stored_file_chunks (key, seq, bytes)
          select key, ${seq}, ${bytes} from touched
          returning seq`,
    );
    // Another instance's recovery removed it: the upload has been going on for over an hour.
    if (inserted.length === 0) throw new StoredFileNotFoundError(storageKey);
  }

  /**
   * Streams `content` in, a chunk per statement; answers the key and size. Under a key of
   * its own by default; under `fixedKey` only when nothing is stored there yet (else
   * undefined, and the content is left unread).
   */
  async function write(
    content: Readable | Uint8Array,
    state: FinalState,
    fixedKey?: string,
  ): Promise<{ storageKey: string; size: number } | undefined> {
    const storageKey = fixedKey ?? newStorageKey();
    const created = await queryRows<{ key: string }>(
      db,
      sql`insert into stored_files (key, state) values (${storageKey}, 'writing')
          on conflict (key) do nothing
          returning key`,
    );
    if (created.length === 0) {
      if (content instanceof Readable) content.destroy();
      return undefined;
    }
    try {
      const source = content instanceof Readable ? content : Readable.from([content]);
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let seq = 0;
      let size = 0;
      for await (const piece of source as AsyncIterable<Buffer | string>) {
        const bytes = typeof piece === 'string' ? Buffer.from(piece) : asBuffer(piece);
        pending.push(bytes);
        pendingBytes += bytes.length;
        size += bytes.length;
        while (pendingBytes >= chunkBytes) {
          const joined = Buffer.concat(pending, pendingBytes);
          await insertChunk(storageKey, seq, joined.subarray(0, chunkBytes));
          seq += 1;
          pending = [joined.subarray(chunkBytes)];
          pendingBytes -= chunkBytes;
        }
      }
      if (pendingBytes > 0) {
        await insertChunk(storageKey, seq, Buffer.concat(pending, pendingBytes));
        seq += 1;
      }
      const finished = await queryRows<{ key: string }>(
        db,
        sql`update stored_files
            set state = ${state}, size = ${size}, chunk_count = ${seq}, updated_at = now()
            where key = ${storageKey} and state = 'writing'
            returning key`,
      );
      if (finished.length === 0) throw new StoredFileNotFoundError(storageKey);
      return { storageKey, size };
    } catch (error) {
      await db.execute(sql`delete from stored_files where key = ${storageKey}`).catch(() => {});
      throw error;
    }
  }

  /** A new random key never meets a stored one (128 random bits). */
  async function writeNew(content: Readable | Uint8Array, state: FinalState) {
    const written = await write(content, state);
    if (!written) throw new Error('A new storage key was already taken.');
    return written;
  }

  return {
    put: (content) => writeNew(content, 'committed'),

    stage: (content) => writeNew(content, 'staged'),

    async commit(storageKey) {
      checkStagedKey(storageKey);
      // Committed already (another start's recovery got there first) is fine.
      const rows = await queryRows<{ key: string }>(
        db,
        sql`update stored_files set state = 'committed', updated_at = now()
            where key = ${storageKey} and state in ('staged', 'committed')
            returning key`,
      );
      if (rows.length === 0) throw new StoredFileNotFoundError(storageKey);
    },

    async discard(storageKey) {
      checkStagedKey(storageKey);
      await db.execute(
        sql`delete from stored_files where key = ${storageKey} and state <> 'committed'`,
      );
    },

    async recoverStaged({ isReferenced, minAgeMs }) {
      // The database's clock, the same for every instance.
      const pending = await queryRows<{ key: string; state: 'writing' | 'staged' }>(
        db,
        sql`select key, state from stored_files
            where state <> 'committed'
              and updated_at <= now() - make_interval(secs => ${minAgeMs / 1000})
            order by key`,
      );
      let committed = 0;
      let discarded = 0;
      for (const { key, state } of pending) {
        if (state === 'staged' && (await isReferenced(key))) {
          await db.execute(
            sql`update stored_files set state = 'committed', updated_at = now()
                where key = ${key} and state = 'staged'`,
          );
          committed += 1;
        } else {
          // Half-written (its upload died with its process), or staged and named by no row.
          await db.execute(sql`delete from stored_files where key = ${key} and state = ${state}`);
          discarded += 1;
        }
      }
      return { committed, discarded };
    },

    async ensure(storageKey, content) {
      checkKey(storageKey);
      // A stream (the folder's files being copied in) goes a chunk at a time.
      if (content instanceof Readable) {
        await write(content, 'committed', storageKey);
        return;
      }
      const bytes = asBuffer(content);
      const chunkCount = Math.ceil(bytes.length / chunkBytes);
      // One transaction: a second seed at the same moment waits on the key, then finds it.
      await db.transaction(async (tx) => {
        const created = await queryRows<{ key: string }>(
          tx,
          sql`insert into stored_files (key, state, size, chunk_count)
              values (${storageKey}, 'committed', ${bytes.length}, ${chunkCount})
              on conflict (key) do nothing
              returning key`,
        );
        if (created.length === 0) return;
        for (let seq = 0; seq < chunkCount; seq += 1) {
          const chunk = bytes.subarray(seq * chunkBytes, (seq + 1) * chunkBytes);
          await tx.execute(
            sql`insert into stored_file_chunks (key, seq, bytes)
                values (${storageKey}, ${seq}, ${chunk})`,
          );
        }
      });
    },

    async open(storageKey): Promise<OpenedFile> {
      checkKey(storageKey);
      const [file] = await queryRows<{ size: string | number; chunk_count: number }>(
        db,
        sql`select size, chunk_count from stored_files
            where key = ${storageKey} and state <> 'writing'`,
      );
      if (!file) throw new StoredFileNotFoundError(storageKey);
      const size = Number(file.size);
      const chunkCount = Number(file.chunk_count);
      let seq = 0;
      let streamed = 0;
      // A query per chunk, asked for only when the reader wants more: a slow client holds one
      // chunk, and no connection, while it reads.
      const stream = new Readable({
        async read() {
          try {
            if (seq === chunkCount) {
              if (streamed !== size) throw new StoredFileNotFoundError(storageKey);
              this.push(null);
              return;
            }
            const [chunk] = await queryRows<{ bytes: Uint8Array }>(
              db,
              sql`select bytes from stored_file_chunks where key = ${storageKey} and seq = ${seq}`,
            );
            // Deleted while it was being read.
            if (!chunk) throw new StoredFileNotFoundError(storageKey);
            seq += 1;
            streamed += chunk.bytes.length;
            this.push(asBuffer(chunk.bytes));
          } catch (error) {
            this.destroy(error as Error);
          }
        },
      });
      return { stream, size };
    },

    async delete(storageKey) {
      checkKey(storageKey);
      await db.execute(sql`delete from stored_files where key = ${storageKey}`);
    },
  };
}
