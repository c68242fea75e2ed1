/**
 * scripts/machine-ready.mjs as a real process, on each of its ways. apt-get, sudo and service
 * are the one edge replaced: stand-ins on PATH that record how they were called (a test cannot
 * install Debian packages on a shared machine). The stand-in apt-get "installs" by writing the
 * binary where the script then looks for it. The cases without root run as the user nobody,
 * which needs this runner to be root, as on this project's machines and in CI.
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packages } from './machine-ready.mjs';

const script = path.join(import.meta.dirname, 'machine-ready.mjs');
const NOBODY = 65534;

interface Run {
  code: number | null;
  output: string;
}

let dir: string;
let bin: string;
let calls: string;

/** An executable shell script. */
function writeScript(file: string, body: string) {
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
}

/** A stand-in command on the runs' PATH that records each call, then does `body`. */
const standIn = (name: string, body = 'exit 0') =>
  writeScript(path.join(bin, name), `echo "${name} $*" >> "$CALLS"\n${body}`);

/** What the stand-ins were asked to do, one call a line. */
const recorded = () => readFileSync(calls, 'utf8').split('\n').filter(Boolean);

function run(
  args: string[],
  { env = {}, uid }: { env?: Record<string, string>; uid?: number } = {},
) {
  return new Promise<Run>((resolve) => {
    const child = spawn(process.execPath, args, {
      env: { PATH: `${bin}:${process.env.PATH}`, CALLS: calls, ...env },
      cwd: dir,
      ...(uid === undefined ? {} : { uid, gid: uid }),
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** `makeReady(name)` in a process of its own, with Debian's binary placed at `binary`. */
const makeReady = (name: string, binary: string, options: { uid?: number } = {}) =>
  run(
    [
      '--input-type=module',
      '-e',
      `import { makeReady } from ${JSON.stringify(script)};
       process.exit(makeReady(process.argv[1], { binary: process.argv[2] }) ? 0 : 1);`,
      name,
      binary,
    ],
    options,
  );

/** apt-get's stand-in: `install` writes a binary at $INSTALLS that prints a version. */
const aptGetInstalling = (binary: string, version: string) =>
  standIn(
    'apt-get',
    `if [ "$1" = install ]; then printf '#!/bin/sh\\necho "${version}"\\n' > "${binary}"; chmod 755 "${binary}"; fi`,
  );

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fd-machine-ready-'));
  // The runs as nobody record their calls and "install" here too.
  chmodSync(dir, 0o777);
  bin = path.join(dir, 'bin');
  mkdirSync(bin, { mode: 0o755 });
  calls = path.join(dir, 'calls');
  writeFileSync(calls, '');
  chmodSync(calls, 0o666);
  // Whatever this machine has: the stand-ins come first on PATH.
  standIn('apt-get', 'exit 100');
  standIn('service');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/machine-ready.mjs', () => {
  it('uses the browser that is there (CHROME_PATH), prints its version, installs nothing', async () => {
    const chromium = path.join(dir, 'chromium');
    writeScript(chromium, 'echo "Chromium 150.0.1 built on Debian"');
    const result = await run([script, 'chromium'], { env: { CHROME_PATH: chromium } });
    expect(result).toEqual({ code: 0, output: `Chromium 150.0.1 built on Debian (${chromium})\n` });
    expect(recorded()).toEqual([]);
  });

  it('without the right to install, prints the one line that says how, and fails', async () => {
    // sudo asks for a password: `sudo -n` refuses.
    standIn('sudo', 'exit 1');
    const missing = path.join(dir, 'usr-bin-chromium');
    const result = await makeReady('chromium', missing, { uid: NOBODY });
    expect(result).toEqual({ code: 1, output: `${packages.chromium.missing}\n` });
    expect(recorded()).toEqual(['sudo -n true']);
    expect(existsSync(missing)).toBe(false);
  });

  it('as root, says it installs Debian’s Chromium, installs it, and uses it', async () => {
    const binary = path.join(dir, 'usr-bin-chromium');
    aptGetInstalling(binary, 'Chromium 151.0.2 built on Debian');
    const result = await makeReady('chromium', binary);
    expect(result).toEqual({
      code: 0,
      output: [
        "Installing Debian's chromium package for the end-to-end tests (apt-get install -y chromium)…",
        `Chromium 151.0.2 built on Debian (${binary})`,
        '',
      ].join('\n'),
    });
    expect(recorded()).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium']);
  });

  it('with sudo that needs no password, installs through it', async () => {
    standIn('sudo', 'shift; exec "$@"');
    const binary = path.join(dir, 'usr-bin-chromium');
    aptGetInstalling(binary, 'Chromium 152.0.3');
    const result = await makeReady('chromium', binary, { uid: NOBODY });
    expect(result).toEqual({
      code: 0,
      output: [
        "Installing Debian's chromium package for the end-to-end tests (sudo -n apt-get install -y chromium)…",
        `Chromium 152.0.3 (${binary})`,
        '',
      ].join('\n'),
    });
    expect(recorded()).toEqual([
      'sudo -n true',
      'sudo -n apt-get update -qq',
      'apt-get update -qq',
      'sudo -n apt-get install -y -qq chromium',
      'apt-get install -y -qq chromium',
    ]);
  });

  it('installs nginx without its recommends and stops the service the package starts', async () => {
    const binary = path.join(dir, 'usr-sbin-nginx');
    aptGetInstalling(binary, 'nginx version: nginx/1.22.1');
    const result = await makeReady('nginx', binary);
    expect(result.code).toBe(0);
    expect(result.output).toContain(
      "Installing Debian's nginx package for the cluster test (apt-get install -y --no-install-recommends nginx)…",
    );
    expect(recorded()).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq --no-install-recommends nginx',
      'service nginx stop',
    ]);
  });

  it('says so when apt-get fails, and fails', async () => {
    const binary = path.join(dir, 'usr-bin-chromium');
    standIn('apt-get', 'echo "E: Unable to locate package chromium" >&2; exit 100');
    const result = await makeReady('chromium', binary);
    expect(result.code).toBe(1);
    expect(result.output.trim().split('\n')).toEqual([
      "Installing Debian's chromium package for the end-to-end tests (apt-get install -y chromium)…",
      'E: Unable to locate package chromium',
      `Installing chromium failed (see apt-get's messages above). ${packages.chromium.missing}`,
    ]);
  });
});
