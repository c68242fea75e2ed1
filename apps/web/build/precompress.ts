import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) beside each text file of the
 * build, which the API serves to browsers that accept them (@fastify/static's `preCompressed`,
 * apps/api/src/plugins/web-app.ts). Compressing once at build time lets the slowest, smallest
 * settings be used, and the server spends no CPU on it
 * (docs/decisions/031-a-light-first-visit-the-sign-in.md).
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const textExtensions = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml']);

export const compressedExtensions = { br: '.br', gzip: '.gz' } as const;

async function textFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && textExtensions.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((p) => p.startsWith('.')),
    );
}

/** Compresses every text file under `dir` (dot folders aside); a variant that is not smaller is not written. */
export async function precompressDirectory(dir: string): Promise<void> {
  const files = await textFilesUnder(dir);
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      if (br.length < bytes.length) await writeFile(file + compressedExtensions.br, br);
      if (gz.length < bytes.length) await writeFile(file + compressedExtensions.gzip, gz);
    }),
  );
}

/** The Vite plugin: precompresses the output folder once the build is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'formation-desk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
