/**
 * The api project's globalSetup: builds the server bundle that the process tests start
 * (test/processes.ts) into apps/api/.test-dist, with the production build
 * (scripts/build-api.mjs), once before the run, and again before each rerun in watch mode.
 * Always from the current source, never a build left from before: about a second. Beside it, the
 * migrated PGlite database the PGlite lane starts from and, when DATABASE_URL is set, the migrated
 * PostgreSQL database the PostgreSQL lane copies (test/databases.ts).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createPostgresTemplate, writePgliteTemplate, type PostgresTemplate } from './databases.ts';
import { rootDir, testBundleDir, useServerBundle } from './processes.ts';

/**
 * Builds the server into `outdir` (a folder directly in apps/api, as build-api.mjs requires)
 * and resolves with its entry, `<outdir>/main.js`. Also used by e2e/api-instances.ts.
 */
export async function buildServer(outdir: string): Promise<string> {
  try {
    await promisify(execFile)(
      process.execPath,
      ['scripts/build-api.mjs', '--outdir', path.relative(rootDir, outdir)],
      { cwd: rootDir },
    );
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`Building the server into ${outdir} failed:\n${stdout}${stderr}`, {
      cause: error,
    });
  }
  return path.join(outdir, 'main.js');
}

/**
 * For a test file whose servers start again and again over minutes: builds the server into
 * `apps/api/.test-dist-<name>` and has startServer use it (see useServerBundle); the
 * returned function removes it.
 */
export async function buildOwnServer(name: string): Promise<() => Promise<void>> {
  const dir = path.join(path.dirname(testBundleDir), `.test-dist-${name}`);
  await buildServer(dir);
  useServerBundle(dir);
  return async () => {
    useServerBundle(testBundleDir);
    await rm(dir, { recursive: true, force: true });
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templateDir = await mkdtemp(path.join(tmpdir(), 'fd-pglite-template-'));
  const template = path.join(templateDir, 'migrated.tar');
  project.provide('pgliteTemplate', template);
  // The migrated databases each lane starts a test's database from (test/databases.ts), from the
  // current migrations like the bundle from the current source.
  let postgres: PostgresTemplate | undefined;
  const build = async () => {
    const previous = postgres;
    [postgres] = await Promise.all([
      process.env.DATABASE_URL ? createPostgresTemplate() : undefined,
      buildServer(testBundleDir),
      writePgliteTemplate(template),
    ]);
    project.provide('postgresTemplate', postgres?.name ?? '');
    await previous?.drop();
  };
  await build();
  project.onTestsRerun(build);
  return async () => {
    await postgres?.drop();
    await rm(templateDir, { recursive: true, force: true });
  };
}
