import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { InvalidStorageKeyError, StoredFileNotFoundError } from './file-storage.ts';
import { createLocalFileStorage } from './local-file-storage.ts';

const newRoot = () => mkdtempSync(path.join(tmpdir(), 'fd-storage-test-'));

describe('local file storage', () => {
  it('stores a buffer and a stream under new random keys and reads them back', async () => {
    const root = newRoot();
    const storage = createLocalFileStorage(root);
    const fromBuffer = await storage.put(Buffer.from('hello, buffer'));
    const fromStream = await storage.put(Readable.from(['hello, ', 'stream']));
    expect(fromBuffer.size).toBe(13);
    expect(fromStream.size).toBe(13);
    expect(fromBuffer.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(fromBuffer.storageKey).not.toBe(fromStream.storageKey);

    const opened = await storage.open(fromStream.storageKey);
    expect(opened.size).toBe(13);
    expect(await text(opened.stream)).toBe('hello, stream');
    // No temporary files left behind.
    const shard = path.join(root, fromBuffer.storageKey.slice(0, 2));
    expect(readdirSync(shard).some((name) => name.endsWith('.part'))).toBe(false);
  });

  it('reads keys written by others inside the root (the seed writes seed/…)', async () => {
    const root = newRoot();
    const storage = createLocalFileStorage(root);
    await storage.put(Buffer.from('x'));
    writeFileSync(path.join(root, 'sample.pdf'), '%PDF');
    expect(await text((await storage.open('sample.pdf')).stream)).toBe('%PDF');
  });

  it('deletes, and a missing file is StoredFileNotFoundError (delete twice is fine)', async () => {
    const root = newRoot();
    const storage = createLocalFileStorage(root);
    const { storageKey } = await storage.put(Buffer.from('bye'));
    await storage.delete(storageKey);
    await storage.delete(storageKey);
    expect(existsSync(path.join(root, storageKey))).toBe(false);
    await expect(storage.open(storageKey)).rejects.toBeInstanceOf(StoredFileNotFoundError);
    await expect(storage.open(storageKey.slice(0, 2))).rejects.toBeInstanceOf(
      StoredFileNotFoundError,
    );
  });

  it('refuses keys that are empty, absolute or escape the root', async () => {
    const root = newRoot();
    const outside = path.join(path.dirname(root), `outside-${path.basename(root)}`);
    writeFileSync(outside, 'secret');
    const storage = createLocalFileStorage(root);
    for (const key of [
      '',
      '.',
      '..',
      `../${path.basename(outside)}`,
      'a/../../x',
      outside,
      '/etc/passwd',
      'a\0b',
    ]) {
      await expect(storage.open(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(existsSync(outside)).toBe(true);
  });

  it('leaves nothing behind when the source stream fails', async () => {
    const root = newRoot();
    const storage = createLocalFileStorage(root);
    const failing = new Readable({
      read() {
        this.push('partial');
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put(failing)).rejects.toThrow('client went away');
    const leftovers = readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) =>
      e.isFile(),
    );
    expect(leftovers).toEqual([]);
  });

  it('stages a file out of sight, commits it into place, or discards it', async () => {
    const root = newRoot();
    const storage = createLocalFileStorage(root);
    const kept = await storage.stage(Readable.from(['kept']));
    const dropped = await storage.stage(Readable.from(['dropped']));
    expect(kept.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}$/);
    // Readable while staged: the moment between a row's commit and the file's.
    expect(await text((await storage.open(kept.storageKey)).stream)).toBe('kept');
    expect(existsSync(path.join(root, kept.storageKey))).toBe(false);

    await storage.commit(kept.storageKey);
    await storage.discard(dropped.storageKey);
    expect(existsSync(path.join(root, kept.storageKey))).toBe(true);
    expect(await text((await storage.open(kept.storageKey)).stream)).toBe('kept');
    await expect(storage.open(dropped.storageKey)).rejects.toBeInstanceOf(StoredFileNotFoundError);
    expect(readdirSync(path.join(root, '.staging'))).toEqual([]);
    // Only keys the storage made can be staged, committed or discarded.
    for (const key of ['seed/sample.pdf', '../x', 'ab/cd']) {
      await expect(storage.commit(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.discard(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });

  it('recovers after a crash: commits what a row names, removes the rest and half-written parts', async () => {
    const root = newRoot();
    const storage = createLocalFileStorage(root);
    const named = await storage.stage(Readable.from(['named']));
    const orphan = await storage.stage(Readable.from(['orphan']));
    writeFileSync(path.join(root, '.staging', `${'f'.repeat(32)}.part`), 'half');

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
    expect(existsSync(path.join(root, named.storageKey))).toBe(true);
    expect(readdirSync(path.join(root, '.staging'))).toEqual([]);
  });
});
