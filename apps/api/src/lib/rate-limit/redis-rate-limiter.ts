import { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import type { RateLimiter, RateLimitResult } from './rate-limiter.ts';

// INCR and PEXPIRE in one atomic step, so a crash between them can never leave
// a counter without expiry (which would lock the key out for good).
const hitScript = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export interface RedisRateLimiterOptions {
  url: string;
  log: Logger;
  /** Prepended to every key (tests use a unique one per run). */
  keyPrefix?: string;
  /** A command slower than this counts as Redis being unavailable. */
  commandTimeoutMs?: number;
}

const WARN_EVERY_MS = 30_000;
const downStatuses = new Set(['reconnecting', 'close', 'end']);

/**
 * Counters shared by every instance through Redis. When Redis cannot be
 * reached the limiter fails open (allows the attempt) and logs a warning, at
 * most every 30 s: a Redis outage must not lock every manager out.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly log: Logger;
  private readonly keyPrefix: string;
  private lastWarnedAt = 0;

  constructor(options: RedisRateLimiterOptions) {
    this.log = options.log;
    this.keyPrefix = options.keyPrefix ?? 'fd:rate:';
    this.redis = new Redis(options.url, {
      // Commands wait for the first connection (bounded by commandTimeout), are
      // never retried, and reconnecting goes on in the background.
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 500,
      connectTimeout: 2000,
    });
    this.redis.on('error', (error: Error) => this.warn(error));
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    // Known to be down: do not make every request wait for a timeout.
    if (downStatuses.has(this.redis.status)) {
      this.warn(new Error(`Redis connection is ${this.redis.status}`));
      return { allowed: true, retryAfterSeconds: 0 };
    }
    try {
      const reply = (await this.redis.eval(hitScript, 1, this.keyPrefix + key, windowMs)) as [
        number,
        number,
      ];
      const [count, ttlMs] = reply;
      const allowed = count <= limit;
      return {
        allowed,
        retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(ttlMs / 1000)),
      };
    } catch (error) {
      this.warn(error);
      return { allowed: true, retryAfterSeconds: 0 };
    }
  }

  async reset(key: string): Promise<void> {
    if (downStatuses.has(this.redis.status)) return;
    try {
      await this.redis.del(this.keyPrefix + key);
    } catch (error) {
      this.warn(error);
    }
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }

  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarnedAt < WARN_EVERY_MS) return;
    this.lastWarnedAt = now;
    this.log.warn(
      { err: error },
      'Rate limits: Redis is unavailable, attempts are allowed without counting',
    );
  }
}
