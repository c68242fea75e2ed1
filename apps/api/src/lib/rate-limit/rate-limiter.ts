/** The answer to one counted attempt. */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (at least 1 when refused; 0 when unknown). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters shared by every limit of the app. `hit` counts one
 * attempt under `key` and says whether it is within `limit` per `windowMs`.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Forgets the count of `key` (a successful sign-in clears that account's failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** docs/architecture.md §6: sign-in and code verification are limited per IP and per account. */
export const defaultRateLimits = {
  loginPerIp: { limit: 20, windowMs: MINUTE },
  /**
   * Sign-in tries at one account from one address; cleared by a successful sign-in from it,
   * so it counts consecutive failures. Per address, so that failures from elsewhere cannot
   * lock the manager out (docs/decisions/042-sign-in-limits-an-attacker-cannot-turn.md).
   */
  loginPerAccountAddress: { limit: 10, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins at one account from every address: past it each further failure is logged
   * as `login.many_failures` (a guessing campaign to look at), and nothing is refused.
   */
  loginFailuresPerAccount: { limit: 50, windowMs: 15 * MINUTE },
  verifyOtpPerIp: { limit: 20, windowMs: MINUTE },
  verifyOtpPerToken: { limit: 10, windowMs: 15 * MINUTE },
  forgotPasswordPerIp: { limit: 10, windowMs: 15 * MINUTE },
  /**
   * Reset requests for one email from one address: past it that address is refused for that
   * email. Per address, so that requests from elsewhere cannot deny the owner a reset
   * (docs/decisions/071-password-resets-an-attacker-cannot-deny.md).
   */
  forgotPasswordPerEmailAddress: { limit: 5, windowMs: 60 * MINUTE },
  /**
   * Reset requests for one email from every address: past it each further request is logged as
   * `password_reset.many_requests`, and nothing is refused.
   */
  forgotPasswordRequestsPerEmail: { limit: 20, windowMs: 60 * MINUTE },
  /**
   * A signed-in session's tries at the current password (a stolen token must not be able to
   * guess it); cleared by a successful change, so it counts consecutive failures.
   */
  changePasswordPerAccount: { limit: 5, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

export type RateLimits = Record<keyof typeof defaultRateLimits, RateLimitRule>;

const perIpRules = new Set<keyof RateLimits>([
  'loginPerIp',
  'verifyOtpPerIp',
  'forgotPasswordPerIp',
]);

/**
 * The default limits with every per-IP rule multiplied by `ipMultiplier` and every other rule
 * (per account, email or code) by `accountMultiplier` (1 unless a test rig asks).
 */
export function rateLimitsForConfig(ipMultiplier: number, accountMultiplier = 1): RateLimits {
  return Object.fromEntries(
    Object.entries(defaultRateLimits).map(([name, rule]) => [
      name,
      {
        ...rule,
        limit:
          rule.limit *
          (perIpRules.has(name as keyof RateLimits) ? ipMultiplier : accountMultiplier),
      },
    ]),
  ) as RateLimits;
}
