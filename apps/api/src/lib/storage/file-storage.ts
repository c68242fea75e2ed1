import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A stored file opened for reading. */
export interface OpenedFile {
  stream: Readable;
  /** Bytes. */
  size: number;
}

/**
 * Where uploaded and seeded files live (docs/architecture.md §1: a local folder by
 * default, PostgreSQL itself when the database is PostgreSQL — decision 44). Rows keep only
 * the storage key; the key is always a name this storage chose or one of the seed's fixed
 * names, never user input. `createFileStorage` (open-file-storage.ts) picks the driver.
 */
export interface FileStorage {
  /** Stores the content under a new random key; answers the key and the byte count. */
  put(content: Readable | Uint8Array): Promise<{ storageKey: string; size: number }>;
  /**
   * Uploads, in three steps (decision 24): `stage` writes the bytes under a new key where
   * nothing lists them yet, `commit` (after the database row is committed) moves them into
   * place, `discard` removes them. A staged file is already readable by `open`, so the
   * moment between the row's commit and the file's is never a missing file.
   */
  stage(content: Readable): Promise<{ storageKey: string; size: number }>;
  commit(storageKey: string): Promise<void>;
  discard(storageKey: string): Promise<void>;
  /**
   * After a crash: every staged file at least `minAgeMs` old is committed when
   * `isReferenced` says a row names it, else discarded; half-written ones are removed.
   */
  recoverStaged(options: {
    isReferenced: (storageKey: string) => Promise<boolean>;
    minAgeMs: number;
  }): Promise<{ committed: number; discarded: number }>;
  /**
   * Stores `content` under the fixed key given (the seed's `seed/sample-passport.pdf`, a file
   * copied in from the folder), once: a file already stored there is left as it is (and a
   * stream given is not read), so every seed and instance may call it. The key is path-like
   * segments of letters, digits, `.`, `_` and `-` (isFixedStorageKey).
   */
  ensure(storageKey: string, content: Readable | Uint8Array): Promise<void>;
  /** Throws StoredFileNotFoundError when nothing is stored under the key. */
  open(storageKey: string): Promise<OpenedFile>;
  /** Removes the file; a missing file is not an error. */
  delete(storageKey: string): Promise<void>;
}

/**
 * A new random key, `3f/3f9c…` (32 hex digits; the two-character shard keeps a folder's
 * listing small at 100 000s of files). Only such keys are staged.
 */
export function newStorageKey(): string {
  const name = randomBytes(16).toString('hex');
  return `${name.slice(0, 2)}/${name}`;
}

export const isNewStorageKey = (storageKey: string): boolean =>
  /^([0-9a-f]{2})\/\1[0-9a-f]{30}$/.test(storageKey);

/** `seed/sample-passport.pdf`: segments that start with a letter, digit or `_`, no `..`. */
export const isFixedStorageKey = (storageKey: string): boolean =>
  /^[A-Za-z0-9_][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/.test(storageKey);

/** Nothing is stored under this key (deleted, or the folder was not copied). */
export class StoredFileNotFoundError extends Error {
  constructor(readonly storageKey: string) {
    super(`No stored file under "${storageKey}".`);
    this.name = 'StoredFileNotFoundError';
  }
}

/** A key that is empty, absolute or leads outside the storage root. */
export class InvalidStorageKeyError extends Error {
  constructor(readonly storageKey: string) {
    super(`Refused storage key "${storageKey}".`);
    this.name = 'InvalidStorageKeyError';
  }
}
