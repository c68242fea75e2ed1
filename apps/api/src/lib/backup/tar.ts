/**
 * A backup's archive: a tar (POSIX ustar, by `tar-stream`) of regular files, written and read as
 * streams, so that neither end holds a stored file in memory. Any tar reads a backup
 * (`tar -tzf backup.fdbackup`), and the archives of earlier versions read here as before
 * (`tar.test.ts` reads one written by the former writer).
 */
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extract as tarExtract, pack as tarPack, type Header, type Pack } from 'tar-stream';

export interface TarEntrySource {
  name: string;
  size: number;
  /** The bytes: a buffer, or a stream that must give exactly `size` bytes. */
  body: Buffer | (() => Readable);
}

/** Entries' bytes are the manager's data: readable by the backup's owner only once extracted. */
const ENTRY_MODE = 0o600;

type EntryHeader = Pick<Header, 'name' | 'size' | 'mode'>;

/** Waits for `pack.entry`'s callback: the entry is written (or failed). */
const entryWritten = (
  pack: Pack,
  header: EntryHeader,
  body?: Buffer,
): { sink: ReturnType<Pack['entry']>; done: Promise<void> } => {
  let sink!: ReturnType<Pack['entry']>;
  const done = new Promise<void>((resolve, reject) => {
    const callback = (error?: Error | null) => (error ? reject(error) : resolve());
    sink = body ? pack.entry(header, body, callback) : pack.entry(header, callback);
  });
  sink.on('error', () => {}); // reported through `done`, and by the pack's reader

  return { sink, done };
};

async function writeEntries(pack: Pack, entries: AsyncIterable<TarEntrySource>) {
  for await (const entry of entries) {
    const header: EntryHeader = { name: entry.name, size: entry.size, mode: ENTRY_MODE };
    if (Buffer.isBuffer(entry.body)) {
      await entryWritten(pack, header, entry.body).done;
      continue;
    }
    const { sink, done } = entryWritten(pack, header);
    done.catch(() => {}); // awaited below, or replaced by the error thrown here
    let written = 0;
    for await (const chunk of entry.body() as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > entry.size) break;
      if (!sink.write(chunk)) await once(sink, 'drain');
    }
    if (written !== entry.size) {
      throw new Error(
        `${entry.name} changed while it was backed up (${written} of ${entry.size} bytes).`,
      );
    }
    sink.end(undefined); // streamx: no last chunk
    await done;
  }
  pack.finalize();
}

/** The archive of `entries`, in order, as a stream. */
export function tarStream(entries: AsyncIterable<TarEntrySource>): Readable {
  const pack = tarPack();
  // A failure reaches the reader through the stream returned, not as an unhandled event.
  pack.on('error', () => {});
  writeEntries(pack, entries).catch((error: unknown) => pack.destroy(error as Error));
  return Readable.from(pack as AsyncIterable<Buffer>);
}

export class TruncatedArchiveError extends Error {
  constructor() {
    super('The backup ends in the middle of an entry: it is incomplete or damaged.');
  }
}

/** tar-stream's words for an archive that ends early, or for bytes that are no tar. */
function archiveError(error: Error): Error {
  if (error.message === 'Unexpected end of data') return new TruncatedArchiveError();
  if (error.message.startsWith('Invalid tar header')) {
    return new Error('This is not a Formation Desk backup.', { cause: error });
  }
  return error;
}

/**
 * Reads an archive: for each regular file, `target` says where its bytes go (a stream to write
 * them to), or undefined to skip them.
 */
export async function readTar(
  input: Readable,
  target: (entry: { name: string; size: number }) => Promise<Writable | undefined>,
): Promise<void> {
  const extract = tarExtract();
  // The archive's own failure (cut short, not a tar): an entry being read fails with a plain
  // "destroyed" when it happens, so this is what is reported.
  let failure: Error | undefined;
  extract.on('error', (error: Error) => (failure ??= error));
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract as unknown as Writable);
  try {
    for await (const entry of extract) {
      const { name, size = 0, type } = entry.header;
      const sink = type === 'file' ? await target({ name, size }) : undefined;
      if (sink) await pipeline(Readable.from(entry as AsyncIterable<Buffer>), sink);
      else entry.resume();
    }
  } catch (error) {
    input.destroy();
    extract.destroy(error as Error);
    if (!extract.destroyed) await once(extract, 'close');
    throw archiveError(failure ?? (error as Error));
  }
}
