/**
 * Tells an upload's type from its bytes while they stream past, never from its name or the
 * type the client declared (decision 24). Only the types of `uploadFileTypes` pass: PDF, PNG,
 * JPEG, GIF, and the two Office formats, which are ZIP files told apart by the entries their
 * central directory lists (read from the tail kept in memory, so the file is read once).
 * Every signature is read at offset 0, where a browser's own sniffing looks too: a file that
 * starts as HTML or SVG and carries `%PDF-` further on is no PDF
 * (docs/decisions/066-an-upload-s-name-agrees-with-its-bytes.md).
 */
import { Transform } from 'node:stream';
import type { UploadContentType } from '@fd/contract';

/** Enough of the start for every signature. */
const HEAD_BYTES = 8;
/** The end of a ZIP: its central directory. An Office file's lists a few dozen entries. */
const TAIL_BYTES = 256 * 1024;

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const ZIP_END_OF_DIRECTORY = 0x06054b50;
const ZIP_DIRECTORY_ENTRY = 0x02014b50;

/** The entry names of a ZIP's central directory, when the tail holds all of it. */
function zipEntryNames(tail: Buffer, totalSize: number): string[] | undefined {
  const tailStart = totalSize - tail.length;
  // The end record is 22 bytes plus a comment of up to 65 535.
  for (let at = tail.length - 22; at >= Math.max(0, tail.length - 22 - 0xffff); at--) {
    if (tail.readUInt32LE(at) !== ZIP_END_OF_DIRECTORY) continue;
    const entries = tail.readUInt16LE(at + 10);
    const directorySize = tail.readUInt32LE(at + 12);
    const directoryOffset = tail.readUInt32LE(at + 16);
    let cursor = directoryOffset - tailStart;
    if (cursor < 0 || cursor + directorySize > at) return undefined;
    const names: string[] = [];
    for (let i = 0; i < entries; i++) {
      if (cursor + 46 > at || tail.readUInt32LE(cursor) !== ZIP_DIRECTORY_ENTRY) return undefined;
      const nameLength = tail.readUInt16LE(cursor + 28);
      const extraLength = tail.readUInt16LE(cursor + 30);
      const commentLength = tail.readUInt16LE(cursor + 32);
      names.push(tail.toString('utf8', cursor + 46, cursor + 46 + nameLength));
      cursor += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return undefined;
}

/** The type of a whole file from its first bytes and its last ones. */
export function detectContentType(
  head: Buffer,
  tail: Buffer,
  totalSize: number,
): UploadContentType | undefined {
  if (startsWith(head, PDF)) return 'application/pdf';
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  const gif = head.toString('latin1', 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'image/gif';
  if (startsWith(head, ZIP_LOCAL_HEADER)) {
    const names = new Set(zipEntryNames(tail, totalSize) ?? []);
    if (!names.has('[Content_Types].xml')) return undefined;
    if (names.has('word/document.xml')) {
      return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    }
    if (names.has('xl/workbook.xml')) {
      return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    }
  }
  return undefined;
}

export interface ContentSniffer {
  /** Pass the upload through this; it changes nothing. */
  stream: Transform;
  /** After the stream ended: the type, or undefined when the bytes are of no allowed type. */
  result(): UploadContentType | undefined;
}

export function createContentSniffer(): ContentSniffer {
  let head = Buffer.alloc(0);
  // The last chunks, dropped from the front while the rest still covers TAIL_BYTES: each
  // chunk is kept once, never copied, however small the pieces a client sends.
  const tailChunks: Buffer[] = [];
  let tailLength = 0;
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (head.length < HEAD_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      }
      tailChunks.push(chunk);
      tailLength += chunk.length;
      while (tailLength - tailChunks[0]!.length >= TAIL_BYTES) {
        tailLength -= tailChunks.shift()!.length;
      }
      done(null, chunk);
    },
  });
  return {
    stream,
    result: () => detectContentType(head, Buffer.concat(tailChunks).subarray(-TAIL_BYTES), size),
  };
}
