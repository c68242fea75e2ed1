/**
 * HTTPS in tests: a self-signed certificate for 127.0.0.1 and localhost, made for this
 * repository's tests and benchmarks only (its key is public here, so nothing may trust it
 * beyond them), and a small HTTP/2 client.
 */
import { readFileSync } from 'node:fs';
import { connect, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';

export const testTlsFiles = {
  certFile: new URL('tls/localhost-cert.pem', import.meta.url).pathname,
  keyFile: new URL('tls/localhost-key.pem', import.meta.url).pathname,
};

/** The certificate, for a client to trust as its only authority. */
export const testCertificate = readFileSync(testTlsFiles.certFile);

/** An HTTP/2 connection to `baseUrl` that trusts the test certificate; rejects if it fails. */
export function connectHttp2(baseUrl: string): Promise<ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = connect(baseUrl, { ca: testCertificate });
    session.once('connect', () => {
      session.off('error', reject);
      resolve(session);
    });
    session.once('error', reject);
  });
}

export interface Http2Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as it crossed the wire (not decompressed). */
  body: Buffer;
}

/** One request on `session`, its whole answer awaited. */
export function http2Request(
  session: ClientHttp2Session,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Http2Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({
      ':method': options.method ?? 'GET',
      ':path': path,
      ...options.headers,
    });
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on('response', (received) => (headers = received));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () =>
      resolve({ status: Number(headers[':status']), headers, body: Buffer.concat(chunks) }),
    );
    stream.on('error', reject);
    stream.end(options.body);
  });
}
