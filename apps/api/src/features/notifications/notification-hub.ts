/**
 * The live notification streams of one API instance (decision 27).
 *
 * Each stream stands at a position: a database snapshot (its last event id).
 * What it has not been sent is exactly the notification events written by
 * transactions that snapshot cannot see, but its own manager's — so a stream
 * misses nothing and sends nothing twice, whatever order transactions commit
 * in, across a reconnect (the client sends its last event id back) and across
 * a lost LISTEN connection. Any statement that writes an event announces
 * `notifications_created` (migrations 0008, 0021) on every instance; the hub
 * then reads the new events once, in one statement for all its streams (one
 * read per snapshot they stand at: one, once a read has moved them), sends
 * each stream those not its manager's, and moves them all to that
 * statement's snapshot (decision 95). Announcements that arrive while it
 * reads are folded into one more read.
 */
import type { ServerResponse } from 'node:http';
import { STREAM_BATCH_LIMIT, apiErrorDetails, type NotificationStreamEvent } from '@fd/contract';
import type { Database } from '../../db/client.ts';
import type { TableChanges } from '../../lib/read-cache/index.ts';
import {
  currentSnapshot,
  findRevokedTokenIds,
  findStreamingManagers,
  readStreamDelta,
  type StreamEventRow,
} from './notifications.queries.ts';
import { sessionEnded, toWireNotification, type StreamSession } from './notifications.service.ts';

const CHANNEL = 'notifications_created';
/** A comment line this often keeps proxies and browsers from timing the stream out. */
const HEARTBEAT_MS = 15_000;
/** After a failed read, the next try (announcements may still come first). */
const RETRY_MS = 1000;
/** A stream whose client reads slower than this much is queued is closed; it resumes on reconnect. */
const MAX_QUEUED_BYTES = 1024 * 1024;
/** How long a closed stream's last bytes may take before its socket is destroyed. */
const CLOSE_GRACE_MS = 1000;
/** setTimeout's ceiling (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Stream extends StreamSession {
  response: ServerResponse;
  cursor: string;
  expiry: NodeJS.Timeout;
}

export interface NotificationHubLog {
  warn(details: object, message: string): void;
}

export interface NotificationHub {
  /**
   * Serves an event stream on `response` for `session`, from `cursor` (the
   * client's last event id, already checked) or from now.
   */
  open(response: ServerResponse, session: StreamSession, cursor?: string): Promise<void>;
  /** How many streams are open (for tests and benchmarks). */
  readonly size: number;
  /** Ends every stream (the server is stopping: clients reconnect elsewhere) and stops listening. */
  stop(): Promise<void>;
}

