import {
  apiErrorDetails,
  apiPaths,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  detailMessageResponseSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  resetPasswordRequestSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
} from '@fd/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, route } from '../../lib/route-schema.ts';
import { enforceRateLimit, type RateLimiter, type RateLimits } from '../../lib/rate-limit/index.ts';
import { hmacSha256, sha256 } from '../../lib/secrets.ts';
import { logSecurityEvent } from '../../lib/security-events.ts';
import { carriesSecret } from '../../plugins/compress-json.ts';
import { AppError } from '../../lib/app-error.ts';
import { normalizeEmail, type AuthService } from './auth.service.ts';

export interface AuthRoutesOptions {
  service: AuthService;
  rateLimiter: RateLimiter;
  rateLimits: RateLimits;
  /**
   * Keys the hash that stands for an email in a rate-limit key, so no store (memory or Redis)
   * holds an address, nor a plain SHA-256 that a list of addresses would undo.
   */
  keySecret: string;
}

/**
 * `answer`, after telling `refused` of the client error (4xx) it fails with, if it does; the
 * error goes on to the caller either way.
 */
async function whenRefused<T>(
  answer: Promise<T>,
  refused: (error: AppError) => void | Promise<void>,
): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) await refused(error);
    throw error;
  }
}

/** Public: no bearer credential (docs/product.md §6). */
const PUBLIC = [] as const;
const tags = ['auth'];

