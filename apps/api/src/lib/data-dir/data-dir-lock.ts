/**
 * One process owns an embedded data folder at a time. PGlite is PostgreSQL in
 * this process's memory, written to the folder: a second process opening the
 * same folder has its own copy of the pages and the two overwrite each other's
 * files (lost writes, duplicate keys). So the server and every tool take this
 * lock before they open the folder, and a second one stops with a line naming
 * the holder.
 *
 * The lock is a file holding the owner's pid, linked into place (which fails
 * when the name exists, like O_EXCL, but never shows a half-written file). A lock whose
 * process is gone (crash, SIGKILL) is stale and taken over; the process's start
 * time guards against a new process that happens to reuse the pid.
 */
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Who may hold a data folder. */
export type LockRole =
  'server' | 'seed' | 'manager' | 'migrate' | 'simulate' | 'backup' | 'restore';

export interface LockHolder {
  pid: number;
  role: LockRole;
  startedAt: string;
  /** The kernel's start time of the process (Linux), to tell a reused pid apart. */
  processStart?: string;
  /** Where a server answers the admin tools (see cli/admin-channel.ts). */
  adminSocket?: string;
}

export interface DataDirLock {
  readonly holder: LockHolder;
  /** Rewrites the lock with more about the holder (the admin socket once it listens). */
  update(details: Pick<LockHolder, 'adminSocket'>): void;
  release(): void;
}

export const LOCK_FILE_NAME = 'formation-desk.lock';

const describeRole: Record<LockRole, string> = {
  server: 'the Formation Desk server',
  seed: '"npm run seed"',
  manager: '"npm run manager"',
  migrate: '"npm run db:migrate"',
  simulate: '"npm run simulate"',
  backup: '"npm run backup"',
  restore: '"npm run restore"',
};

/** Thrown when a live process holds the folder; the message is the one line to print. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The data folder ${dataDir} is in use by ${describeRole[holder.role]} (process ${holder.pid}, since ${holder.startedAt}). ` +
        (holder.role === 'server'
          ? 'Stop that server first, or set DATA_DIR to another folder.'
          : 'Wait for it to finish, or set DATA_DIR to another folder.'),
    );
  }
}

/** Field 22 of /proc/PID/stat: when the process started, in clock ticks since boot. */
function processStartOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = processStartOf(holder.pid);
  return !(holder.processStart && start && start !== holder.processStart);
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' && typeof parsed.role === 'string'
      ? (parsed as LockHolder)
      : null;
  } catch {
    return null;
  }
}

const lockPath = (dataDir: string) => path.join(dataDir, LOCK_FILE_NAME);

/** The live process holding the folder, if any. */
export function findDataDirHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(lockPath(dataDir));
  return holder && isAlive(holder) ? holder : null;
}

/**
 * Takes the folder for this process, or throws DataDirInUseError. The lock is
 * released by `release()` and, whatever happens, when the process exits.
 */
export function acquireDataDirLock(dataDir: string, role: LockRole): DataDirLock {
  const file = lockPath(dataDir);
  let holder: LockHolder = {
    pid: process.pid,
    role,
    startedAt: new Date().toISOString(),
    processStart: processStartOf(process.pid),
  };
  // Written aside and linked into place: the lock never exists half-written.
  const writeAside = () => {
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, `${JSON.stringify(holder)}\n`, { mode: 0o600 });
    return aside;
  };

  for (let attempt = 0; ; attempt += 1) {
    const aside = writeAside();
    try {
      linkSync(aside, file);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 20) throw error;
    } finally {
      unlinkSafely(aside);
    }
    const current = readHolder(file);
    if (current && current.pid !== process.pid && isAlive(current)) {
      throw new DataDirInUseError(dataDir, current);
    }
    removeStaleLock(file, current);
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    // Only our own lock: never one that a later owner wrote.
    if (readHolder(file)?.pid === process.pid) unlinkSafely(file);
  };
  process.on('exit', release);
  return {
    get holder() {
      return holder;
    },
    update(details) {
      holder = { ...holder, ...details };
      renameSync(writeAside(), file);
    },
    release,
  };
}

/**
 * Moves a dead process's lock out of the way. Two newcomers may both find the
 * same stale lock: the rename lets only one of them take it, and one that
 * moved a live lock by mistake (created in between) puts it back.
 */
function removeStaleLock(file: string, stale: LockHolder | null): void {
  const aside = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // someone else moved it first
  }
  const moved = readHolder(aside);
  if (moved && moved.pid !== stale?.pid && isAlive(moved)) {
    try {
      linkSync(aside, file);
    } catch {
      // A third process holds the name now; it keeps the folder.
    }
  }
  unlinkSafely(aside);
}

function unlinkSafely(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone.
  }
}
