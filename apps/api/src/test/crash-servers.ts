/**
 * The server processes of the crash tests (crash-recovery.test.ts, feedback-status-crash.test.ts):
 * a store per database lane that outlives its server, starts and stops that are tracked so
 * nothing is left running, and the switch that kills a server (SIGKILL) in the middle of a burst.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { lanes } from './databases.ts';
import { startServer, type RunningProcess } from './processes.ts';
import { TEST_JWT_SECRET } from './test-app.ts';

/** A database and a data folder of their own, opened from the test only when no server runs. */
export interface CrashStore {
  dataDir: string;
  /** What the server needs to find this store. */
  serverEnv: Record<string, string>;
  /** The database, opened from this test (for PGlite only while no server holds the folder). */
  use<T>(work: (database: Database) => Promise<T>): Promise<T>;
}

export interface CrashLane {
  name: 'pglite' | 'postgres';
  /** A fresh store, disposed of after the file's tests. */
  create(): Promise<CrashStore>;
}

/** Kills one server with SIGKILL, at the first answer once armed. */
export interface KillSwitch {
  /** True once the kill is under way: the clients send nothing more. */
  readonly stopping: boolean;
  /** Told of every answer: once armed, the first one to arrive sets off the kill. */
  answered(): void;
  kill(): void;
  /** From now on the next answer kills the server; should none come, the kill comes in 5 s. */
  arm(): void;
  /** Waits until the server is dead, killed by SIGKILL. */
  died(): Promise<void>;
}

export interface CrashServers {
  /** PGlite in a data folder always, PostgreSQL when DATABASE_URL is set (src/test/databases.ts). */
  lanes: CrashLane[];
  pglite: CrashLane;
  /** An empty data folder, removed after the file's tests. */
  newDataDir(): string;
  /** The built server on `env` (no demo data, warnings only unless `env` says otherwise). */
  start(env: Record<string, string>): Promise<RunningProcess>;
  /** Sends `signal` and resolves with the exit code (or the signal's name). */
  stop(server: RunningProcess, signal?: NodeJS.Signals): Promise<number | string>;
  /** Waits for a server told to stop by other means, and resolves with its exit code. */
  exited(server: RunningProcess): Promise<number | string>;
  killSwitch(server: RunningProcess): KillSwitch;
}

/**
 * The lanes, servers and kill switch of one test file. Call it at the top of the file: it adds
 * the hooks that kill any server a test left running and remove what the stores left behind.
 */
export function useCrashServers(folderPrefix: string): CrashServers {
  const folders: string[] = [];
  const disposals: Array<() => Promise<void>> = [];
  const running = new Set<RunningProcess>();

  const newDataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), folderPrefix));
    folders.push(dir);
    return dir;
  };
  const pglite: CrashLane = {
    name: 'pglite',
    async create() {
      const dataDir = newDataDir();
      return {
        dataDir,
        serverEnv: { DATA_DIR: dataDir },
        async use(work) {
          const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
          try {
            return await work(database);
          } finally {
            await database.close();
          }
        },
      };
    },
  };
  const postgresLane = lanes.find((lane) => lane.name === 'postgres');
  const postgres: CrashLane | undefined = postgresLane && {
    name: 'postgres',
    async create() {
      const database = await postgresLane.open();
      disposals.push(() => database.dispose());
      const dataDir = newDataDir();
      return {
        dataDir,
        serverEnv: { DATA_DIR: dataDir, DATABASE_URL: database.url!, JWT_SECRET: TEST_JWT_SECRET },
        use: (work) => work(database),
      };
    },
  };

  const exited = async (server: RunningProcess) => {
    const code = await server.exited;
    running.delete(server);
    return code;
  };
  const stop = (server: RunningProcess, signal: NodeJS.Signals = 'SIGTERM') => {
    server.child.kill(signal);
    return exited(server);
  };

  afterEach(async () => {
    await Promise.all([...running].map((server) => stop(server, 'SIGKILL')));
  });
  afterAll(async () => {
    for (const dispose of disposals.splice(0)) await dispose();
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  return {
    lanes: postgres ? [pglite, postgres] : [pglite],
    pglite,
    newDataDir,
    async start(env) {
      const server = await startServer({ SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env });
      running.add(server);
      return server;
    },
    stop,
    exited,
    killSwitch(server) {
      let armed = false;
      let stopping = false;
      let fallback: NodeJS.Timeout | undefined;
      const kill = () => {
        if (stopping) return;
        stopping = true;
        server.child.kill('SIGKILL');
      };
      return {
        get stopping() {
          return stopping;
        },
        answered() {
          // At once, while the server is still at work on the answers around this one (the
          // answers come in bursts: one batch of transactions after another).
          if (armed) kill();
        },
        kill,
        arm() {
          armed = true;
          fallback = setTimeout(kill, 5_000);
        },
        async died() {
          expect(await server.exited).toBe('SIGKILL');
          clearTimeout(fallback);
          running.delete(server);
        },
      };
    },
  };
}
