/**
 * The api project's globalSetup: builds the server bundle that the process tests start
 * (test/processes.ts) into apps/api/.test-dist, with the production build
 * (scripts/build-api.mjs), once before the run, and again before each rerun in watch mode.
 * Always from the current source, never a build left from before: about a second.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { rootDir, testBundleDir } from './processes.ts';

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

export default async function setup(project: TestProject): Promise<void> {
  const build = () => buildServer(testBundleDir).then(() => undefined);
  await build();
  project.onTestsRerun(build);
}
