import { useEffect } from 'react';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { manageApiPaths, type BusinessComment } from '@fd/contract';
import { ApiError, api } from '#/lib/api-client.ts';
import { manageKeys } from './manage-keys.ts';

/** `GET business/comment/?business_id=…`: the latest comments, newest first (decision 21). */
export async function getComments(
  businessUuid: string,
  signal?: AbortSignal,
): Promise<BusinessComment[]> {
  const body = await api.get(manageApiPaths.comments, {
    query: { business_id: businessUuid },
    schema: async () => (await import('./response-schemas.ts')).commentListResponseSchema,
    signal,
  });
  return body.data.data.detail;
}

/** `POST business/comment/` → the new comment (`data.data`). */
export async function createComment(
  businessUuid: string,
  comment: string,
): Promise<BusinessComment> {
  const body = await api.post(
    manageApiPaths.comments,
    { comment, business: businessUuid },
    { schema: async () => (await import('./response-schemas.ts')).commentCreateResponseSchema },
  );
  return body.data.data;
}

/** `DELETE business/comment/{id}/`: only the author's own (another's is a 403). */
export async function deleteComment(id: number): Promise<void> {
  await api.delete(manageApiPaths.comment(id), {
    schema: async () => (await import('./response-schemas.ts')).commentDeleteResponseSchema,
  });
}

export const commentsQueryOptions = (businessUuid: string) =>
  queryOptions({
    queryKey: manageKeys.comments(businessUuid),
    queryFn: ({ signal }) => getComments(businessUuid, signal),
  });

/** A failed load is only logged: docs/product.md §8.1 shows no message for it. */
export function useComments(businessUuid: string) {
  const query = useQuery(commentsQueryOptions(businessUuid));
  useEffect(() => {
    if (query.error) console.error('Loading the comments failed.', query.error);
  }, [query.error]);
  return query;
}

/**
 * Applies `update` to the cached list. With no list yet (its first load still running), the
 * change cannot be applied to it, so the list is fetched again instead.
 */
async function updateCachedComments(
  queryClient: QueryClient,
  businessUuid: string,
  update: (comments: BusinessComment[]) => BusinessComment[],
) {
  const queryKey = manageKeys.comments(businessUuid);
  // A load in flight would overwrite the change with an answer from before it.
  await queryClient.cancelQueries({ queryKey });
  if (queryClient.getQueryData(queryKey)) {
    queryClient.setQueryData<BusinessComment[]>(queryKey, (comments = []) => update(comments));
  } else {
    void queryClient.invalidateQueries({ queryKey });
  }
  // Each comment write is logged (decision 21): the activities log shows it without a reload.
  void queryClient.invalidateQueries({ queryKey: manageKeys.managerLogs(businessUuid) });
}

/** The new comment goes first in the list (docs/product.md §7.6). */
export function useCreateComment(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => createComment(businessUuid, comment),
    onSuccess: (created) =>
      updateCachedComments(queryClient, businessUuid, (comments) => [
        created,
        ...comments.filter((comment) => comment.id !== created.id),
      ]),
  });
}

/**
 * The deleted comment leaves the list (docs/product.md §7.6); one already gone (404) leaves it
 * too. Any other failure is only logged (docs/product.md §8.1) and the comment stays.
 */
export function useDeleteComment(businessUuid: string) {
  const queryClient = useQueryClient();
  const removeFromList = (id: number) =>
    updateCachedComments(queryClient, businessUuid, (comments) =>
      comments.filter((comment) => comment.id !== id),
    );
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_answer, id) => removeFromList(id),
    onError: (error, id) => {
      if (error instanceof ApiError && error.status === 404) return removeFromList(id);
      console.error('Deleting the comment failed.', error);
    },
  });
}
