// `npm run check` (and `npm run typecheck`): the format check, the lint, the type checks of each
// part of the repo and knip, two at a time. Each is one process using mostly one core, so on two
// cores two side by side take about two thirds of the time one after the other takes
// (docs/decisions/118-the-test-run-on-two-cores.md).
//
// A part's output is printed whole when it ends, under its name, so two parts' lines never mix.
// Every part runs even when one fails, so one run shows every problem; the exit code is 1 if
// any failed.
//
//   node scripts/check.mjs              every part
//   node scripts/check.mjs typecheck    only the type checks
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
/**
 * TypeScript 7, the native compiler, checks the types: a fifth of TypeScript 6's CPU for the same
 * diagnostics. TypeScript 6 stays installed for the tools that load its JavaScript API
 * (typescript-eslint), and both ship a `tsc`, so this names 7's by its path
 * (docs/decisions/119-types-checked-by-typescript-7.md).
 */
const typeScriptCompiler = path.join(root, 'node_modules', 'typescript-7', 'bin', 'tsc');
const tsc = (project) => ({
  name: `types: ${project}`,
  command: typeScriptCompiler,
  args: ['-p', project, '--noEmit'],
});

/** Longest first (as measured on two cores), so the last to start are short. */
const typeChecks = [
  tsc('apps/api'),
  tsc('e2e'),
  tsc('apps/web'),
  tsc('scripts'),
  tsc('packages/contract'),
  tsc('docs'),
];
const parts = {
  all: [
    { name: 'lint', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
    { name: 'format', command: bin('prettier'), args: ['--check', '.'] },
    ...typeChecks,
    { name: 'knip', command: bin('knip'), args: [] },
  ],
  typecheck: typeChecks,
};

const which = process.argv[2] ?? 'all';
const queue = [...(parts[which] ?? [])];
if (queue.length === 0 || process.argv.length > 3) {
  console.error(`Usage: node scripts/check.mjs [${Object.keys(parts).join(' | ')}]`);
  process.exit(2);
}
const AT_ONCE = 2;

/** Runs one part to its end; resolves with whether it passed. */
function run({ name, command, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let finished = false;
    // A command that cannot start reports 'error' and may still report 'close': told once.
    const finish = (passed, why = '') => {
      if (finished) return;
      finished = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `\n== ${name}: ${passed ? 'passed' : `FAILED${why}`} (${seconds} s)\n${output.trimEnd()}${output ? '\n' : ''}`,
      );
      resolve(passed);
    };
    child.on('error', (error) => finish(false, `: ${error.message}`));
    child.on('close', (code, signal) =>
      finish(code === 0, code === null ? `: ${signal}` : `: exit ${code}`),
    );
  });
}

const failed = [];
async function worker() {
  for (let part = queue.shift(); part; part = queue.shift()) {
    if (!(await run(part))) failed.push(part.name);
  }
}
await Promise.all(Array.from({ length: AT_ONCE }, worker));
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
