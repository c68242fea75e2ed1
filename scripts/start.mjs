// `npm start`: builds what changed of the web app and the API server (both at once; nothing on
// an unchanged checkout: scripts/builds.mjs), then runs the built server — plain JavaScript,
// apps/api/dist/main.js, no TypeScript loader — in this very process. npm passes SIGTERM and
// SIGINT to the process it started, so the signal must reach the server itself rather than a
// shell or a second npm in between: the package.json script is `exec node scripts/start.mjs`,
// and the server is imported here instead of spawned.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfChanged, builds } from './builds.mjs';

const root = path.resolve(import.meta.dirname, '..');
const log = (line) => process.stdout.write(`${line}\n`);

// A signal during the builds stops them and then this process.
const stop = new AbortController();
const stopBuilds = () => stop.abort();
process.on('SIGINT', stopBuilds);
process.on('SIGTERM', stopBuilds);
const outcomes = await Promise.allSettled(
  Object.keys(builds).map((name) => buildIfChanged(root, name, { log, signal: stop.signal })),
);
process.off('SIGINT', stopBuilds);
process.off('SIGTERM', stopBuilds);
const failed = outcomes.find((outcome) => outcome.status === 'rejected');
if (failed) {
  if (!stop.signal.aborted) process.stderr.write(`${failed.reason.message}.\n`);
  process.exit(failed.reason.code ?? 1);
}
if (outcomes.every((outcome) => outcome.value === false)) {
  log('The web app and the API server are built from this checkout as it is: no build needed.');
}

// A path, not a literal import: the output exists only once built, and the linters need not
// read it.
await import(pathToFileURL(path.join(root, 'apps/api/dist/main.js')).href);
