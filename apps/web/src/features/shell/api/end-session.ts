import { apiPaths } from '@fd/contract';
import { api } from '#/lib/api-client.ts';

/**
 * Ends this session's token on the server (docs/decisions/040-logout-ends-the-session-s-token.md),
 * so a copy of it stops working too. Sent with the token before the browser forgets it; the browser
 * signs out whatever the answer (the server unreachable, the token already ended).
 */
export function endSessionOnServer(): void {
  void api.post(apiPaths.auth.logout).catch(() => undefined);
}
