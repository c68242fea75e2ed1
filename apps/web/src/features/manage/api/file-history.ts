import { queryOptions, useQuery } from '@tanstack/react-query';
import { manageApiPaths, type FileHistoryEntry } from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { signedLinkQuery } from '#/lib/query-client.ts';
import { manageKeys } from './manage-keys.ts';

/** `GET manager/business/{businessUuid}/file-history/`: newest first, as the server sends it. */
export async function getFileHistory(
  businessUuid: string,
  signal?: AbortSignal,
): Promise<FileHistoryEntry[]> {
  const body = await api.get(manageApiPaths.fileHistory(encodeURIComponent(businessUuid)), {
    schema: async () => (await import('./response-schemas.ts')).fileHistoryResponseSchema,
    signal,
  });
  return body.data.file_history;
}

export const fileHistoryQueryOptions = (businessUuid: string) =>
  queryOptions({
    queryKey: manageKeys.fileHistory(businessUuid),
    queryFn: ({ signal }) => getFileHistory(businessUuid, signal),
    // Every entry carries a signed link.
    ...signedLinkQuery,
  });

export const useFileHistory = (businessUuid: string) =>
  useQuery(fileHistoryQueryOptions(businessUuid));
