import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('precompressDirectory', () => {
  it('writes a .br and a .gz beside each text file that decompress to it, and nothing else', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'fd-precompress-'));
    folders.push(dist);
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i })))};`;
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html>${'<p>Formation Desk</p>'.repeat(50)}`,
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'tiny-abc123.css'), 'a{}');
    writeFileSync(path.join(dist, 'assets', 'photo-abc123.png'), Buffer.alloc(4096, 7));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"a":1}'.repeat(100));

    await precompressDirectory(dist);

    for (const file of ['index.html', path.join('assets', 'index-abc123.js')]) {
      const original = readFileSync(path.join(dist, file));
      const br = readFileSync(path.join(dist, `${file}.br`));
      const gz = readFileSync(path.join(dist, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(gz.length);
    }
    // Compressing 3 bytes makes them longer, a PNG is compressed already, dot folders are not served.
    expect(readdirSync(path.join(dist, 'assets')).sort()).toEqual([
      'index-abc123.js',
      'index-abc123.js.br',
      'index-abc123.js.gz',
      'photo-abc123.png',
      'tiny-abc123.css',
    ]);
    expect(readdirSync(path.join(dist, '.vite'))).toEqual(['manifest.json']);
  });
});
