import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildZip, impostorFiles, uploadFiles } from '../../test/upload-files.ts';
import { createContentSniffer } from './content-sniffer.ts';

/** Streams `content` through a sniffer in chunks of `chunkSize` and answers its verdict. */
async function sniff(content: Buffer, chunkSize = 7) {
  const sniffer = createContentSniffer();
  const chunks: Buffer[] = [];
  for (let at = 0; at < content.length; at += chunkSize) {
    chunks.push(content.subarray(at, at + chunkSize));
  }
  const received: Buffer[] = [];
  await pipeline(
    Readable.from(chunks),
    sniffer.stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        received.push(chunk);
        done();
      },
    }),
  );
  // It changes nothing on the way.
  expect(Buffer.concat(received).equals(content)).toBe(true);
  return sniffer.result();
}

describe('content sniffer', () => {
  it.each([
    ['pdf', 'application/pdf'],
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ] as const)('tells a %s by its bytes, in any chunking', async (label, type) => {
    for (const chunkSize of [1, 7, 4096]) {
      expect(await sniff(uploadFiles[label].content, chunkSize)).toBe(type);
    }
  });

  it.each(Object.keys(impostorFiles) as (keyof typeof impostorFiles)[])(
    'refuses %s',
    async (label) => {
      expect(await sniff(impostorFiles[label].content)).toBeUndefined();
    },
  );

  it('reads an Office file whose central directory sits far behind a large entry', async () => {
    const docx = buildZip({
      '[Content_Types].xml': '<Types/>',
      'word/media/image1.bin': 'x'.repeat(600_000),
      'word/document.xml': '<w:document/>',
    });
    expect(await sniff(docx, 65_536)).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('refuses an empty file and a truncated ZIP', async () => {
    expect(await sniff(Buffer.alloc(0))).toBeUndefined();
    expect(await sniff(uploadFiles.docx.content.subarray(0, 60))).toBeUndefined();
  });
});
