import { queryOptions, useQuery } from '@tanstack/react-query';
import { manageApiPaths, type ManagerLog } from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { signedLinkQuery } from '#/lib/query-client.ts';
import { manageKeys } from './manage-keys.ts';

/** `GET manager/logs/{businessUuid}/`: the latest entries, newest first (decision 21). */
export async function getManagerLogs(
  businessUuid: string,
  signal?: AbortSignal,
): Promise<ManagerLog[]> {
  const body = await api.get(manageApiPaths.managerLogs(encodeURIComponent(businessUuid)), {
    schema: async () => (await import('./response-schemas.ts')).managerLogsResponseSchema,
    signal,
  });
  return body.data.manager_logs.feedback_doc_logs;
}

/**
 * Keyed under the business, so `invalidateAfterWrite` — called by every write on the manage
 * screen — refreshes the log without a reload.
 */
export const managerLogsQueryOptions = (businessUuid: string) =>
  queryOptions({
    queryKey: manageKeys.managerLogs(businessUuid),
    queryFn: ({ signal }) => getManagerLogs(businessUuid, signal),
    // A feedback entry carries its file's signed link.
    ...signedLinkQuery,
  });

export const useManagerLogs = (businessUuid: string) =>
  useQuery(managerLogsQueryOptions(businessUuid));
