import type { Readable } from 'node:stream';

/** A stored file opened for reading. */
export interface OpenedFile {
  stream: Readable;
  /** Bytes. */
  size: number;
}

/**
 * Where uploaded and seeded files live (docs/architecture.md §1: a local folder by
 * default, a shared location in production). Rows keep only the storage key;
 * the key is always a name this storage chose, never user input.
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
  /** Throws StoredFileNotFoundError when nothing is stored under the key. */
  open(storageKey: string): Promise<OpenedFile>;
  /** Removes the file; a missing file is not an error. */
  delete(storageKey: string): Promise<void>;
}

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
