/**
 * A server-sent-events reader for tests and benchmarks: fetches the stream,
 * parses its events as the EventSource specification does (id, event, data,
 * comments ignored) and hands them out one by one; and a manager's notification stream
 * opened with it.
 */
import { API_BASE_PATH, apiPaths, streamTicketResponseSchema } from '@fd/contract';

export interface StreamEvent {
  event: string;
  /** The last event id in force after this event (as EventSource's lastEventId). */
  id: string;
  data: string;
  /** When the last byte of the event arrived (performance.now()). */
  receivedAt: number;
}

export interface OpenedEventStream {
  status: number;
  /** The error body when the status is not 200. */
  body?: unknown;
  headers: Headers;
  /** The next event, waiting at most `timeoutMs`; rejects on timeout. */
  next(timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  /** Events received and not yet taken with next(). */
  readonly pending: readonly StreamEvent[];
  close(): void;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<OpenedEventStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  if (response.status !== 200) {
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    const never = () => Promise.reject(new Error(`The stream answered ${response.status}`));
    return {
      status: response.status,
      body,
      headers: response.headers,
      next: never,
      ended: Promise.resolve(),
      pending: [],
      close: () => {},
    };
  }

  const queue: StreamEvent[] = [];
  const waiters: Array<(event: StreamEvent) => void> = [];
  let lastId = '';
  let finished = false;
  const push = (event: StreamEvent) => {
    const waiter = waiters.shift();
    if (waiter) waiter(event);
    else queue.push(event);
  };

  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let boundary;
        while ((boundary = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const colon = line.indexOf(':');
            const field = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') lastId = value;
            else if (field === 'event') event = value;
            else if (field === 'data') data.push(value);
          }
          if (data.length > 0) {
            push({ event, id: lastId, data: data.join('\n'), receivedAt: performance.now() });
          }
        }
      }
    } catch {
      // Aborted by close(), or the connection dropped: either way the stream is over.
    } finally {
      finished = true;
    }
  })();

  return {
    status: response.status,
    headers: response.headers,
    ended,
    get pending() {
      return queue;
    },
    next(timeoutMs = 5000) {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      if (finished) return Promise.reject(new Error('The stream has ended'));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(settle), 1);
          reject(new Error(`No event within ${timeoutMs} ms`));
        }, timeoutMs);
        const settle = (event: StreamEvent) => {
          clearTimeout(timer);
          resolve(event);
        };
        waiters.push(settle);
      });
    },
    close: () => abort.abort(),
  };
}

/**
 * A manager's notification stream at `baseUrl` (the API's origin): takes a ticket with
 * `token`, opens the stream and waits for its `ready` event; throws when any of it fails.
 */
export async function openNotificationStream(
  baseUrl: string,
  token: string,
): Promise<OpenedEventStream> {
  const ticketPath = apiPaths.notifications.streamTicket;
  const response = await fetch(`${baseUrl}${API_BASE_PATH}/${ticketPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const body: unknown = await response.json();
  if (!response.ok) {
    throw new Error(`POST ${ticketPath} → ${response.status}: ${JSON.stringify(body)}`);
  }
  const { ticket } = streamTicketResponseSchema.parse(body).data;
  const stream = await openEventStream(
    `${baseUrl}${API_BASE_PATH}/${apiPaths.notifications.stream}?ticket=${encodeURIComponent(ticket)}`,
  );
  if (stream.status !== 200) {
    throw new Error(`The stream answered ${stream.status}: ${JSON.stringify(stream.body)}`);
  }
  const ready = await stream.next(30_000);
  if (ready.event !== 'ready') throw new Error(`The stream began with ${ready.event}`);
  return stream;
}
