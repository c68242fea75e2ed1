import { findBinary, packages } from '../scripts/machine-ready.mjs';

/** Flags the machine's closed network needs (no background calls, no sync). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium: CHROME_PATH first, then /usr/bin/chromium (scripts/machine-ready.mjs,
 * which `npm test` runs first to install it where it may). Never a downloaded browser; with
 * none, the run stops with one line saying how to get one (exit code 1), never passing silently.
 */
export function findChromium(env: Record<string, string | undefined>): string {
  const found = findBinary('chromium', env);
  if (!found) {
    console.error(packages.chromium.missing);
    process.exit(1);
  }
  return found;
}
