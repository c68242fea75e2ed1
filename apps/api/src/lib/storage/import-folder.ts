import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { isFixedStorageKey, StoredFileNotFoundError, type FileStorage } from './file-storage.ts';

export interface FolderImport {
  /** Files copied in, and their bytes. */
  copied: number;
  bytes: number;
  /** Files the storage held already under the same key. */
  present: number;
  /** Names no stored row can hold (a stray file): left alone. */
  skipped: string[];
}

/**
 * Copies every file of a files folder (`DATA_DIR/files`, as the folder driver lays it out)
 * into `storage` under the same key, streamed, leaving any key it already holds as it is:
 * how a PostgreSQL deployment from before decision 44 moves its files into the database
 * (docs/operations.md). Staged uploads (`.staging/`) and half-written parts are not files yet.
 * Safe to run again, and from several instances at once.
 */
export async function importFolder(storage: FileStorage, filesDir: string): Promise<FolderImport> {
  const result: FolderImport = { copied: 0, bytes: 0, present: 0, skipped: [] };
  if (!existsSync(filesDir)) return result;
  const entries = readdirSync(filesDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(filesDir, file).split(path.sep).join('/');
    if (key.startsWith('.staging/') || key.endsWith('.part')) continue;
    if (!isFixedStorageKey(key)) {
      result.skipped.push(key);
      continue;
    }
    const existing = await storage.open(key).catch((error: unknown) => {
      if (error instanceof StoredFileNotFoundError) return undefined;
      throw error;
    });
    if (existing) {
      existing.stream.destroy();
      result.present += 1;
      continue;
    }
    await storage.ensure(key, createReadStream(file));
    result.copied += 1;
    result.bytes += statSync(file).size;
  }
  return result;
}
