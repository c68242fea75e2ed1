import { apiPaths, type ForgotPasswordRequest, type ForgotPasswordResponse } from '@fd/contract';
import { api } from '#/lib/api-client.ts';

/** Sends a verification code to the email; also how the code is resent. */
export function requestVerificationCode(
  request: ForgotPasswordRequest,
): Promise<ForgotPasswordResponse> {
  return api.post(apiPaths.auth.forgotPassword, request, {
    schema: async () => (await import('./response-schemas.ts')).forgotPasswordResponseSchema,
  });
}