/** docs/product.md §7 "Authentication", mounted under /api/v1. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  fastify,
  { service, rateLimiter, rateLimits, keySecret },
) => {
  /** What stands for a normalised email in a rate-limit key. */
  const emailKey = (email: string) => hmacSha256(keySecret, `rate-limit:${email}`);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A stop lets the resets already answered be opened and mailed before the database closes.
  app.addHook('onClose', () => service.settled());

  /** Many failures at one account from everywhere: logged for a person to look at, not refused. */
  async function countAccountFailure(request: FastifyRequest, email: string) {
    const { limit, windowMs } = rateLimits.loginFailuresPerAccount;
    const counted = await rateLimiter.hit(`login:failures:${emailKey(email)}`, limit, windowMs);
    if (!counted.allowed) logSecurityEvent(request, 'login.many_failures', { email });
  }

  const loginSchema = {
    operationId: 'login',
    summary: 'Sign in (managers only)',
    tags,
    security: PUBLIC,
    body: loginRequestSchema,
    response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
  };
  // The per-IP limit comes before the body is read: a flood of bad bodies is limited too.
  // Every answer here carries a token (or a recovery ticket) beside what the client sent: none
  // is compressed (docs/decisions/041-json-answers-compressed-when-asked-never-beside.md). Each
  // route says so where it is declared, which is when the compression decides.
  app.post(
    route(apiPaths.auth.login),
    {
      config: carriesSecret,
      schema: loginSchema,
      onRequest: async (request) =>
        enforceRateLimit(rateLimiter, `login:ip:${request.ip}`, rateLimits.loginPerIp),
    },
    async (request) => {
      const body = request.body;
      const email = normalizeEmail(body.email);
      const pairKey = `login:email:${emailKey(email)}:ip:${request.ip}`;
      await enforceRateLimit(rateLimiter, pairKey, rateLimits.loginPerAccountAddress);
      const answer = await whenRefused(service.login(body), async (error) => {
        logSecurityEvent(request, error.statusCode === 401 ? 'login.failed' : 'login.refused', {
          email,
          reason: error.detail,
        });
        await countAccountFailure(request, email);
      });
      // The limit is about guessing: a successful sign-in from this address starts it again.
      await rateLimiter.reset(pairKey);
      logSecurityEvent(request, 'login.succeeded', { email, userId: answer.data.auth.id });
      return answer;
    },
  );

  app.post(
    route(apiPaths.auth.forgotPassword),
    {
      config: carriesSecret,
      schema: {
        operationId: 'forgotPassword',
        summary: 'Mail a 6-digit code (same answer for every email; also resends)',
        tags,
        security: PUBLIC,
        body: forgotPasswordRequestSchema,
        response: { 200: forgotPasswordResponseSchema, ...errorResponses(400, 429) },
      },
      onRequest: async (request) =>
        enforceRateLimit(rateLimiter, `forgot:ip:${request.ip}`, rateLimits.forgotPasswordPerIp),
    },
    async (request) => {
      const body = request.body;
      const email = normalizeEmail(body.email);
      // Limited per email and address: requests from elsewhere never refuse the owner's own
      // (docs/decisions/071-password-resets-an-attacker-cannot-deny.md)…
      await enforceRateLimit(
        rateLimiter,
        `forgot:email:${emailKey(email)}:ip:${request.ip}`,
        rateLimits.forgotPasswordPerEmailAddress,
      );
      logSecurityEvent(request, 'password_reset.requested', { email });
      // …and watched across addresses: many requests for one email are logged, not refused.
      const { limit, windowMs } = rateLimits.forgotPasswordRequestsPerEmail;
      const counted = await rateLimiter.hit(`forgot:email:${emailKey(email)}`, limit, windowMs);
      if (!counted.allowed) logSecurityEvent(request, 'password_reset.many_requests', { email });
      return service.requestPasswordReset(body.email, request.log);
    },
  );

  app.post(
    route(apiPaths.auth.verifyOtp),
    {
      config: carriesSecret,
      schema: {
        operationId: 'verifyOtp',
        summary: 'Exchange the code for a reset token',
        tags,
        security: PUBLIC,
        body: verifyOtpRequestSchema,
        response: { 200: verifyOtpResponseSchema, ...errorResponses(400, 401, 429) },
      },
      onRequest: async (request) =>
        enforceRateLimit(rateLimiter, `otp:ip:${request.ip}`, rateLimits.verifyOtpPerIp),
    },
    async (request) => {
      const body = request.body;
      // Hashed: the key stays short whatever the client sends, and the token never reaches Redis.
      await enforceRateLimit(
        rateLimiter,
        `otp:token:${sha256(body.token)}`,
        rateLimits.verifyOtpPerToken,
      );
      return whenRefused(service.verifyOtp(body), () => {
        logSecurityEvent(request, 'password_reset.code_failed');
      });
    },
  );

  app.post(
    route(apiPaths.auth.resetPassword),
    {
      config: carriesSecret,
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with the reset token',
        tags,
        security: PUBLIC,
        body: resetPasswordRequestSchema,
        response: { 200: detailMessageResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const answer = await service.resetPassword(request.body);
      logSecurityEvent(request, 'password_reset.completed');
      return answer;
    },
  );

  app.post(
    route(apiPaths.auth.logout),
    {
      config: carriesSecret,
      schema: {
        operationId: 'logout',
        summary: 'End this session: its token is refused from now on, by every instance',
        tags,
        response: { 200: detailMessageResponseSchema, ...errorResponses(401, 403) },
      },
      onRequest: app.requireManager,
    },
    async (request) => {
      const answer = await service.logout(request.manager);
      logSecurityEvent(request, 'logout', { userId: request.manager.id });
      return answer;
    },
  );

  app.post(
    route(apiPaths.auth.changePassword),
    {
      config: carriesSecret,
      schema: {
        operationId: 'changePassword',
        summary: 'Change the signed-in manager’s password (answers a fresh token)',
        tags,
        body: changePasswordRequestSchema,
        response: {
          200: changePasswordResponseSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
      onRequest: app.requireManager,
    },
    async (request) => {
      const accountKey = `change-password:account:${request.manager.id}`;
      await enforceRateLimit(rateLimiter, accountKey, rateLimits.changePasswordPerAccount);
      const answer = await whenRefused(
        service.changePassword(request.manager, request.body),
        async (error) => {
          logSecurityEvent(request, 'password.change_failed', {
            userId: request.manager.id,
            reason: error.detail,
          });
          // The limit counts wrong current passwords only (docs/operations.md, "Redis"): any
          // other refusal (a weak or unchanged new password) comes after the current one was
          // proven, which clears the count as a change would.
          if (error.detail !== apiErrorDetails.wrongCurrentPassword) {
            await rateLimiter.reset(accountKey);
          }
        },
      );
      await rateLimiter.reset(accountKey);
      logSecurityEvent(request, 'password.changed', { userId: request.manager.id });
      return answer;
    },
  );
};
