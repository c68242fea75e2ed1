import { describe, expect, it } from 'vitest';
import { contentDisposition, safeContentType } from './download-headers.ts';

describe('download headers', () => {
  it('names the file in ASCII and in exact UTF-8, with nothing that breaks the header', () => {
    expect(contentDisposition('report.pdf')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    expect(contentDisposition('Ünïcode "quoted" (1).pdf')).toBe(
      `attachment; filename="_n_code _quoted_ (1).pdf"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20%22quoted%22%20%281%29.pdf`,
    );
    const hostile = contentDisposition('a\r\nSet-Cookie: x=1\\..\\/b.txt');
    expect(hostile).not.toMatch(/[\r\n]/);
    expect(hostile).toBe(
      `attachment; filename="a__Set-Cookie: x=1_..__b.txt"; filename*=UTF-8''a__Set-Cookie%3A%20x%3D1_..__b.txt`,
    );
    expect(contentDisposition('   ')).toContain('filename="download"');
  });

  it('serves a plain stored type and anything else as bytes', () => {
    expect(safeContentType('application/pdf')).toBe('application/pdf');
    expect(safeContentType('IMAGE/PNG; charset=binary')).toBe('image/png');
    for (const bad of ['', 'pdf', 'text/html\r\nX: y', 'a/b/c', '../x']) {
      expect(safeContentType(bad), bad).toBe('application/octet-stream');
    }
  });
});
