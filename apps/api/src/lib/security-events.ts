import type { FastifyRequest } from 'fastify';

/**
 * The security events the log keeps (OWASP ASVS 5.0 V16): sign-ins and their
 * failures, limits reached, password changes and resets, logouts, step status changes. One
 * JSON line each through the request's logger, so it carries the request id and the client
 * address; what a client sent only ever sits in a JSON field (never in the message or a
 * field name), so no input can forge a line. Never a password, a token, a code or a hash.
 */
export type SecurityEvent =
  | 'login.succeeded'
  | 'login.failed'
  | 'login.refused'
  | 'login.many_failures'
  | 'rate_limit.reached'
  | 'password.changed'
  | 'password.change_failed'
  | 'password_reset.requested'
  | 'password_reset.many_requests'
  | 'password_reset.code_failed'
  | 'password_reset.completed'
  | 'logout'
  | 'step_status.changed';

export function logSecurityEvent(
  request: FastifyRequest,
  event: SecurityEvent,
  details: Record<string, string | number | boolean | null> = {},
): void {
  request.log.info({ security: { event, ip: request.ip, ...details } }, `security event ${event}`);
}
