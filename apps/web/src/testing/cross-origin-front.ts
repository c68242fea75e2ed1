import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A CORS-answering front for `startTestServer`, for tests of code that uses XMLHttpRequest.
 * jsdom's XHR, unlike Node's `fetch`, enforces CORS from the page's origin
 * (http://localhost:3000), and a call with a bearer header is preflighted. The front answers
 * the preflight itself and forwards every other request unchanged, so the test server records
 * exactly what the app sent. In the app the API is same-origin and none of this happens.
 */
export async function startCrossOriginFront(targetUrl: string) {
  const server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': 'accept, authorization, content-type',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    const upstream = request(
      `${targetUrl}${req.url ?? '/'}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...cors });
        answer.pipe(res);
      },
    );
    // The test server hung up: hang up on the client too, like a network failure.
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
