import { apiPaths, type LoginRequest, type LoginResponse } from '@fd/contract';
import { api } from '#/lib/api-client.ts';

export function loginWithPassword(credentials: LoginRequest): Promise<LoginResponse> {
  return api.post(apiPaths.auth.login, credentials, {
    schema: async () => (await import('./response-schemas.ts')).loginResponseSchema,
  });
}
