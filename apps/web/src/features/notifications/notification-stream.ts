/**
 * The live notification stream (decision 27), without React: it asks for a ticket, opens the
 * stream, and reopens it after a failure. The browser's own EventSource retry cannot be used:
 * it reopens the same URL, and a ticket is good for one connection only. So on every error
 * this closes the stream itself, waits (1 s, 2 s, 4 s … at most 30 s), gets a new ticket and
 * reconnects with `last_event_id`, the id of the last event it got, so the server sends what
 * was missed in between.
 */
import type { NotificationStreamEvent } from '@fd/contract';
import { ApiError } from '#/lib/api-client.ts';
import { queryRetryDelay } from '#/lib/query-client.ts';

/** What the stream uses of an EventSource: the browser's, or a fake in tests. */
export interface StreamSource {
  addEventListener(type: NotificationStreamEvent | 'error', listener: (event: Event) => void): void;
  close(): void;
}

/** Why the lists should be reloaded. */
export type StreamChange = Exclude<NotificationStreamEvent, 'end'>;

export interface NotificationStreamOptions {
  /** A new single-use ticket (`POST notifications/stream/ticket/`). */
  getTicket: () => Promise<string>;
  /** Opens the stream with `ticket`, resuming after `lastEventId` when there is one. */
  open: (ticket: string, lastEventId: string | undefined) => StreamSource;
  /**
   * Something changed: a fresh connection, new notifications (`arrived`: how many, when the
   * event could be read), or more missed than one event holds.
   */
  onChange: (change: StreamChange, arrived?: number) => void;
}

/** 1 s, 2 s, 4 s … never more than 30 s: the same backoff as a failed query. */
export const reconnectDelay = queryRetryDelay;

/**
 * A connection that resumed from an id and failed before it was ready, this many times in a
 * row, starts afresh instead: the server refuses an id it cannot resume from (a 400 or 409 the
 * EventSource cannot read), and a fresh start only costs a reload of the lists.
 */
const RESUME_ATTEMPTS = 2;

/**
 * A ticket refused with a client error will be refused again: 401 is a session the API client
 * has already ended (it signs out), 403 another role. Too many requests is worth a wait.
 */
const isFinal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/** How many notifications a `notifications` event brought, if its data can be read. */
function arrivedIn(event: Event): number | undefined {
  if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return undefined;
  try {
    const data: unknown = JSON.parse(event.data);
    return typeof data === 'object' &&
      data !== null &&
      'detail' in data &&
      Array.isArray(data.detail)
      ? data.detail.length
      : undefined;
  } catch {
    return undefined;
  }
}

/** An `end` event whose data says `reconnect: true`: the server stops, the session goes on. */
function asksToReconnect(event: Event): boolean {
  if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return false;
  try {
    const data: unknown = JSON.parse(event.data);
    return (
      typeof data === 'object' && data !== null && 'reconnect' in data && data.reconnect === true
    );
  } catch {
    return false;
  }
}

export class NotificationStream {
  private readonly options: NotificationStreamOptions;
  private source: StreamSource | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastEventId: string | undefined;
  /** Failed attempts since the last ready connection: sets the next wait. */
  private failures = 0;
  private failedResumes = 0;
  private stopped = false;

  constructor(options: NotificationStreamOptions) {
    this.options = options;
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  /** For good: on unmount, sign-out, or when the server ends the session's stream. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.source?.close();
    this.source = undefined;
  }

  private async connect(): Promise<void> {
    let ticket: string;
    try {
      ticket = await this.options.getTicket();
    } catch (error) {
      if (this.stopped) return;
      if (isFinal(error)) this.stop();
      else this.retryLater();
      return;
    }
    if (this.stopped) return;

    const resumeFrom = this.lastEventId;
    const source = this.options.open(ticket, resumeFrom);
    this.source = source;
    let isReady = false;

    // Every event has an id; an event of a stream already replaced is ignored.
    const on = (type: NotificationStreamEvent | 'error', handle: (event: Event) => void) =>
      source.addEventListener(type, (event) => {
        if (this.source !== source) return;
        if (event instanceof MessageEvent && event.lastEventId) {
          this.lastEventId = event.lastEventId;
        }
        handle(event);
      });

    on('ready', () => {
      isReady = true;
      this.failures = 0;
      this.failedResumes = 0;
      // Resumed: what was missed follows as `notifications` or `reset`.
      if (resumeFrom === undefined) this.options.onChange('ready');
    });
    on('notifications', (event) => this.options.onChange('notifications', arrivedIn(event)));
    on('reset', () => this.options.onChange('reset'));
    on('end', (event) => {
      // The server stopping says to come back (to another instance, if any); otherwise the
      // session is over.
      if (!asksToReconnect(event)) {
        this.stop();
        return;
      }
      source.close();
      this.source = undefined;
      this.retryLater();
    });
    on('error', () => {
      source.close();
      this.source = undefined;
      if (!isReady && resumeFrom !== undefined && ++this.failedResumes >= RESUME_ATTEMPTS) {
        this.lastEventId = undefined;
        this.failedResumes = 0;
      }
      this.retryLater();
    });
  }

  private retryLater(): void {
    const delay = reconnectDelay(this.failures);
    this.failures += 1;
    this.timer = setTimeout(() => void this.connect(), delay);
  }
}
