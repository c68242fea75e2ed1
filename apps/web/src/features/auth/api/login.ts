import { apiPaths, loginResponseSchema, type LoginRequest, type LoginResponse } from '@fd/contract';
import { api } from '#/lib/api-client.ts';

export function loginWithPassword(credentials: LoginRequest): Promise<LoginResponse> {
  return api.post(apiPaths.auth.login, credentials, { schema: loginResponseSchema });
}
