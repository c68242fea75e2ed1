import {
  apiPaths,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  verifyOtpRequestSchema,
} from '@fd/contract';
import type { FastifyPluginAsync } from 'fastify';
import { parseBody } from '../../lib/parse-body.ts';
import { enforceRateLimit, type RateLimiter, type RateLimits } from '../../lib/rate-limit/index.ts';
import { sha256 } from '../../lib/secrets.ts';
import { normalizeEmail, type AuthService } from './auth.service.ts';

export interface AuthRoutesOptions {
  service: AuthService;
  rateLimiter: RateLimiter;
  rateLimits: RateLimits;
}

/** Contract paths are relative to the API base ('auth/login/'); routes are absolute within it. */
const route = (contractPath: string) => `/${contractPath}`;

/** SPEC.md §7 "Authentication", mounted under /api/v1. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (
  app,
  { service, rateLimiter, rateLimits },
) => {
  app.post(route(apiPaths.auth.login), async (request) => {
    await enforceRateLimit(rateLimiter, `login:ip:${request.ip}`, rateLimits.loginPerIp);
    const body = parseBody(loginRequestSchema, request.body);
    const accountKey = `login:email:${normalizeEmail(body.email)}`;
    await enforceRateLimit(rateLimiter, accountKey, rateLimits.loginPerEmail);
    const answer = await service.login(body);
    // The per-account limit is about guessing: a successful sign-in starts the count again.
    await rateLimiter.reset(accountKey);
    return answer;
  });

  app.post(route(apiPaths.auth.forgotPassword), async (request) => {
    await enforceRateLimit(rateLimiter, `forgot:ip:${request.ip}`, rateLimits.forgotPasswordPerIp);
    const body = parseBody(forgotPasswordRequestSchema, request.body);
    await enforceRateLimit(
      rateLimiter,
      `forgot:email:${normalizeEmail(body.email)}`,
      rateLimits.forgotPasswordPerEmail,
    );
    return service.requestPasswordReset(body.email, request.log);
  });

  app.post(route(apiPaths.auth.verifyOtp), async (request) => {
    await enforceRateLimit(rateLimiter, `otp:ip:${request.ip}`, rateLimits.verifyOtpPerIp);
    const body = parseBody(verifyOtpRequestSchema, request.body);
    // Hashed: the key stays short whatever the client sends, and the token never reaches Redis.
    await enforceRateLimit(
      rateLimiter,
      `otp:token:${sha256(body.token)}`,
      rateLimits.verifyOtpPerToken,
    );
    return service.verifyOtp(body);
  });

  app.post(route(apiPaths.auth.resetPassword), async (request) => {
    return service.resetPassword(parseBody(resetPasswordRequestSchema, request.body));
  });

  app.post(
    route(apiPaths.auth.changePassword),
    { onRequest: app.requireManager },
    async (request) => {
      const body = parseBody(changePasswordRequestSchema, request.body);
      return service.changePassword(request.manager, body);
    },
  );
};
