import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  manageApiPaths,
  type StepStatus,
  type StepStatusKind,
  type StepStatusUpdateRequest,
} from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { invalidateAfterWrite, showStepStatus } from './manage-keys.ts';

/** The statuses a manager may pick (docs/product.md §4.5); Pending is never chosen. */
export type PickableStepStatus = Exclude<StepStatus, 'PENDING'>;

export interface StepStatusChange {
  kind: StepStatusKind;
  /** The step's `id` from `business_formation_statuses`. */
  statusId: number;
  status: PickableStepStatus;
}

/** `PUT manager/settings/{kind}/update/{statusId}/` with `{ status }` (docs/product.md §7.5). */
export async function updateStepStatus({ kind, statusId, status }: StepStatusChange) {
  const body: StepStatusUpdateRequest = { status };
  const answer = await api.put(manageApiPaths.stepStatusUpdate(kind, statusId), body, {
    schema: async () => (await import('./response-schemas.ts')).stepStatusUpdateResponseSchema,
  });
  return answer.data;
}

/**
 * docs/product.md §4.5 reloads the page 2 s after a successful update; here the badge shows the
 * answer's status the moment it arrives, and the screen's queries are refetched at once, with
 * no reload and no timer (docs/product.md §10.1).
 */
export function useUpdateStepStatus(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStepStatus,
    onSuccess: async (step) => {
      await showStepStatus(queryClient, businessUuid, step);
      void invalidateAfterWrite(queryClient, businessUuid);
    },
  });
}
