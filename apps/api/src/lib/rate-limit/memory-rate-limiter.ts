import type { RateLimiter, RateLimitResult } from './rate-limiter.ts';

interface Window {
  count: number;
  resetAt: number;
}

export interface MemoryRateLimiterOptions {
  /** Injected clock in milliseconds (tests move it instead of sleeping). */
  now?: () => number;
  /** Hard cap on tracked keys; the oldest are dropped past it. */
  maxKeys?: number;
  /** How often (clock time) expired windows are swept. */
  sweepEveryMs?: number;
}

/**
 * Counters in this process's memory: right for one instance (the embedded
 * default). Expired windows are swept as time passes and the number of keys is
 * capped, so an attacker cycling through addresses cannot grow it without bound.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly now: () => number;
  private readonly maxKeys: number;
  private readonly sweepEveryMs: number;
  private nextSweepAt: number;

  constructor(options: MemoryRateLimiterOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? 100_000;
    this.sweepEveryMs = options.sweepEveryMs ?? 60_000;
    this.nextSweepAt = this.now() + this.sweepEveryMs;
  }

  /** Number of keys currently tracked (for tests and diagnostics). */
  get size(): number {
    return this.windows.size;
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.now();
    if (now >= this.nextSweepAt) this.sweep(now);

    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (!window) this.makeRoom(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    const allowed = window.count <= limit;
    return {
      allowed,
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
    this.nextSweepAt = now + this.sweepEveryMs;
  }

  private makeRoom(now: number): void {
    if (this.windows.size < this.maxKeys) return;
    this.sweep(now);
    // Still full of live windows: forget the oldest (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
