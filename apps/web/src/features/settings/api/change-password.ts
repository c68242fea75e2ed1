import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ChangePasswordForm } from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { replaceToken } from '#/lib/session.ts';

/**
 * docs/product.md §7 gives two readings of the fields; the server accepts both and this client
 * sends the form's names. The server retires every older token when the password changes, so this
 * session keeps working only with the fresh token the answer carries.
 */
export async function changePassword(payload: ChangePasswordForm): Promise<void> {
  const body = await api.post(apiPaths.auth.changePassword, payload, {
    schema: async () => (await import('./response-schemas.ts')).changePasswordResponseSchema,
  });
  replaceToken(body.data.credentials.access);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
