import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

export interface TestResponse {
  status: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as HTML, like a proxy's error page. */
  raw?: string;
  /** Drop the connection without answering, like a network failure. */
  hangUp?: boolean;
}

export type Handler = (request: RecordedRequest) => TestResponse | Promise<TestResponse>;

/**
 * A real HTTP server on a free port, for tests of code that calls the API:
 * it records every request and answers with `handler`.
 */
export async function startTestServer(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      void Promise.resolve(handler(recorded)).then(({ status, body, raw, hangUp }) => {
        if (hangUp) {
          req.socket.destroy();
          return;
        }
        res.statusCode = status;
        if (raw !== undefined) {
          res.setHeader('Content-Type', 'text/html');
          res.end(raw);
        } else if (body === undefined) {
          res.end();
        } else {
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify(body));
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
