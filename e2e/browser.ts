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

/**
 * Debian's Chromium: CHROME_PATH first, then /usr/bin/chromium. Never a
 * downloaded browser; with none, stop with one line that says how to get one.
 */
export function findChromium(env: Record<string, string | undefined>): string {
  const candidates = [env.CHROME_PATH, '/usr/bin/chromium'].filter((p): p is string => !!p);
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      "No Chromium found: install Debian's package (apt-get install -y chromium) or set CHROME_PATH to a Chromium binary.",
    );
  }
  return found;
}
