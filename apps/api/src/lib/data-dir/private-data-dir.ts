/**
 * The data folder holds password hashes, reset codes in the outbox, uploaded
 * documents and the JWT secret: nobody but the user running the server may
 * read it. Every file this process creates from here on is 0600 and every
 * folder 0700 (umask), and what an older version left open is tightened.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

const OTHERS = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the folder if needed, sets the process umask and takes group and
 * other permissions off everything inside. Returns how many entries it changed.
 */
export function makeDataDirPrivate(dataDir: string): number {
  process.umask(OTHERS);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  return tighten(dataDir);
}

function tighten(entry: string): number {
  let stat;
  try {
    stat = lstatSync(entry);
  } catch {
    return 0; // removed while we walked (a temporary file)
  }
  if (stat.isSymbolicLink()) return 0; // never follow a link out of the folder
  let changed = 0;
  if ((stat.mode & OTHERS) !== 0) {
    chmodSync(entry, stat.mode & 0o7700);
    changed += 1;
  }
  if (stat.isDirectory()) {
    for (const name of readdirSync(entry)) changed += tighten(path.join(entry, name));
  }
  return changed;
}
