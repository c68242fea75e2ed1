// `npm start`: builds the web app, then runs the API server in this very
// process. npm passes SIGTERM and SIGINT to the process it started, so the
// signal must reach the server itself rather than a shell or a second npm in
// between: the package.json script is `exec node scripts/start.mjs`, and the
// server is imported here (TypeScript through tsx's loader) instead of spawned.
import { spawn } from 'node:child_process';
import { register } from 'tsx/esm/api';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const build = spawn(npm, ['run', 'build', '-w', '@fd/web'], { stdio: 'inherit' });
// A signal during the build stops the build and then this process.
const stopBuild = (signal) => build.kill(signal);
process.on('SIGINT', stopBuild);
process.on('SIGTERM', stopBuild);
const code = await new Promise((resolve) =>
  build.on('exit', (exitCode, signal) => resolve(signal ? 1 : (exitCode ?? 1))),
);
process.off('SIGINT', stopBuild);
process.off('SIGTERM', stopBuild);
if (code !== 0) process.exit(code);

register();
await import('../apps/api/src/main.ts');
