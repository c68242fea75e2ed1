import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * False on routes whose answer carries a secret (a token, a signed download link) beside
     * anything the client can steer: such a body is never compressed
     * (docs/decisions/041-json-answers-compressed-when-asked-never-beside.md).
     */
    compress?: boolean;
  }
}

/** A route's `config` when its answer carries a secret (a signed link): never compressed. */
export const carriesSecret = { compress: false } as const;

/** Smaller answers gain less than their headers cost. */
const THRESHOLD_BYTES = 1024;
/** Brotli's quality 5: most of its gain at a few times gzip's speed on small JSON. */
const BROTLI_QUALITY = 5;

type Encoding = 'br' | 'gzip';

/** The encoding to send for an Accept-Encoding header: brotli, then gzip, else none. */
function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.trim().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

const compress = (bytes: Buffer, encoding: Encoding): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(bytes, { level: 6 });

/**
 * JSON answers of 1 KB and more are compressed for a client that asks (brotli, else gzip),
 * with `Vary: Accept-Encoding`. An answer sent as the same bytes again — the list answers kept
 * per version of the table (decision 34) — is compressed once: its compressed copies are kept
 * beside it for as long as it is. Routes that carry a secret opt out (`config.compress`).
 */
export const compressJsonPlugin = fp(
  async (app) => {
    const kept = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();
    app.addHook('onSend', (request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (
        (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
        typeof type !== 'string' ||
        !type.startsWith('application/json') ||
        reply.getHeader('content-encoding') !== undefined ||
        reply.routeOptions.config?.compress === false
      ) {
        done(null, payload);
        return;
      }
      const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
      if (bytes.length < THRESHOLD_BYTES) {
        done(null, payload);
        return;
      }
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) {
        done(null, bytes);
        return;
      }
      let copies = Buffer.isBuffer(payload) ? kept.get(payload) : undefined;
      let compressed = copies?.[encoding];
      if (!compressed) {
        compressed = compress(bytes, encoding);
        if (Buffer.isBuffer(payload)) {
          copies ??= {};
          copies[encoding] = compressed;
          kept.set(payload, copies);
        }
      }
      reply.header('content-encoding', encoding);
      done(null, compressed);
    });
  },
  { name: 'compress-json' },
);
