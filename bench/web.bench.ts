/**
 * `npm run bench:web` — what a first visit of each route downloads: the entry's
 * JavaScript and CSS with everything they import, plus the route's lazy screen
 * chunks and theirs. Builds with a Vite manifest into a temporary folder (the
 * app's own dist/ is left alone) and writes bench/results/web.json and the
 * table in bench/README.md. Transfer sizes are those of the `.gz` and `.br`
 * files the build writes beside each asset, which the server sends as they are.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps', 'web');
const resultsDir = path.join(root, 'bench', 'results');

/** The route budgets (gzip KB of JavaScript on a first visit; bench/README.md, "Web"). */
const signInTargetKb = 120;
const routeTargetKb = 180;

/** Each route and the lazy modules it loads (see apps/web/src/app/routes.tsx). */
const adminArea = 'src/app/signed-in-layout.tsx';
const managerGroup = 'src/features/shell/components/manager-group-layout.tsx';
const screen = (feature: string, file: string) => `src/features/${feature}/components/${file}.tsx`;
const routes: [string, string[]][] = [
  ['/ (sign-in)', [screen('auth', 'login-screen')]],
  ['/forgot-password', [screen('auth', 'forgot-password-screen')]],
  ['/verify-otp', [screen('auth', 'verify-otp-screen')]],
  ['/reset-password', [screen('auth', 'reset-password-screen')]],
  ['/business', [adminArea, screen('businesses', 'businesses-page')]],
  ['/document-page', [adminArea, 'src/app/documents-screen.tsx']],
  ['/full-business-details/:id', [adminArea, screen('businesses', 'business-details-page')]],
  ['/manage-business/:uuid', [adminArea, screen('manage', 'manage-business-page')]],
  ['/settings', [adminArea, screen('settings', 'settings-page')]],
  ['/insights', [adminArea, screen('insights', 'insights-page')]],
  ['/compliance', [adminArea, screen('misc', 'coming-soon-page')]],
  ['/mobilenotification', [adminArea, screen('notifications', 'notifications-page')]],
  ['/request', [adminArea, screen('mockups', 'request-page')]],
  ['/request-details', [adminArea, screen('mockups', 'request-details-page')]],
  ['/onboarding', [adminArea, screen('mockups', 'onboarding-page')]],
  ['/tax-return', [adminArea, screen('mockups', 'tax-return-page')]],
  ['/flex-dashboard', [managerGroup, screen('mockups', 'flex-dashboard-page')]],
  ['/flex-profile', [managerGroup, screen('mockups', 'flex-profile-page')]],
  ['/flex-invoice', [managerGroup, screen('mockups', 'flex-invoice-page')]],
  ['not found', [screen('misc', 'not-found-page')]],
];

/** What the sign-in screen loads later, on use, and never on its first visit. */
const signInOnUse: [string, string][] = [
  ['Log in pressed: the answer’s schema, with zod', 'src/features/auth/api/response-schemas.ts'],
  ['the first toast: react-toastify', '../../node_modules/react-toastify/dist/index.mjs'],
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
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
  /** A compressed variant's size as the server sends it: the file written by the build, else the original. */
  const sentSize = (file: string, extension: string, raw: number) => {
    const variant = path.join(outDir, file + extension);
    return existsSync(variant) ? readFileSync(variant).length : raw;
  };
  const sizeOf = (files: Iterable<string>): Size => {
    const size = { raw: 0, gzip: 0, brotli: 0 };
    for (const file of files) {
      const raw = readFileSync(path.join(outDir, file)).length;
      size.raw += raw;
      size.gzip += sentSize(file, '.gz', raw);
      size.brotli += sentSize(file, '.br', raw);
    }
    return size;
  };
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const isJs = (file: string) => file.endsWith('.js');
  const isCss = (file: string) => file.endsWith('.css');

  const entryFiles = closure(entryKey);
  const html = sizeOf(['index.html']);
  const rows = routes.map(([route, modules]) => {
    const files = new Set(entryFiles);
    for (const module of modules) closure(module, files);
    const all = [...files];
    const js = sizeOf(all.filter(isJs));
    const css = sizeOf(all.filter(isCss));
    const routeOnlyJs = sizeOf(all.filter((f) => !entryFiles.has(f) && isJs(f)));
    const total = {
      raw: html.raw + js.raw + css.raw,
      gzip: html.gzip + js.gzip + css.gzip,
      brotli: html.brotli + js.brotli + css.brotli,
    };
    const targetKb = route.startsWith('/ (') ? signInTargetKb : routeTargetKb;
    return {
      route,
      js,
      css,
      routeOnlyJs,
      total,
      targetKb,
      withinTarget: js.gzip / 1024 <= targetKb,
    };
  });
  const entry = sizeOf([...entryFiles].filter(isJs));
  const signInFiles = new Set(entryFiles);
  for (const module of routes[0]![1]) closure(module, signInFiles);
  const onUse = signInOnUse.map(([what, key]) => {
    const later = [...closure(key)].filter((file) => !signInFiles.has(file) && isJs(file));
    return { what, js: sizeOf(later) };
  });

  const size = (s: Size) => `${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)}`;
  const table = [
    `First visit of each route: what the browser downloads, in KB — raw, and as the server sends it with gzip and with brotli (the build's \`.gz\`/\`.br\` files). The shared entry is ${kb(entry.raw)} KB of JavaScript, ${kb(entry.gzip)} KB gzip, ${kb(entry.brotli)} KB brotli; index.html ${kb(html.raw)} / ${kb(html.gzip)} / ${kb(html.brotli)}. Targets: ${signInTargetKb} KB gzip of JavaScript for the sign-in route, ${routeTargetKb} KB for every other.`,
    '',
    '| route | JS raw | JS gzip | JS brotli | of which the route’s own chunks, gzip | CSS raw | CSS gzip | CSS brotli | all (HTML+JS+CSS) raw | gzip | brotli | JS gzip within target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|',
    ...rows.map(
      (r) =>
        `| ${r.route} | ${size(r.js)} | ${kb(r.routeOnlyJs.gzip)} | ${size(r.css)} | ${size(r.total)} | ${r.withinTarget ? 'yes' : `**no** (${r.targetKb})`} |`,
    ),
    '',
    `Loaded later by the sign-in screen, on use (JavaScript raw / gzip / brotli): ${onUse
      .map((u) => `${u.what} ${kb(u.js.raw)} / ${kb(u.js.gzip)} / ${kb(u.js.brotli)}`)
      .join('; ')}.`,
  ].join('\n');
  console.log(`\n${table}\n`);

  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    path.join(resultsDir, 'web.json'),
    JSON.stringify(
      { date: new Date().toISOString(), entry, html, routes: rows, signInOnUse: onUse },
      null,
      2,
    ) + '\n',
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
