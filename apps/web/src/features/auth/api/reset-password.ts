import { apiPaths } from '@fd/contract';
import { api } from '#/lib/api-client.ts';

/** docs/product.md §7 gives two readings; the server accepts both and this client sends `password`. */
export interface ResetPasswordPayload {
  token: string;
  password: string;
  confirm_password: string;
}

export async function resetPassword(payload: ResetPasswordPayload): Promise<void> {
  // docs/product.md §7: the response is not read.
  await api.post(apiPaths.auth.resetPassword, payload);
}
