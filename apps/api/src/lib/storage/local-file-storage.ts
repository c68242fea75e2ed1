import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open as openFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir/private-data-dir.ts';
import {
  InvalidStorageKeyError,
  StoredFileNotFoundError,
  type FileStorage,
  type OpenedFile,
} from './file-storage.ts';

const isMissingFile = (error: unknown) =>
  (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT' ||
  (error as NodeJS.ErrnoException | undefined)?.code === 'EISDIR';

/**
 * Files in a folder on this machine (`config.filesDir`). New keys look like
 * `3f/3f9c…` (a two-character shard keeps folders small at 100 000s of files).
 * Keys written by others (the seed's `seed/sample-passport.pdf`) are read the
 * same way, as long as they stay inside the root.
 */
export function createLocalFileStorage(root: string): FileStorage {
  const rootDir = path.resolve(root);

  function pathOf(storageKey: string): string {
    if (!storageKey || storageKey.includes('\0') || path.isAbsolute(storageKey)) {
      throw new InvalidStorageKeyError(storageKey);
    }
    const target = path.resolve(rootDir, storageKey);
    if (!target.startsWith(rootDir + path.sep)) throw new InvalidStorageKeyError(storageKey);
    return target;
  }

  return {
    async put(content) {
      const name = randomBytes(16).toString('hex');
      const storageKey = `${name.slice(0, 2)}/${name}`;
      const target = pathOf(storageKey);
      await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
      // Written under a temporary name and renamed: a reader never sees half a file.
      const partial = `${target}.part`;
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        const source = content instanceof Readable ? content : Readable.from([content]);
        await pipeline(
          source,
          counter,
          createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE_MODE }),
        );
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { storageKey, size };
    },

    async open(storageKey): Promise<OpenedFile> {
      const target = pathOf(storageKey);
      // One handle for stat and read: the size answered is the size streamed.
      const handle = await openFile(target, 'r').catch((error: unknown) => {
        throw isMissingFile(error) ? new StoredFileNotFoundError(storageKey) : error;
      });
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) throw new StoredFileNotFoundError(storageKey);
        return { stream: handle.createReadStream(), size: stats.size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(storageKey) {
      await rm(pathOf(storageKey), { force: true });
    },
  };
}
