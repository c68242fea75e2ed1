// `npm start`: builds the web app and the API server (both at once), then runs the built server
// — plain JavaScript, apps/api/dist/main.js, no TypeScript loader — in this very process. npm
// passes SIGTERM and SIGINT to the process it started, so the signal must reach the server
// itself rather than a shell or a second npm in between: the package.json script is
// `exec node scripts/start.mjs`, and the server is imported here instead of spawned.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const builds = [
  spawn(npm, ['run', 'build', '-w', '@fd/web'], { stdio: 'inherit' }),
  spawn(process.execPath, [path.join(import.meta.dirname, 'build-api.mjs')], { stdio: 'inherit' }),
];
// A signal during the builds stops them and then this process.
const stopBuilds = (signal) => builds.forEach((build) => build.kill(signal));
process.on('SIGINT', stopBuilds);
process.on('SIGTERM', stopBuilds);
const codes = await Promise.all(
  builds.map(
    (build) =>
      new Promise((resolve) =>
        build.on('exit', (exitCode, signal) => resolve(signal ? 1 : (exitCode ?? 1))),
      ),
  ),
);
process.off('SIGINT', stopBuilds);
process.off('SIGTERM', stopBuilds);
const failed = codes.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);

// A path, not a literal import: the output exists only once built, and the linters need not
// read it.
await import(pathToFileURL(path.join(import.meta.dirname, '../apps/api/dist/main.js')).href);
