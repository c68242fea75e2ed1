// The two builds the server runs from — the web app (apps/web/dist) and the API server
// (apps/api/dist) — what each is made from, and whether the output there was made from those
// inputs as they are now. `npm start` builds only what changed (scripts/start.mjs), and so does
// the cluster for its web app (e2e/cluster.ts).
//
// "Unchanged" is decided by content, not by git or times: a build writes beside its output a
// stamp (`.build-stamp.json`) holding a hash of each input file, the build settings it read
// from the environment, and the size and time of each output file. The output is current when
// the inputs hash the same and the output files are still those the build wrote. The hashes are
// taken before the build runs, so an edit made while it runs makes the next check rebuild. A
// build without a stamp (`npm run build -w @fd/web`, a failed build) is rebuilt once.
//
// Inputs: each app's sources, the contract, their package and TypeScript settings, the build's
// own configuration, and the installed packages (npm's node_modules/.package-lock.json, which
// every install rewrites, beside package-lock.json). Test files (`*.test.ts`, `*.test.tsx`) are
// left out: no build reaches them, as both bundlers follow imports from the entry points and no
// product file imports a test.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const STAMP_FILE = '.build-stamp.json';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Files and folders every build reads: the contract and the installed packages. */
const shared = [
  'packages/contract/src',
  'packages/contract/package.json',
  'packages/contract/tsconfig.json',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
  'tsconfig.base.json',
];

export const builds = {
  web: {
    title: 'the web app',
    output: 'apps/web/dist',
    inputs: [
      ...[
        'src',
        'public',
        'build',
        'index.html',
        'vite.config.ts',
        'package.json',
        'tsconfig.json',
        // Vite reads these settings files from the app's folder, if there are any.
        '.env',
        '.env.local',
        '.env.production',
        '.env.production.local',
      ].map((name) => `apps/web/${name}`),
      ...shared,
    ],
    /** Vite puts VITE_… variables into the app. */
    settings: (env) => Object.keys(env).filter((name) => name.startsWith('VITE_')),
    command: [npm, 'run', 'build', '-w', '@fd/web'],
  },
  api: {
    title: 'the API server',
    output: 'apps/api/dist',
    inputs: [
      'apps/api/src',
      'apps/api/package.json',
      'apps/api/tsconfig.json',
      'scripts/build-api.mjs',
      ...shared,
    ],
    settings: () => [],
    command: [process.execPath, 'scripts/build-api.mjs'],
  },
};

const isTestFile = (name) => /\.test\.tsx?$/.test(name);

/** Every input file under `entries` (files or folders; missing ones skipped), sorted. */
function listFiles(root, entries) {
  const files = [];
  const visit = (relative) => {
    const full = path.join(root, relative);
    let stat;
    try {
      stat = statSync(full);
    } catch {
      return; // an optional input that is not there
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(full)) visit(path.join(relative, name));
    } else if (!isTestFile(relative)) {
      files.push(relative.split(path.sep).join('/'));
    }
  };
  entries.forEach(visit);
  return files.sort();
}

/** What a build is made from as things are now: a hash per input file, and its settings. */
export function readInputs(root, name, env = process.env) {
  const build = builds[name];
  const files = Object.fromEntries(
    listFiles(root, build.inputs).map((file) => [
      file,
      createHash('sha256')
        .update(readFileSync(path.join(root, file)))
        .digest('base64url'),
    ]),
  );
  const settings = Object.fromEntries(
    build
      .settings(env)
      .sort()
      .map((setting) => [setting, env[setting]]),
  );
  return { files, settings };
}

/** Each output file with its size and modification time (the stamp itself apart). */
function readOutput(dir) {
  const output = {};
  const visit = (relative) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const file = path.join(relative, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (file !== STAMP_FILE) {
        const stat = statSync(path.join(dir, file));
        output[file.split(path.sep).join('/')] = [stat.size, stat.mtimeMs];
      }
    }
  };
  visit('');
  return output;
}

const sameEntries = (a, b) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** What differs between two maps of name → value: names added, removed or changed. */
function differences(before, now) {
  return [...new Set([...Object.keys(before), ...Object.keys(now)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(now[key]))
    .sort();
}

/**
 * Whether the build's output is current: made from `inputs` (readInputs) and untouched since.
 * Otherwise `reason` says why, for the log.
 */
export function checkBuild(root, name, inputs) {
  const dir = path.join(root, builds[name].output);
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(dir, STAMP_FILE), 'utf8'));
  } catch {
    return {
      current: false,
      reason: existsSync(dir) ? 'not built by npm start before' : 'not built yet',
    };
  }
  const changed = differences(stamp.files ?? {}, inputs.files);
  if (changed.length > 0) {
    const shown = changed.slice(0, 3).join(', ');
    return {
      current: false,
      reason: `${changed.length === 1 ? `${shown} changed` : `${changed.length} files changed: ${shown}${changed.length > 3 ? ', …' : ''}`}`,
    };
  }
  const settings = differences(stamp.settings ?? {}, inputs.settings);
  if (settings.length > 0) return { current: false, reason: `${settings.join(', ')} changed` };
  if (!sameEntries(stamp.output ?? {}, readOutput(dir))) {
    return { current: false, reason: `${builds[name].output} changed since it was built` };
  }
  return { current: true };
}

/** After a build succeeded: its stamp, with the inputs read before it ran. */
export function writeStamp(root, name, inputs) {
  const dir = path.join(root, builds[name].output);
  writeFileSync(
    path.join(dir, STAMP_FILE),
    JSON.stringify({ ...inputs, output: readOutput(dir) }) + '\n',
  );
}

/** Removes the stamp: the output is being replaced (a build that fails leaves none). */
export function removeStamp(root, name) {
  rmSync(path.join(root, builds[name].output, STAMP_FILE), { force: true });
}

/**
 * Builds `name` unless its output is current. Resolves with true when it built, false when
 * nothing needed building; rejects when the build failed. `signal` stops a build under way;
 * `stdio` is the build's (its output is shown by default).
 *
 * @param {string} root
 * @param {keyof typeof builds} name
 * @param {{ env?: NodeJS.ProcessEnv, log?: (line: string) => void, signal?: AbortSignal,
 *   stdio?: import('node:child_process').StdioOptions }} [options]
 */
export async function buildIfChanged(
  root,
  name,
  { env = process.env, log, signal, stdio = 'inherit' } = {},
) {
  const inputs = readInputs(root, name, env);
  const check = checkBuild(root, name, inputs);
  if (check.current) return false;
  log?.(`Building ${builds[name].title} (${check.reason})…`);
  removeStamp(root, name);
  const [command, ...args] = builds[name].command;
  // Always the production build, whatever NODE_ENV the shell has: Vite builds React's
  // development bundle (twice the size, its checks running) under NODE_ENV=development or test.
  const child = spawn(command, args, {
    cwd: root,
    env: { ...env, NODE_ENV: 'production' },
    stdio,
    signal,
  });
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (exitCode, exitSignal) => resolve(exitSignal ? 1 : (exitCode ?? 1)));
  });
  if (code !== 0) throw Object.assign(new Error(`Building ${builds[name].title} failed`), { code });
  writeStamp(root, name, inputs);
  return true;
}
