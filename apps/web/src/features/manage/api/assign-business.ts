import { useMutation, useQueryClient } from '@tanstack/react-query';
import { manageApiPaths, type AssigneeUpdateRequest } from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { invalidateAfterWrite, showAssignee } from './manage-keys.ts';

/** `PUT manager/business/assignee/{uuid}/` (docs/product.md §11.1); null unassigns. */
export async function assignBusiness(businessUuid: string, managerId: number | null) {
  const body: AssigneeUpdateRequest = { manager_id: managerId };
  return api.put(manageApiPaths.assignee(encodeURIComponent(businessUuid)), body, {
    schema: async () => (await import('./response-schemas.ts')).assigneeUpdateResponseSchema,
  });
}

/** The new assignee shows at once; the log and the lists are read again. */
export function useAssignBusiness(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (managerId: number | null) => assignBusiness(businessUuid, managerId),
    onSuccess: async (answer) => {
      await showAssignee(queryClient, businessUuid, answer.data.assignee_id);
      void invalidateAfterWrite(queryClient, businessUuid);
    },
  });
}
