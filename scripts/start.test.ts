/**
 * `npm start` builds only what changed (scripts/start.mjs, scripts/builds.mjs). The process test
 * runs the real start script three times in a copy of the checkout (its sources, with this
 * checkout's node_modules linked in), so that its builds and edits touch nothing here: the
 * first start builds both apps, the second builds nothing, and after one API source file is
 * edited the third rebuilds the API server alone. The stamp's decisions on each kind of change
 * are checked directly on a small tree after it.
 */
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkBuild, readInputs, writeStamp } from './builds.mjs';

const checkout = path.resolve(import.meta.dirname, '..');

/** Sources only: no build output, data, dependencies or test results. */
const skipped = new Set(['node_modules', 'dist', 'data', 'test-results', '.git']);

function copyCheckout(into: string) {
  for (const entry of [
    'scripts',
    'apps/web',
    'apps/api/src',
    'apps/api/drizzle',
    'apps/api/package.json',
    'apps/api/tsconfig.json',
    'packages/contract',
    'package.json',
    'package-lock.json',
    'tsconfig.base.json',
  ]) {
    cpSync(path.join(checkout, entry), path.join(into, entry), {
      recursive: true,
      filter: (source) => !skipped.has(path.basename(source)),
    });
  }
  // The root's packages, and each workspace's own where npm nested a version apart (the API's
  // lru-cache, say, beside an older one at the root).
  for (const folder of ['.', 'apps/web', 'apps/api', 'packages/contract']) {
    const modules = path.join(checkout, folder, 'node_modules');
    if (existsSync(modules)) symlinkSync(modules, path.join(into, folder, 'node_modules'));
  }
}

function withoutDatabase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...rest } = env;
  return rest;
}

/** `node scripts/start.mjs` in `root` until the server listens; then SIGTERM. Its output. */
function startOnce(
  root: string,
  dataDir: string,
): Promise<{ output: string; exit: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      // The README's embedded default: the database lanes' settings of the test run stay out.
      env: {
        ...withoutDatabase(process.env),
        PORT: '0',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      if (/is running at http/.test(output) && child.exitCode === null && !child.killed) {
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (exit) => resolve({ output, exit }));
  });
}

/** A warning only React's development build carries. */
const reactDevelopmentWarning = 'Each child in a list should have a unique "key" prop';

describe('npm start', () => {
  let root: string;
  let dataDir: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'fd-start-'));
    dataDir = path.join(root, 'data');
    copyCheckout(root);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(
    'builds on the first start, not on the next, and only the API after an API source changed',
    { timeout: 600_000 },
    async () => {
      const first = await startOnce(root, dataDir);
      expect(first.exit, first.output).toBe(0);
      expect(first.output).toContain('Building the web app (not built yet)…');
      expect(first.output).toContain('Building the API server (not built yet)…');
      expect(first.output).toContain('Formation Desk is running at http://127.0.0.1:');
      // The production bundle, though this test's NODE_ENV is Vitest's 'test': none of React's
      // development warnings in it.
      expect(process.env.NODE_ENV).toBe('test');
      const assets = path.join(root, 'apps/web/dist/assets');
      const withDevWarnings = readdirSync(assets).filter(
        (name) =>
          name.endsWith('.js') &&
          readFileSync(path.join(assets, name), 'utf8').includes(reactDevelopmentWarning),
      );
      expect(withDevWarnings).toEqual([]);

      const second = await startOnce(root, dataDir);
      expect(second.exit, second.output).toBe(0);
      expect(second.output).not.toContain('Building');
      expect(second.output).toContain(
        'The web app and the API server are built from this checkout as it is: no build needed.',
      );
      expect(second.output).toContain('Formation Desk is running at http://127.0.0.1:');

      appendFileSync(path.join(root, 'apps/api/src/main.ts'), '\n// An edit.\n');
      const third = await startOnce(root, dataDir);
      expect(third.exit, third.output).toBe(0);
      expect(third.output).toContain('Building the API server (apps/api/src/main.ts changed)…');
      expect(third.output).toMatch(/API built into apps\/api\/dist in/);
      expect(third.output).not.toContain('Building the web app');
      expect(third.output).toContain('Formation Desk is running at http://127.0.0.1:');
    },
  );
});

describe('whether a build is current (scripts/builds.mjs)', () => {
  let root: string;
  const file = (relative: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), text);
  };
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'fd-builds-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  /** A tree with a web app and its "build", stamped as npm start stamps it. */
  const built = (env: Record<string, string> = {}) => {
    rmSync(path.join(root, 'apps'), { recursive: true, force: true });
    rmSync(path.join(root, 'packages'), { recursive: true, force: true });
    file('apps/web/src/main.tsx', 'export const a = 1;\n');
    file('apps/web/src/main.test.tsx', 'test\n');
    file('apps/web/index.html', '<!doctype html>\n');
    file('packages/contract/src/index.ts', 'export {};\n');
    file('apps/web/dist/index.html', '<!doctype html><script src="/assets/a.js"></script>\n');
    file('apps/web/dist/assets/a.js', 'console.log(1)\n');
    writeStamp(root, 'web', readInputs(root, 'web', env));
  };
  const check = (env: Record<string, string> = {}) =>
    checkBuild(root, 'web', readInputs(root, 'web', env));

  it('is current when nothing changed, or only a file’s time or a test', () => {
    built();
    expect(check()).toEqual({ current: true });
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'apps/web/src/main.tsx'), later, later);
    appendFileSync(path.join(root, 'apps/web/src/main.test.tsx'), 'more\n');
    expect(check()).toEqual({ current: true });
  });

  it('is not when a source’s content changed, or one was added or removed', () => {
    built();
    appendFileSync(path.join(root, 'apps/web/src/main.tsx'), '// edit\n');
    expect(check()).toEqual({ current: false, reason: 'apps/web/src/main.tsx changed' });
    built();
    file('apps/web/src/new.ts', 'export {};\n');
    rmSync(path.join(root, 'apps/web/index.html'));
    expect(check()).toEqual({
      current: false,
      reason: '2 files changed: apps/web/index.html, apps/web/src/new.ts',
    });
    built();
    file('packages/contract/src/index.ts', 'export const b = 2;\n');
    expect(check()).toEqual({
      current: false,
      reason: 'packages/contract/src/index.ts changed',
    });
  });

  it('is not when a setting the build reads changed', () => {
    built({ VITE_API_BASE_URL: '/api/v1' });
    expect(check({ VITE_API_BASE_URL: '/api/v1', OTHER: 'x' })).toEqual({ current: true });
    expect(check({ VITE_API_BASE_URL: '/elsewhere' })).toEqual({
      current: false,
      reason: 'VITE_API_BASE_URL changed',
    });
  });

  it('is not when the output changed or lost a file since it was built', () => {
    built();
    appendFileSync(path.join(root, 'apps/web/dist/assets/a.js'), '// another build\n');
    expect(check()).toEqual({
      current: false,
      reason: 'apps/web/dist changed since it was built',
    });
    built();
    rmSync(path.join(root, 'apps/web/dist/assets/a.js'));
    expect(check().current).toBe(false);
  });

  it('is not without a stamp', () => {
    built();
    rmSync(path.join(root, 'apps/web/dist/.build-stamp.json'));
    expect(check()).toEqual({ current: false, reason: 'not built by npm start before' });
    rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(check()).toEqual({ current: false, reason: 'not built yet' });
  });
});