/** An event-stream frame whose data is `json`, already serialized. */
const jsonFrame = (event: NotificationStreamEvent, id: string | undefined, json: string) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${json}\n\n`;

const frame = (event: NotificationStreamEvent, id: string | undefined, data: unknown) =>
  jsonFrame(event, id, JSON.stringify(data));

/**
 * A `notifications` frame of `events`, its wire form serialized once for every
 * stream sent the same ones (most streams are sent every event).
 */
function notificationsFrame(
  cache: Map<number, string>,
  events: readonly StreamEventRow[],
  snapshot: string,
): string {
  const wire = events.map((event) => {
    let json = cache.get(event.id);
    if (json === undefined) cache.set(event.id, (json = JSON.stringify(toWireNotification(event))));
    return json;
  });
  return jsonFrame('notifications', snapshot, `{"detail":[${wire.join(',')}]}`);
}

export async function startNotificationHub(options: {
  database: Database;
  userChanges: TableChanges;
  /** Versions of the revoked tokens: a logout ends its session's streams. */
  tokenChanges: TableChanges;
  now: () => Date;
  log: NotificationHubLog;
}): Promise<NotificationHub> {
  const { database, userChanges, tokenChanges, now, log } = options;
  const db = database.db;
  const streams = new Set<Stream>();

  function send(stream: Stream, chunk: string): void {
    if (stream.response.writableEnded || stream.response.destroyed) return;
    stream.response.write(chunk);
    if (stream.response.writableLength > MAX_QUEUED_BYTES) {
      log.warn({ managerId: stream.managerId }, 'A notification stream fell behind; closing it');
      close(stream);
    }
  }

  function close(stream: Stream, end?: { detail: string; reconnect?: true }): void {
    if (!streams.delete(stream)) return;
    clearTimeout(stream.expiry);
    const { response } = stream;
    // The socket goes with the stream, once the last bytes are out (or a second later): a
    // client that stopped reading without closing must not hold a server stop up.
    const release = () => void response.destroy();
    setTimeout(release, CLOSE_GRACE_MS).unref();
    if (response.writableEnded) {
      release();
      return;
    }
    if (end) response.write(frame('end', undefined, end));
    response.end(release);
  }

  // ---- Delivery: one read at a time, announcements folded into the next ------

  let reading = false;
  let readAgain = false;
  let retry: NodeJS.Timeout | undefined;

  function poke(): void {
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    void deliver().finally(() => {
      reading = false;
      if (readAgain) {
        readAgain = false;
        poke();
      }
    });
  }

  async function deliver(): Promise<void> {
    const open = [...streams];
    if (open.length === 0) return;
    // Streams that stand at one snapshot (all of them, once a read has moved them) share a read.
    const cursors = [...new Set(open.map((stream) => stream.cursor))];
    let delta;
    try {
      delta = await readStreamDelta(db, cursors, STREAM_BATCH_LIMIT + 1);
    } catch (error) {
      log.warn({ err: error }, 'Reading new notifications for the open streams failed');
      clearTimeout(retry);
      retry = setTimeout(poke, RETRY_MS);
      return;
    }
    const eventsByCursor = new Map(cursors.map((cursor, index) => [cursor, delta.rows[index]!]));
    // Each event's wire form is built once, and each stream is sent those not its own manager's.
    const framed = new Map<number, string>();
    for (const stream of open) {
      if (!streams.has(stream)) continue;
      const events = eventsByCursor.get(stream.cursor)!;
      stream.cursor = delta.snapshot;
      if (events.length > STREAM_BATCH_LIMIT) {
        send(stream, frame('reset', delta.snapshot, {}));
        continue;
      }
      const mine = events.filter(
        (event) =>
          event.actorId !== stream.managerId &&
          (event.recipientId === null || event.recipientId === stream.managerId),
      );
      if (mine.length === 0) continue;
      send(stream, notificationsFrame(framed, mine, delta.snapshot));
    }
  }

  // ---- Revocation: a password change, a logout or a disabled account ends its streams ----

  let checking = false;
  let checkAgain = false;

  function checkSessions(): void {
    if (streams.size === 0) return;
    if (checking) {
      checkAgain = true;
      return;
    }
    checking = true;
    void revokeEnded().finally(() => {
      checking = false;
      if (checkAgain) {
        checkAgain = false;
        checkSessions();
      }
    });
  }

  async function revokeEnded(): Promise<void> {
    const open = [...streams];
    let managers;
    let revoked;
    try {
      [managers, revoked] = await Promise.all([
        findStreamingManagers(db, [...new Set(open.map((s) => s.managerId))]),
        findRevokedTokenIds(db, [...new Set(open.map((s) => s.tokenId))]),
      ]);
    } catch (error) {
      log.warn({ err: error }, 'Checking the sessions of the open streams failed');
      return;
    }
    const byId = new Map(managers.map((manager) => [manager.id, manager]));
    for (const stream of open) {
      const ended = revoked.has(stream.tokenId)
        ? apiErrorDetails.unauthenticated
        : sessionEnded(byId.get(stream.managerId), stream.tokenVersion);
      if (ended) close(stream, { detail: ended });
    }
  }

  const stopWatchingUsers = userChanges.subscribe(checkSessions);
  const stopWatchingTokens = tokenChanges.subscribe(checkSessions);
  const stopListening = await database.listen(CHANNEL, {
    onNotify: poke,
    // Whatever was announced while not listening is still unseen by the snapshots: read it now.
    onReady: poke,
    onLost: () => {},
  });
  const heartbeat = setInterval(() => {
    for (const stream of streams) send(stream, ': keep-alive\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    get size() {
      return streams.size;
    },

    async open(response, session, cursor) {
      const from = cursor ?? (await currentSnapshot(db));
      const stream: Stream = {
        ...session,
        response,
        cursor: from,
        expiry: setTimeout(
          () => close(stream, { detail: apiErrorDetails.unauthenticated }),
          Math.min(MAX_TIMER_MS, Math.max(0, session.sessionExpiresAt.getTime() - now().getTime())),
        ),
      };
      response.on('close', () => close(stream));
      streams.add(stream);
      send(
        stream,
        `retry: ${RETRY_MS}\n` + frame('ready', from, { resumed: cursor !== undefined }),
      );
      // A resumed stream may have missed some; a fresh one may have been announced to just now;
      // and its session may have been revoked since its ticket was checked.
      poke();
      checkSessions();
    },

    async stop() {
      clearInterval(heartbeat);
      clearTimeout(retry);
      stopWatchingUsers();
      stopWatchingTokens();
      // Each client is told why, and that it may come back (to another instance if any).
      const end = { detail: apiErrorDetails.serverStopping, reconnect: true } as const;
      for (const stream of [...streams]) close(stream, end);
      await stopListening();
    },
  };
}
