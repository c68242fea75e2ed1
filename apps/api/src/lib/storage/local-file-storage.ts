import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, open as openFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir/private-data-dir.ts';
import {
  InvalidStorageKeyError,
  isFixedStorageKey,
  isNewStorageKey,
  newStorageKey,
  StoredFileNotFoundError,
  type FileStorage,
  type OpenedFile,
} from './file-storage.ts';

/** Where staged uploads wait; a dot name, so no key this storage makes can reach it. */
const STAGING_FOLDER = '.staging';

const isMissingFile = (error: unknown) =>
  (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT' ||
  (error as NodeJS.ErrnoException | undefined)?.code === 'EISDIR';

/**
 * Files in a folder on this machine (`config.filesDir`): the embedded mode's driver.
 * New keys look like `3f/3f9c…` (newStorageKey). Fixed keys (the seed's
 * `seed/sample-passport.pdf`, written by `ensure`) are read the same way, as long as they
 * stay inside the root. Staged uploads wait in `.staging/` under the name part of their key
 * until committed.
 */
export function createLocalFileStorage(root: string): FileStorage {
  const rootDir = path.resolve(root);
  const stagingDir = path.join(rootDir, STAGING_FOLDER);
  /** Only keys this storage made are ever staged: `ab/ab…` (32 hex digits). */
  const stagedPathOf = (storageKey: string) => {
    if (!isNewStorageKey(storageKey)) throw new InvalidStorageKeyError(storageKey);
    return path.join(stagingDir, storageKey.slice(3));
  };

  async function commit(storageKey: string): Promise<void> {
    const target = pathOf(storageKey);
    await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    await rename(stagedPathOf(storageKey), target);
  }

  /** Streams `content` to `target` through a `.part` file: a reader never sees half a file. */
  async function writeWhole(
    content: Readable | Uint8Array,
    target: string,
    partial = `${target}.part`,
  ): Promise<number> {
    await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const writer = createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE_MODE });
    try {
      const source = content instanceof Readable ? content : Readable.from([content]);
      await pipeline(source, counter, writer);
      await rename(partial, target);
    } catch (error) {
      // The file opens asynchronously: a source that fails at once would otherwise see its
      // part created after the removal. Wait for the writer to close, then remove it.
      if (!writer.closed)
        await new Promise<void>((resolve) => writer.once('close', () => resolve()));
      await rm(partial, { force: true });
      throw error;
    }
    return size;
  }

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
      const storageKey = newStorageKey();
      const size = await writeWhole(content, pathOf(storageKey));
      return { storageKey, size };
    },

    async stage(content) {
      const storageKey = newStorageKey();
      const size = await writeWhole(content, stagedPathOf(storageKey));
      return { storageKey, size };
    },

    commit,

    async discard(storageKey) {
      await rm(stagedPathOf(storageKey), { force: true });
    },

    async recoverStaged({ isReferenced, minAgeMs }) {
      const names = await readdir(stagingDir).catch((error: unknown) => {
        if (isMissingFile(error)) return [] as string[];
        throw error;
      });
      let committed = 0;
      let discarded = 0;
      const oldest = Date.now() - minAgeMs;
      for (const name of names) {
        const file = path.join(stagingDir, name);
        const stats = await stat(file).catch(() => undefined);
        if (!stats || stats.mtimeMs > oldest) continue;
        const storageKey = `${name.slice(0, 2)}/${name}`;
        if (!isNewStorageKey(storageKey)) {
          // A half-written upload (`….part`) or a stranger: nothing may name it.
          await rm(file, { force: true, recursive: true });
          discarded += 1;
        } else if (await isReferenced(storageKey)) {
          await commit(storageKey);
          committed += 1;
        } else {
          await rm(file, { force: true });
          discarded += 1;
        }
      }
      return { committed, discarded };
    },

    async ensure(storageKey, content) {
      if (!isFixedStorageKey(storageKey)) throw new InvalidStorageKeyError(storageKey);
      const target = pathOf(storageKey);
      if (existsSync(target)) {
        if (content instanceof Readable) content.destroy();
        return;
      }
      // A part of its own: two seeds at once each write theirs, and either rename wins.
      await writeWhole(content, target, `${target}.${randomBytes(4).toString('hex')}.part`);
    },

    async open(storageKey): Promise<OpenedFile> {
      const target = pathOf(storageKey);
      // One handle for stat and read: the size answered is the size streamed.
      const handle = await openFile(target, 'r').catch(async (error: unknown) => {
        if (!isMissingFile(error)) throw error;
        // Committed in the database a moment ago, not yet moved into place.
        if (isNewStorageKey(storageKey)) {
          const staged = await openFile(stagedPathOf(storageKey), 'r').catch(() => undefined);
          if (staged) return staged;
        }
        throw new StoredFileNotFoundError(storageKey);
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
