import { existsSync } from 'node:fs';

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

export const NO_CHROMIUM =
  "No Chromium found: install Debian's package (apt-get install -y chromium) or set CHROME_PATH to a Chromium binary.";

/**
 * Debian's Chromium: CHROME_PATH first, then /usr/bin/chromium. Never a
 * downloaded browser; with none, the run stops with one line saying how to
 * get one (exit code 1), never passing silently.
 */
export function findChromium(
  env: Record<string, string | undefined>,
  fallback = '/usr/bin/chromium',
): string {
  const found = [env.CHROME_PATH, fallback].find((p): p is string => !!p && existsSync(p));
  if (!found) {
    console.error(NO_CHROMIUM);
    process.exit(1);
  }
  return found;
}
