/**
 * Files for upload tests: real ones of each allowed type, and impostors (a text file named
 * `.png`, an SVG, a ZIP that is no Office file).
 */
import { crc32 } from 'node:zlib';
import { sampleFiles } from '../tools/seed/index.ts';

/** A ZIP of stored (uncompressed) entries, with a valid central directory. */
export function buildZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    directory.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const contentTypes = '<?xml version="1.0"?><Types/>';

export const uploadFiles = {
  pdf: { name: 'certificate.pdf', content: sampleFiles.certificate.content },
  png: { name: 'card.png', content: sampleFiles.nationalId.content },
  jpeg: { name: 'photo.jpg', content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]) },
  gif: { name: 'tiny.gif', content: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1') },
  docx: {
    name: 'letter.docx',
    content: buildZip({
      '[Content_Types].xml': contentTypes,
      'word/document.xml': '<w:document/>',
    }),
  },
  xlsx: {
    name: 'sheet.xlsx',
    content: buildZip({ '[Content_Types].xml': contentTypes, 'xl/workbook.xml': '<workbook/>' }),
  },
} as const;

export const impostorFiles = {
  textAsPng: { name: 'photo.png', content: Buffer.from('this is plain text, not a PNG') },
  svg: {
    name: 'logo.svg',
    content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  html: { name: 'page.pdf', content: Buffer.from('<html><script>alert(1)</script></html>') },
  plainZip: { name: 'archive.docx', content: buildZip({ 'readme.txt': 'hello' }) },
  executable: { name: 'report.pdf', content: Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1') },
  // A PDF signature anywhere but at offset 0 makes no PDF: a browser would read these as pages.
  htmlThenPdf: {
    name: 'evil.html',
    content: Buffer.from('<html><script>alert(1)</script></html>\n%PDF-1.4\n'),
  },
  svgWithPdfComment: {
    name: 'logo.pdf',
    content: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><!-- %PDF-1.4 --><script>alert(1)</script></svg>',
    ),
  },
  spaceThenPdf: { name: 'padded.pdf', content: Buffer.from(' %PDF-1.4\n') },
} as const;
