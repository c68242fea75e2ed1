import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationStreamEvent } from '@fd/contract';
import { ApiError } from '#/lib/api-client.ts';
import {
  NotificationStream,
  reconnectDelay,
  type StreamChange,
  type StreamSource,
} from './notification-stream.ts';

/** Stands in for EventSource, which jsdom does not have: the test plays the server. */
class FakeSource implements StreamSource {
  readonly listeners = new Map<string, ((event: Event) => void)[]>();
  isClosed = false;

  constructor(
    readonly ticket: string,
    readonly lastEventId: string | undefined,
  ) {}

  addEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.isClosed = true;
  }

  /** An event as EventSource dispatches it: a MessageEvent carrying the event's id. */
  emit(type: NotificationStreamEvent, id: string, data: unknown = {}): void {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  fail(): void {
    for (const listener of this.listeners.get('error') ?? []) listener(new Event('error'));
  }
}

let sources: FakeSource[];
let changes: StreamChange[];
let tickets: number;
let getTicket: () => Promise<string>;

function startStream(
  onChange: (change: StreamChange, arrived?: number) => void = (change) => changes.push(change),
) {
  const stream = new NotificationStream({
    getTicket: () => getTicket(),
    open: (ticket, lastEventId) => {
      const source = new FakeSource(ticket, lastEventId);
      sources.push(source);
      return source;
    },
    onChange,
  });
  stream.start();
  return stream;
}

/** Lets the ticket call's promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);
const latest = () => {
  const source = sources.at(-1);
  if (!source) throw new Error('No stream was opened.');
  return source;
};

beforeEach(() => {
  vi.useFakeTimers();
  sources = [];
  changes = [];
  tickets = 0;
  getTicket = () => Promise.resolve(`ticket-${++tickets}`);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelay', () => {
  it('waits 1 s, 2 s, 4 s … and never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('NotificationStream', () => {
  it('opens with a ticket and no last id, and reloads the lists once ready', async () => {
    const stream = startStream();
    await settle();
    expect(sources).toHaveLength(1);
    expect(latest()).toMatchObject({ ticket: 'ticket-1', lastEventId: undefined });

    latest().emit('ready', '10:10:');
    latest().emit('notifications', '11:11:', { detail: [] });
    latest().emit('reset', '12:12:');
    expect(changes).toEqual(['ready', 'notifications', 'reset']);
    stream.stop();
  });

  it('tells how many notifications an event brought, or nothing when its data cannot be read', async () => {
    const arrivals: [StreamChange, number | undefined][] = [];
    const stream = startStream((change, arrived) => arrivals.push([change, arrived]));
    await settle();
    latest().emit('ready', '10:10:');
    latest().emit('notifications', '11:11:', { detail: [{ uuid: 'a' }, { uuid: 'b' }] });
    latest().emit('notifications', '12:12:', 'not a batch');
    expect(arrivals).toEqual([
      ['ready', undefined],
      ['notifications', 2],
      ['notifications', undefined],
    ]);
    stream.stop();
  });

  it('on an error closes the stream itself, waits, and resumes with a new ticket and the last id', async () => {
    const stream = startStream();
    await settle();
    const first = latest();
    first.emit('ready', '10:10:');
    first.emit('notifications', '11:11:', { detail: [] });
    changes = [];

    first.fail();
    expect(first.isClosed).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(2);
    expect(latest()).toMatchObject({ ticket: 'ticket-2', lastEventId: '11:11:' });

    // Resumed: what was missed comes as events, so `ready` alone reloads nothing.
    latest().emit('ready', '11:11:');
    expect(changes).toEqual([]);
    latest().emit('notifications', '13:13:', { detail: [] });
    expect(changes).toEqual(['notifications']);
    stream.stop();
  });

  it('remembers the id of every event, whatever its kind', async () => {
    const stream = startStream();
    await settle();
    latest().emit('ready', 'a');
    latest().emit('reset', 'b');
    latest().fail();
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    expect(latest().lastEventId).toBe('b');
    stream.stop();
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s while connections fail, and starts over once one is ready', async () => {
    const stream = startStream();
    await settle();
    latest().emit('ready', 'x');
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const opened = sources.length;
      latest().fail();
      const before = Date.now();
      while (sources.length === opened) await vi.advanceTimersByTimeAsync(500);
      waits.push(Date.now() - before);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);

    latest().emit('ready', 'y');
    latest().fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sources).toHaveLength(9);
    stream.stop();
  });

  it('starts afresh when resuming from the last id fails twice before the stream is ready', async () => {
    const stream = startStream();
    await settle();
    latest().emit('ready', 'gone');
    latest().fail();
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    expect(latest().lastEventId).toBe('gone');
    // The server refuses an id it cannot resume from; the EventSource only sees an error.
    latest().fail();
    await vi.advanceTimersByTimeAsync(reconnectDelay(1));
    expect(latest().lastEventId).toBe('gone');
    latest().fail();
    await vi.advanceTimersByTimeAsync(reconnectDelay(2));
    expect(latest().lastEventId).toBeUndefined();

    changes = [];
    latest().emit('ready', 'new');
    expect(changes).toEqual(['ready']);
    stream.stop();
  });

  it('stops for good on `end`: the session is over', async () => {
    startStream();
    await settle();
    latest().emit('ready', '1');
    latest().emit('end', '2', { detail: 'Session revoked.' });
    expect(latest().isClosed).toBe(true);
    latest().fail();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources).toHaveLength(1);
  });

  it('reconnects, resuming, on `end` with reconnect: the server is stopping', async () => {
    startStream();
    await settle();
    latest().emit('ready', '1');
    latest().emit('end', '2', {
      detail: 'The server is stopping: reconnect.',
      reconnect: true,
    });
    expect(latest().isClosed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources).toHaveLength(2);
    expect(latest().lastEventId).toBe('2');
  });

  it('stops when the ticket is refused with 401 (the API client signs out)', async () => {
    getTicket = () =>
      Promise.reject(
        new ApiError(401, 'Authentication credentials were not provided or are invalid.'),
      );
    startStream();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources).toHaveLength(0);
  });

  it('retries the ticket after a network failure or a server error', async () => {
    let calls = 0;
    getTicket = () => {
      calls += 1;
      if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
      if (calls === 2) return Promise.reject(new ApiError(503));
      return Promise.resolve('ticket-ok');
    };
    const stream = startStream();
    await settle();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toBe(3);
    expect(latest()).toMatchObject({ ticket: 'ticket-ok', lastEventId: undefined });
    stream.stop();
  });

  it('does nothing more once stopped: no reconnect, and no stream for a ticket that arrives late', async () => {
    const stream = startStream();
    await settle();
    latest().fail();
    stream.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources).toHaveLength(1);

    let answer!: (ticket: string) => void;
    getTicket = () => new Promise((resolve) => (answer = resolve));
    const late = startStream();
    await settle();
    late.stop();
    answer('ticket-late');
    await settle();
    expect(sources).toHaveLength(1);
  });

  it('closes the open stream on stop and ignores what a closed stream still delivers', async () => {
    const stream = startStream();
    await settle();
    const source = latest();
    stream.stop();
    expect(source.isClosed).toBe(true);
    source.emit('notifications', '5', { detail: [] });
    source.fail();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(changes).toEqual([]);
    expect(sources).toHaveLength(1);
  });
});
