import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Logger } from '../logger.ts';
import { MemoryRateLimiter } from './memory-rate-limiter.ts';
import { RedisRateLimiter } from './redis-rate-limiter.ts';

const redisUrl = process.env.REDIS_URL;

function recordingLogger() {
  const warnings: unknown[][] = [];
  const log = {
    info: () => {},
    error: () => {},
    warn: (...args: unknown[]) => void warnings.push(args),
  } as unknown as Logger;
  return { log, warnings };
}

describe('MemoryRateLimiter', () => {
  it('allows up to the limit per window, then refuses with the time left', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter({ now: () => now });
    for (let i = 0; i < 3; i += 1) {
      expect(await limiter.hit('a', 3, 60_000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    }
    now += 15_000;
    expect(await limiter.hit('a', 3, 60_000)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    // Other keys have counters of their own.
    expect((await limiter.hit('b', 3, 60_000)).allowed).toBe(true);
    // A new window starts once the old one is over.
    now += 45_000;
    expect((await limiter.hit('a', 3, 60_000)).allowed).toBe(true);
  });

  it('forgets a key on reset', async () => {
    const limiter = new MemoryRateLimiter();
    await limiter.hit('k', 1, 60_000);
    expect((await limiter.hit('k', 1, 60_000)).allowed).toBe(false);
    await limiter.reset('k');
    expect((await limiter.hit('k', 1, 60_000)).allowed).toBe(true);
  });

  it('sweeps expired windows as time passes', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter({ now: () => now, sweepEveryMs: 1_000 });
    for (let i = 0; i < 50; i += 1) await limiter.hit(`ip-${i}`, 5, 500);
    expect(limiter.size).toBe(50);
    now = 2_000;
    await limiter.hit('late', 5, 500);
    expect(limiter.size).toBe(1);
  });

  it('never tracks more than maxKeys', async () => {
    const limiter = new MemoryRateLimiter({ now: () => 0, maxKeys: 10 });
    for (let i = 0; i < 100; i += 1) await limiter.hit(`ip-${i}`, 5, 60_000);
    expect(limiter.size).toBeLessThanOrEqual(10);
    // The newest keys are the ones kept.
    expect((await limiter.hit('ip-99', 1, 60_000)).allowed).toBe(false);
  });
});

describe('RedisRateLimiter when Redis is unreachable', () => {
  it('fails open and logs a warning instead of locking everyone out', async () => {
    const { log, warnings } = recordingLogger();
    const limiter = new RedisRateLimiter({ url: 'redis://127.0.0.1:1', log });
    try {
      for (let i = 0; i < 5; i += 1) {
        expect(await limiter.hit('login:ip:1.2.3.4', 1, 60_000)).toEqual({
          allowed: true,
          retryAfterSeconds: 0,
        });
      }
      await limiter.reset('login:ip:1.2.3.4'); // no throw either
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      expect(String(warnings[0]?.[1])).toContain('Redis is unavailable');
    } finally {
      await limiter.close();
    }
  });
});

// Runs where REDIS_URL is set (CI); memory counters and fail-open are covered everywhere.
if (redisUrl) {
  describe('RedisRateLimiter on a real Redis', () => {
    const { log, warnings } = recordingLogger();
    const limiter = new RedisRateLimiter({
      url: redisUrl,
      log,
      keyPrefix: `fd-test:${randomBytes(6).toString('hex')}:`,
    });
    afterAll(() => limiter.close());

    it('counts atomically per key with the window as expiry', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, () => limiter.hit('burst', 5, 60_000)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      const refused = results.filter((r) => !r.allowed);
      expect(refused).toHaveLength(3);
      for (const r of refused) {
        expect(r.retryAfterSeconds).toBeGreaterThanOrEqual(59);
        expect(r.retryAfterSeconds).toBeLessThanOrEqual(60);
      }
      expect((await limiter.hit('other', 5, 60_000)).allowed).toBe(true);
      expect(warnings).toEqual([]);
    });

    it('forgets a key on reset', async () => {
      await limiter.hit('reset-me', 1, 60_000);
      expect((await limiter.hit('reset-me', 1, 60_000)).allowed).toBe(false);
      await limiter.reset('reset-me');
      expect((await limiter.hit('reset-me', 1, 60_000)).allowed).toBe(true);
    });

    it('starts a new window when the old one expires', async () => {
      expect((await limiter.hit('short', 1, 150)).allowed).toBe(true);
      expect((await limiter.hit('short', 1, 150)).allowed).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await limiter.hit('short', 1, 150)).allowed).toBe(true);
    });
  });
}
