/**
 * `npm run bench:web` — what a first visit of each route downloads: the entry's
 * JavaScript and CSS with everything they import, plus the route's lazy screen
 * chunks and theirs. Builds with a Vite manifest into a temporary folder (the
 * app's own dist/ is left alone) and writes bench/results/web.json and the
 * table in bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { format, resolveConfig } from 'prettier';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps', 'web');
const resultsDir = path.join(root, 'bench', 'results');

/** Each route and the lazy modules it loads (see apps/web/src/app/routes.tsx). */
const shell = 'src/features/shell/components/app-layout.tsx';
const routes: [string, string[]][] = [
  ['/ (login)', ['src/features/auth/components/login-screen.tsx']],
  ['/forgot-password', ['src/features/auth/components/forgot-password-screen.tsx']],
  ['/verify-otp', ['src/features/auth/components/verify-otp-screen.tsx']],
  ['/reset-password', ['src/features/auth/components/reset-password-screen.tsx']],
  ['/business', [shell, 'src/features/businesses/components/businesses-page.tsx']],
  ['/document-page', [shell, 'src/features/documents/components/documents-page.tsx']],
  [
    '/full-business-details/:id',
    [shell, 'src/features/businesses/components/business-details-page.tsx'],
  ],
  ['/settings', [shell, 'src/features/settings/components/settings-page.tsx']],
  ['/compliance', [shell, 'src/features/misc/components/coming-soon-page.tsx']],
  ['not found', ['src/features/misc/components/not-found-page.tsx']],
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const outDir = mkdtempSync(path.join(os.tmpdir(), 'fd-bench-web-'));
try {
  execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
    cwd: webDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const manifest = JSON.parse(
    readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk.');

  /** A chunk's file, its CSS and everything it imports statically, once each. */
  const closure = (key: string, files = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: is the route table stale?`);
    if (files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) closure(imported, files);
    return files;
  };
  const sizeOf = (files: Iterable<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const bytes = readFileSync(path.join(outDir, file));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    return { raw, gzip };
  };
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);

  const entryFiles = closure(entryKey);
  const rows = routes.map(([route, modules]) => {
    const files = new Set(entryFiles);
    for (const module of modules) closure(module, files);
    const all = [...files];
    const js = sizeOf(all.filter((f) => f.endsWith('.js')));
    const css = sizeOf(all.filter((f) => f.endsWith('.css')));
    const ownFiles = all.filter((f) => !entryFiles.has(f) && f.endsWith('.js'));
    return { route, js, css, routeOnlyJs: sizeOf(ownFiles) };
  });
  const entry = sizeOf([...entryFiles].filter((f) => f.endsWith('.js')));

  const table = [
    `First visit of each route: JavaScript and CSS downloaded (the shared entry is ${kb(entry.raw)} KB, ${kb(entry.gzip)} KB gzip, of JavaScript).`,
    '',
    '| route | JS KB | JS KB gzip | of which the route’s own chunks, gzip | CSS KB gzip |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.route} | ${kb(r.js.raw)} | ${kb(r.js.gzip)} | ${kb(r.routeOnlyJs.gzip)} | ${kb(r.css.gzip)} |`,
    ),
  ].join('\n');
  console.log(`\n${table}\n`);

  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, 'web.json'),
    JSON.stringify({ date: new Date().toISOString(), entry, routes: rows }, null, 2) + '\n',
  );
  const readmePath = path.join(root, 'bench', 'README.md');
  const readme = readFileSync(readmePath, 'utf8').replace(
    /(<!-- web:start -->)[\s\S]*(<!-- web:end -->)/,
    `$1\n${table}\n$2`,
  );
  const options = { ...(await resolveConfig(readmePath)), filepath: readmePath };
  writeFileSync(readmePath, await format(readme, options));
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
