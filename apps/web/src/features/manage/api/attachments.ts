import { queryOptions, useQuery } from '@tanstack/react-query';
import { manageApiPaths, type Feedback } from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { signedLinkQuery } from '#/lib/query-client.ts';
import { manageKeys } from './manage-keys.ts';

/** `GET …/post-doc-formation/{statusId}/attachments/`: the files sent for the step. */
export async function getPostFormationAttachments(
  statusId: number,
  signal?: AbortSignal,
): Promise<Feedback[]> {
  const body = await api.get(manageApiPaths.postFormationAttachments(statusId), {
    schema: async () =>
      (await import('./response-schemas.ts')).postFormationAttachmentsResponseSchema,
    signal,
  });
  return body.data.post_doc_feedback_attachments;
}

export const postFormationAttachmentsQueryOptions = (businessUuid: string, statusId: number) =>
  queryOptions({
    queryKey: manageKeys.attachments(businessUuid, statusId),
    queryFn: ({ signal }) => getPostFormationAttachments(statusId, signal),
    // Every attachment carries a signed link.
    ...signedLinkQuery,
  });

/** Nothing to ask for while the business has no post-formation step row (`statusId` null). */
export function usePostFormationAttachments(businessUuid: string, statusId: number | null) {
  return useQuery({
    ...postFormationAttachmentsQueryOptions(businessUuid, statusId ?? 0),
    enabled: statusId !== null,
  });
}
