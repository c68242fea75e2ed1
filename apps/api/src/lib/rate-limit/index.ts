import type { Logger } from '../logger.ts';
import { MemoryRateLimiter } from './memory-rate-limiter.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { RedisRateLimiter } from './redis-rate-limiter.ts';

export * from './rate-limiter.ts';
export { enforceRateLimit } from './enforce-rate-limit.ts';
export { MemoryRateLimiter } from './memory-rate-limiter.ts';
export { RedisRateLimiter } from './redis-rate-limiter.ts';

/** Redis when the configuration names one (shared by every instance), memory otherwise. */
export function createRateLimiter(redisUrl: string | undefined, log: Logger): RateLimiter {
  return redisUrl ? new RedisRateLimiter({ url: redisUrl, log }) : new MemoryRateLimiter();
}
