/**
 * The little of the tar format (POSIX ustar) a backup needs: regular files with names of up
 * to 100 bytes, written and read as streams, so that neither end holds a file in memory.
 * Any tar reads a backup (`tar -tzf backup.fdbackup`).
 */
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const BLOCK = 512;
const zeros = Buffer.alloc(BLOCK);

export interface TarEntrySource {
  name: string;
  size: number;
  /** The bytes: a buffer, or a stream that must give exactly `size` bytes. */
  body: Buffer | (() => Readable);
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new Error(`A backup entry name is too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  nameBytes.copy(block, 0);
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

const padding = (size: number) => zeros.subarray(0, (BLOCK - (size % BLOCK)) % BLOCK);

/** The archive of `entries`, in order, as a stream of chunks. */
export async function* tarChunks(entries: AsyncIterable<TarEntrySource>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    yield header(entry.name, entry.size);
    let written = 0;
    if (Buffer.isBuffer(entry.body)) {
      written = entry.body.length;
      yield entry.body;
    } else {
      for await (const chunk of entry.body() as AsyncIterable<Buffer>) {
        written += chunk.length;
        if (written > entry.size) break;
        yield chunk;
      }
    }
    if (written !== entry.size) {
      throw new Error(
        `${entry.name} changed while it was backed up (${written} of ${entry.size} bytes).`,
      );
    }
    yield padding(entry.size);
  }
  yield zeros;
  yield zeros;
}

/** Reads exact byte counts off a stream of chunks. */
class ByteReader {
  readonly #chunks: AsyncIterator<Buffer>;
  #buffer: Buffer = Buffer.alloc(0);
  #ended = false;

  constructor(input: AsyncIterable<Buffer>) {
    this.#chunks = input[Symbol.asyncIterator]();
  }

  async #fill(): Promise<boolean> {
    if (this.#ended) return false;
    const next = await this.#chunks.next();
    if (next.done) {
      this.#ended = true;
      return false;
    }
    this.#buffer =
      this.#buffer.length === 0 ? next.value : Buffer.concat([this.#buffer, next.value]);
    return true;
  }

  /** Exactly `n` bytes; undefined at the very end; throws when the stream stops inside them. */
  async take(n: number): Promise<Buffer | undefined> {
    while (this.#buffer.length < n) {
      if (!(await this.#fill())) {
        if (this.#buffer.length === 0) return undefined;
        throw new TruncatedArchiveError();
      }
    }
    const taken = this.#buffer.subarray(0, n);
    this.#buffer = this.#buffer.subarray(n);
    return taken;
  }

  /** The next `n` bytes as they come. */
  async *stream(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.#buffer.length === 0 && !(await this.#fill())) throw new TruncatedArchiveError();
      const part = this.#buffer.subarray(0, left);
      this.#buffer = this.#buffer.subarray(part.length);
      left -= part.length;
      yield part;
    }
  }
}

export class TruncatedArchiveError extends Error {
  constructor() {
    super('The backup ends in the middle of an entry: it is incomplete or damaged.');
  }
}

const text = (block: Buffer, from: number, length: number) =>
  block
    .subarray(from, from + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');

/**
 * Reads an archive: for each regular file, `target` says where its bytes go (a stream to write
 * them to), or undefined to skip them.
 */
export async function readTar(
  input: AsyncIterable<Buffer>,
  target: (entry: { name: string; size: number }) => Promise<Writable | undefined>,
): Promise<void> {
  const reader = new ByteReader(input);
  for (;;) {
    const block = await reader.take(BLOCK);
    if (!block || block.equals(zeros)) return;
    if (text(block, 257, 5) !== 'ustar') throw new Error('This is not a Formation Desk backup.');
    const name = [text(block, 345, 155), text(block, 0, 100)].filter(Boolean).join('/');
    const size = parseInt(text(block, 124, 12).trim() || '0', 8);
    const type = text(block, 156, 1);
    const sink = type === '0' || type === '' ? await target({ name, size }) : undefined;
    const body = reader.stream(size);
    if (sink) await pipeline(body, sink);
    else for await (const chunk of body) void chunk;
    await reader.take((BLOCK - (size % BLOCK)) % BLOCK);
  }
}
