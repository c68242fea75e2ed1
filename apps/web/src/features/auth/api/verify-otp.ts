import { apiPaths, type VerifyOtpRequest, type VerifyOtpResponse } from '@fd/contract';
import { api } from '#/lib/api-client.ts';

export function verifyOtpCode(request: VerifyOtpRequest): Promise<VerifyOtpResponse> {
  return api.post(apiPaths.auth.verifyOtp, request, {
    schema: async () => (await import('./response-schemas.ts')).verifyOtpResponseSchema,
  });
}
