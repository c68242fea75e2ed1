import { apiErrorDetails } from '@fd/contract';
import { AppError } from '../app-error.ts';
import type { RateLimiter, RateLimitRule } from './rate-limiter.ts';

/** Counts one attempt; past the rule's limit, throws 429 with Retry-After. */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  rule: RateLimitRule,
): Promise<void> {
  const result = await limiter.hit(key, rule.limit, rule.windowMs);
  if (!result.allowed) {
    throw new AppError(429, apiErrorDetails.rateLimited, undefined, {
      'retry-after': String(result.retryAfterSeconds),
    });
  }
}
