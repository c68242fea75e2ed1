import { useMutation } from '@tanstack/react-query';
import { apiPaths, changePasswordResponseSchema } from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { replaceToken } from '#/lib/session.ts';

/** docs/product.md §7 gives two readings; the server accepts both and this client sends these names. */
export interface ChangePasswordPayload {
  old_password: string;
  new_password: string;
}

/**
 * The server retires every older token when the password changes, so this
 * session keeps working only with the fresh token the answer carries.
 */
export async function changePassword(payload: ChangePasswordPayload): Promise<void> {
  const body = await api.post(apiPaths.auth.changePassword, payload, {
    schema: changePasswordResponseSchema,
  });
  replaceToken(body.data.credentials.access);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
