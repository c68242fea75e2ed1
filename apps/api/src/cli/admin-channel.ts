/**
 * The admin channel: how `npm run manager` and `npm run seed` work beside a
 * running embedded server. The server owns the data folder (only one process
 * may open a PGlite folder), so the tool hands its arguments to the server over
 * a Unix socket that only the folder's owner can open, the server runs the same
 * tool code on its own database — where its caches see the change at once —
 * and streams the output and the exit code back. Local only: no TCP port, no
 * credentials to leak; the socket's permissions are the access control.
 *
 * Protocol: POST /tools/run with JSON `{ tool, argv, input }`; the answer is
 * newline-delimited JSON: `{ line }` per output line, then one
 * `{ exit, error?, usage? }`.
 */
import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { Config } from '../env.ts';
import { findDataDirHolder } from '../lib/data-dir/data-dir-lock.ts';
import { AppError } from '../lib/app-error.ts';
import type { Logger } from '../lib/logger.ts';
import { EXIT_FAILURE, ToolFailure, UsageError, describeFailure, type Tool } from './tool.ts';

/** Unix socket paths are limited to 108 bytes on Linux; longer folders use a private temp folder. */
const MAX_SOCKET_PATH_BYTES = 100;
const MAX_REQUEST_BYTES = 1024 * 1024;
/** How long a tool waits for a server that is still starting (migrations) to open its channel. */
const SERVER_START_WAIT_MS = 60_000;

const runRequestSchema = z.object({
  tool: z.string(),
  argv: z.array(z.string()).max(100),
  input: z.string(),
});
type RunRequest = z.infer<typeof runRequestSchema>;

const messageSchema = z.union([
  z.object({ line: z.string() }),
  z.object({ exit: z.number().int(), error: z.string().optional(), usage: z.string().optional() }),
]);

export interface AdminChannel {
  socketPath: string;
  close(): Promise<void>;
}

export async function startAdminChannel(options: {
  dataDir: string;
  // Each tool has its own argument type; the channel only passes them through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tools: readonly Tool<any>[];
  database: Database;
  config: Config;
  log: Logger;
}): Promise<AdminChannel> {
  const { tools, database, config, log } = options;
  let socketPath = path.join(options.dataDir, 'admin.sock');
  let tempDir: string | undefined;
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    tempDir = mkdtempSync(path.join(tmpdir(), 'fd-admin-'));
    socketPath = path.join(tempDir, 'admin.sock');
  }
  // We hold the folder's lock, so a socket file left here is a dead server's.
  removeFile(socketPath);

  const running = new Set<AbortController>();
  const server = http.createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      log.error({ err: error }, 'Admin channel request failed');
      response.destroy();
    });
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    if (request.method !== 'POST' || request.url !== '/tools/run') {
      response.writeHead(404).end();
      return;
    }
    let body = '';
    for await (const chunk of request) {
      body += String(chunk);
      if (body.length > MAX_REQUEST_BYTES) {
        response.writeHead(413).end();
        return;
      }
    }
    const parsed = runRequestSchema.safeParse(safeJson(body));
    const tool = parsed.success
      ? tools.find((candidate) => candidate.name === parsed.data.tool && candidate.runsInServer)
      : undefined;
    if (!parsed.success || !tool) {
      response.writeHead(400).end();
      return;
    }
    const { argv, input } = parsed.data;
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    const send = (message: z.infer<typeof messageSchema>) =>
      response.write(`${JSON.stringify(message)}\n`);
    // The command name only: the arguments may hold a password.
    const command = [tool.name, argv[0]].filter(Boolean).join(' ');
    log.info(`Admin tool "${command}" run through the admin channel`);
    // The tool stops when its caller is gone (Ctrl-C closes the socket) or the server stops.
    const stop = new AbortController();
    response.on('close', () => stop.abort());
    running.add(stop);
    try {
      const args = tool.parse(argv);
      await tool.run(args, {
        database,
        config,
        input,
        print: (line) => send({ line }),
        signal: stop.signal,
      });
      send({ exit: 0 });
    } catch (error) {
      const failure = describeFailure(error, tool);
      if (!(error instanceof AppError || error instanceof UsageError)) {
        log.error({ err: error }, `Admin tool "${command}" failed`);
      }
      send({ exit: failure.exitCode, error: failure.message, usage: failure.usage });
    }
    running.delete(stop);
    response.end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    socketPath,
    async close() {
      // Lets a tool that is running finish its step, as requests do; a long run stops there.
      for (const stop of running) stop.abort();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      removeFile(socketPath);
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Not there.
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The running server's socket; waits while the server is still starting. */
async function findServerSocket(dataDir: string): Promise<{ pid: number; socketPath: string }> {
  const deadline = Date.now() + SERVER_START_WAIT_MS;
  let told = false;
  for (;;) {
    const holder = findDataDirHolder(dataDir);
    if (!holder || holder.role !== 'server') {
      throw new ToolFailure(
        `The server that held ${dataDir} stopped before it could run the command; run it again.`,
        EXIT_FAILURE,
      );
    }
    if (holder.adminSocket) return { pid: holder.pid, socketPath: holder.adminSocket };
    if (Date.now() > deadline) {
      throw new ToolFailure(
        `The server holding ${dataDir} (process ${holder.pid}) did not open its admin channel within ${SERVER_START_WAIT_MS / 1000} s.`,
        EXIT_FAILURE,
      );
    }
    if (!told) {
      process.stderr.write(`Waiting for the server (process ${holder.pid}) to finish starting…\n`);
      told = true;
    }
    await sleep(250);
  }
}

/**
 * Has the server that holds `dataDir` run the tool; prints its output as it
 * comes. Resolves when the tool succeeded there, throws ToolFailure otherwise,
 * including when the answer breaks off (the outcome is then unknown, and said so).
 */
export async function runThroughServer(
  dataDir: string,
  request: RunRequest,
  print: (line: string) => void,
): Promise<void> {
  const { pid, socketPath } = await findServerSocket(dataDir);
  process.stderr.write(
    `Data folder: ${dataDir} (embedded): the Formation Desk server (process ${pid}) holds it; it runs this command.\n`,
  );
  const cannotReach = (reason: string) =>
    new ToolFailure(
      `Cannot reach the server (process ${pid}) through ${socketPath}: ${reason}`,
      EXIT_FAILURE,
    );

  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const outgoing = http.request(
      {
        socketPath,
        path: '/tools/run',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      resolve,
    );
    outgoing.on('error', (error) => reject(cannotReach(error.message)));
    outgoing.end(JSON.stringify(request));
  });
  if (response.statusCode !== 200) {
    response.resume();
    throw cannotReach(`it answered HTTP ${response.statusCode}.`);
  }

  let outcome: { exit: number; error?: string; usage?: string } | undefined;
  try {
    for await (const text of createInterface({ input: response, crlfDelay: Infinity })) {
      if (text === '') continue;
      const message = messageSchema.parse(JSON.parse(text));
      if ('line' in message) print(message.line);
      else outcome = message;
    }
  } catch {
    // Handled below: no outcome.
  }
  if (!outcome) {
    throw new ToolFailure(
      `The server (process ${pid}) stopped answering before the command finished: it may or may not have been carried out; check before running it again.`,
      EXIT_FAILURE,
    );
  }
  if (outcome.exit !== 0) {
    throw new ToolFailure(outcome.error ?? 'The command failed.', outcome.exit, outcome.usage);
  }
}
