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
