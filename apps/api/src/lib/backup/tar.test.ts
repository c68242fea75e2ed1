import { readFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { readTar, tarStream, TruncatedArchiveError, type TarEntrySource } from './tar.ts';

/** Deterministic bytes that are not all alike. */
const bytes = (length: number, seed: number) =>
  Buffer.from(Array.from({ length }, (_, i) => (i * 31 + seed) % 251));

async function* listOf(entries: TarEntrySource[]) {
  yield* entries;
}

/** Every regular file of an archive, name → bytes; names in `skip` are not collected. */
async function readAll(archive: Buffer, skip: string[] = []) {
  const read = new Map<string, Buffer>();
  await readTar(Readable.from([archive]), async ({ name, size }) => {
    if (skip.includes(name)) return undefined;
    const chunks: Buffer[] = [];
    return new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        const body = Buffer.concat(chunks);
        read.set(name, body);
        done(body.length === size ? null : new Error(`${name}: ${body.length} of ${size}`));
      },
    });
  });
  return read;
}

describe('backup archives', () => {
  it('reads an archive written by the former writer (backups of earlier versions)', async () => {
    const archive = readFileSync(
      new URL('./fixtures/written-by-the-former-writer.tar', import.meta.url),
    );
    const read = await readAll(archive);
    expect([...read.keys()]).toEqual([
      'formation-desk-backup.json',
      'database.tar',
      'files/2026/11/feedback-0001.pdf',
      'files/empty.txt',
    ]);
    expect(read.get('formation-desk-backup.json')!.toString()).toBe('{"format":"old"}\n');
    expect(read.get('database.tar')).toEqual(bytes(1500, 7));
    expect(read.get('files/2026/11/feedback-0001.pdf')).toEqual(bytes(513, 3));
    expect(read.get('files/empty.txt')).toEqual(Buffer.alloc(0));
  });

  it('reads back what it writes, from buffers and streams, long names too, skipping on demand', async () => {
    const longName = `files/${'nested/'.repeat(20)}upload.pdf`;
    expect(Buffer.byteLength(longName)).toBeGreaterThan(100);
    const entries: TarEntrySource[] = [
      { name: 'formation-desk-backup.json', size: 3, body: Buffer.from('{}\n') },
      { name: 'database.tar', size: 5000, body: bytes(5000, 1) },
      {
        name: longName,
        size: 70_000,
        body: () => Readable.from([bytes(30_000, 2), bytes(40_000, 3)]),
      },
      { name: 'files/skipped.png', size: 600, body: () => Readable.from([bytes(600, 4)]) },
      { name: 'files/last.pdf', size: 1, body: Buffer.from('x') },
    ];
    const archive = await buffer(tarStream(listOf(entries)));
    expect(archive.length % 512).toBe(0);
    const read = await readAll(archive, ['files/skipped.png']);
    expect([...read.keys()]).toEqual([
      'formation-desk-backup.json',
      'database.tar',
      longName,
      'files/last.pdf',
    ]);
    expect(read.get('database.tar')).toEqual(bytes(5000, 1));
    expect(read.get(longName)).toEqual(Buffer.concat([bytes(30_000, 2), bytes(40_000, 3)]));
    expect(read.get('files/last.pdf')!.toString()).toBe('x');
  });

  it('fails a backup whose file changed size while it was read', async () => {
    for (const given of [100, 300]) {
      const archive = tarStream(
        listOf([{ name: 'files/a.pdf', size: 200, body: () => Readable.from([bytes(given, 5)]) }]),
      );
      await expect(buffer(archive)).rejects.toThrow(
        `files/a.pdf changed while it was backed up (${given} of 200 bytes).`,
      );
    }
  });

  it('refuses an archive cut short, and bytes that are no archive', async () => {
    const whole = await buffer(
      tarStream(listOf([{ name: 'database.tar', size: 4000, body: bytes(4000, 6) }])),
    );
    await expect(readAll(whole.subarray(0, 2048))).rejects.toBeInstanceOf(TruncatedArchiveError);
    await expect(readAll(bytes(2048, 9))).rejects.toThrow('This is not a Formation Desk backup.');
  });
});
