import type { FastifyBaseLogger } from 'fastify';

/** The part of the app's (pino) logger that library code needs; tests pass a recorder. */
export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * A logger that forwards to one chosen later. The mailer and the rate limiter
 * are built before the Fastify instance that owns the real logger, so main.ts
 * hands them this and binds it once the app exists.
 */
export function createDeferredLogger(): Logger & { bind(target: Logger): void } {
  let target: Logger | undefined;
  const forward =
    (level: keyof Logger) =>
    (...args: unknown[]) => {
      if (!target) return;
      (target[level] as (...a: unknown[]) => void)(...args);
    };
  return {
    info: forward('info') as Logger['info'],
    warn: forward('warn') as Logger['warn'],
    error: forward('error') as Logger['error'],
    bind(next) {
      target = next;
    },
  };
}

/** Query parameters that are credentials: a download's signature, a stream's ticket. */
const credentialNames = new Set(['signature', 'ticket']);

/**
 * A query parameter's name as the server reads it: percent-decoded (and `+` as a space), and
 * again while that changes anything, so no encoding (`%74icket`, `%2574icket`) hides a
 * credential from the redaction. Lower-cased: a name in other cases is redacted too.
 */
function decodedName(name: string): string {
  let decoded = name.replaceAll('+', ' ');
  for (let round = 0; round < 4; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      break;
    }
    if (next === decoded) break;
    decoded = next;
  }
  return decoded.toLowerCase();
}

/**
 * `url` as it may be logged: the value of every query parameter whose decoded name is a
 * credential replaced by `[redacted]`; the rest as sent.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const parameters = url
    .slice(queryAt + 1)
    .split('&')
    .map((parameter) => {
      const equalsAt = parameter.indexOf('=');
      if (equalsAt === -1) return parameter;
      const name = parameter.slice(0, equalsAt);
      return credentialNames.has(decodedName(name)) ? `${name}=[redacted]` : parameter;
    });
  return `${url.slice(0, queryAt)}?${parameters.join('&')}`;
}
