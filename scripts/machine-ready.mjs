// `node scripts/machine-ready.mjs chromium [nginx]`: the Debian packages the tests need, on this
// machine. `npm test` runs it for Chromium before the end-to-end tests, and CI (`.ci/run`) for
// Chromium and nginx (the cluster test's proxy): one place decides how a machine is made ready.
//
// For each package: its binary is used if it is there (CHROME_PATH or NGINX_PATH first, then
// where Debian puts it), and its version printed. If it is missing and this process may
// install packages (it runs as root, or sudo works without a password), it says so in one line
// and installs Debian's package with apt-get. Otherwise it prints one line saying how to get it
// and exits 1. No browser or binary is ever downloaded from anywhere but Debian's archive.
// Uses only Node's own modules, so it runs before `npm ci`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Each package the tests use: where its binary is, and the setting that points elsewhere. */
export const packages = {
  chromium: {
    binary: '/usr/bin/chromium',
    setting: 'CHROME_PATH',
    usedBy: 'the end-to-end tests',
    aptArgs: ['chromium'],
    versionArgs: ['--version'],
    missing:
      "No Chromium found: install Debian's package (apt-get install -y chromium) or set CHROME_PATH to a Chromium binary.",
  },
  nginx: {
    binary: '/usr/sbin/nginx',
    setting: 'NGINX_PATH',
    usedBy: 'the cluster test',
    aptArgs: ['--no-install-recommends', 'nginx'],
    versionArgs: ['-v'],
    // The package starts its own service, which is not wanted: the test runs nginx itself.
    afterInstall: ['service', 'nginx', 'stop'],
    missing:
      "No nginx found: install Debian's package (apt-get install -y nginx) or set NGINX_PATH to an nginx binary.",
  },
};

/**
 * How this process may run a command as root: directly, through `sudo -n` (a password is never
 * asked for), or not at all.
 */
function rootPrefix() {
  if (process.getuid?.() === 0) return [];
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return sudo.status === 0 ? ['sudo', '-n'] : undefined;
}

/** Runs `command` as root; its standard output is dropped, its errors shown unless `silent`. */
function runAsRoot(prefix, command, { silent = false } = {}) {
  const [file, ...args] = [...prefix, ...command];
  const result = spawnSync(file, args, {
    stdio: ['ignore', 'ignore', silent ? 'ignore' : 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/**
 * The package's binary on this machine: the setting's (CHROME_PATH, NGINX_PATH) if it exists,
 * else Debian's (`binary`, which the script's tests point elsewhere); undefined if neither.
 * The test runners find their browser and proxy through it too (e2e/browser.ts, e2e/cluster.ts).
 */
export function findBinary(name, env = process.env, binary = packages[name].binary) {
  return [env[packages[name].setting], binary].find((file) => !!file && existsSync(file));
}

/** Makes one package ready. Returns the binary's path, or undefined after printing why not. */
export function makeReady(name, { env = process.env, binary, log = console.log } = {}) {
  const spec = packages[name];
  if (!spec) throw new Error(`Unknown package ${name}: one of ${Object.keys(packages).join(', ')}`);
  const debianBinary = binary ?? spec.binary;
  const found = findBinary(name, env, debianBinary);
  if (found) return printVersion(found, spec, log);

  const prefix = rootPrefix();
  if (!prefix) {
    log(spec.missing);
    return undefined;
  }
  log(
    `Installing Debian's ${name} package for ${spec.usedBy} (${[...prefix, 'apt-get', 'install', '-y', ...spec.aptArgs].join(' ')})…`,
  );
  const installed =
    runAsRoot(prefix, ['apt-get', 'update', '-qq']) &&
    runAsRoot(prefix, ['apt-get', 'install', '-y', '-qq', ...spec.aptArgs]);
  // Not running, or no such service on this machine: either way nothing to stop.
  if (installed && spec.afterInstall) runAsRoot(prefix, spec.afterInstall, { silent: true });
  if (!installed || !existsSync(debianBinary)) {
    log(`Installing ${name} failed (see apt-get's messages above). ${spec.missing}`);
    return undefined;
  }
  return printVersion(debianBinary, spec, log);
}

/** The binary's own version line (nginx writes it on stderr). */
function printVersion(binary, spec, log) {
  const result = spawnSync(binary, spec.versionArgs, { encoding: 'utf8' });
  const line = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n')[0];
  log(line ? `${line} (${binary})` : binary);
  return binary;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = process.argv.slice(2);
  if (names.length === 0 || names.some((name) => !(name in packages))) {
    console.error(`Usage: node scripts/machine-ready.mjs ${Object.keys(packages).join('|')} [...]`);
    process.exit(2);
  }
  const ready = names.map((name) => makeReady(name));
  process.exit(ready.every(Boolean) ? 0 : 1);
}
