/**
 * The server and the command-line tools as real processes, for the tests of
 * what only a process shows: locks on the data folder, signals, file modes,
 * exit codes and what is printed.
 *
 * The server and the tools run as a deploy runs them: from the built bundle
 * (scripts/build-api.mjs: main.js, and manager.js, seed.js, … beside it), which the api
 * project's globalSetup (build-server.ts) builds from the current source into
 * apps/api/.test-dist before every run. Started through npm (`runNpm`), a tool runs its
 * TypeScript source through tsx, as `npm run manager` does for a person at a checkout: the same
 * code, without the second or so tsx takes to load it, which the tests would pay sixty times a run.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const apiDir = path.resolve(import.meta.dirname, '../..');
export const rootDir = path.resolve(apiDir, '../..');

/** Where the tests' build of the server goes: beside dist/, at its depth (build-api.mjs). */
export const testBundleDir = path.join(apiDir, '.test-dist');

let bundleDir = testBundleDir;

/**
 * A test file whose servers run for minutes builds a bundle of its own
 * (`buildOwnServer` in build-server.ts) and starts them from it, so that another
 * run of vitest in the same checkout, rebuilding .test-dist, cannot pull its
 * chunks away between two starts.
 */
export function useServerBundle(dir: string): void {
  bundleDir = dir;
}

/**
 * A built entry (`main` for the server, a tool's name for the tool), which build-server.ts made
 * at the start of this run.
 */
function builtEntry(name: string): string {
  const entry = path.join(bundleDir, `${name}.js`);
  if (!existsSync(entry)) {
    throw new Error(
      `No ${entry}: the api project's globalSetup (src/test/build-server.ts) builds it`,
    );
  }
  return entry;
}
const serverMain = () => builtEntry('main');

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of this process without any database or data settings of its own. */
function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'JWT_SECRET', 'DATA_DIR', 'SEED_DEMO', 'REDIS_URL', 'PORT']) {
    delete base[name];
  }
  return { ...base, ...env };
}

/** npm prints its own configuration warnings on stderr; they are not the tool's. */
const withoutNpmWarnings = (text: string) =>
  text
    .split('\n')
    .filter((line) => !line.startsWith('npm warn'))
    .join('\n');

/**
 * Runs the built tool (`manager`, `seed`, …: `node .test-dist/<tool>.js …args`) with only the
 * given settings.
 */
export function runTool(
  tool: string,
  args: string[],
  env: Record<string, string>,
  input?: string,
): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [builtEntry(tool), ...args],
      { cwd: apiDir, env: cleanEnv(env), timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr: withoutNpmWarnings(stderr) });
      },
    );
    child.stdin?.end(input ?? '');
  });
}

/**
 * Runs `npm run <script> -- …args` from the checkout's root, as the README tells a person to:
 * what npm adds to the tool's own output shows here.
 */
export function runNpm(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', script, ...(args.length > 0 ? ['--', ...args] : [])],
      { cwd: rootDir, env: cleanEnv(env), timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr: withoutNpmWarnings(stderr) });
      },
    );
  });
}

/** Starts the built tool without waiting: for a test that kills it. */
export function spawnTool(tool: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [builtEntry(tool), ...args], {
    cwd: apiDir,
    env: cleanEnv(env),
  });
}

export interface RunningProcess {
  child: ChildProcess;
  /** The server's address, from the line it prints once it listens. */
  url: string;
  output(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

/**
 * Starts `command` and waits for the line the server prints when it listens.
 * Rejects with everything printed if the process ends before that.
 */
export function startProcess(
  command: string,
  args: string[],
  options: {
    cwd: string;
    env: Record<string, string>;
    /** Given the process as soon as it exists (to kill it while it starts). */
    onSpawn?: (child: ChildProcess) => void;
  },
): Promise<RunningProcess> {
  const child = spawn(command, args, { cwd: options.cwd, env: cleanEnv(options.env) });
  options.onSpawn?.(child);
  let output = '';
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        resolve({ child, url: match[1]!, output: () => withoutNpmWarnings(output), exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`exited (${code}) before listening:\n${withoutNpmWarnings(output)}`)),
    );
  });
}

/** `node .test-dist/main.js`: the built server alone, on a port of its choosing. */
export function startServer(
  env: Record<string, string>,
  onSpawn?: (child: ChildProcess) => void,
): Promise<RunningProcess> {
  return startProcess(process.execPath, [serverMain()], {
    cwd: apiDir,
    env: { PORT: '0', ...env },
    onSpawn,
  });
}

/**
 * The built server with a terminal for its output, as a person's `npm start` has: util-linux's
 * `script` gives it a pseudo-terminal and copies what it prints (lines end in CR LF there).
 */
export function startServerOnTerminal(env: Record<string, string>): Promise<RunningProcess> {
  return startProcess(
    'script',
    [
      '--quiet',
      '--flush',
      '--return',
      '--command',
      `exec '${process.execPath}' '${serverMain()}'`,
      '/dev/null',
    ],
    { cwd: apiDir, env: { PORT: '0', ...env } },
  );
}

/** Runs a server to completion: starts it expecting it to fail, and returns what it said. */
export function runServerExpectingFailure(env: Record<string, string>): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [serverMain()],
      { cwd: apiDir, env: cleanEnv({ PORT: '0', ...env }), timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr: withoutNpmWarnings(stderr) });
      },
    );
  });
}
