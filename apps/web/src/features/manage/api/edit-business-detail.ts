import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  manageApiPaths,
  type BusinessSetupDetails,
  type BusinessSetupRequest,
  type EditableBusinessDetail,
} from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { invalidateAfterWrite, showBusinessDetails } from './manage-keys.ts';

export interface BusinessDetailChange {
  field: EditableBusinessDetail;
  value: string;
}

/** `PUT business/setup/{uuid}/` with the one edited detail (docs/product.md §7.4 "Edit"). */
export async function editBusinessDetail(
  businessUuid: string,
  { field, value }: BusinessDetailChange,
): Promise<BusinessSetupDetails> {
  const body: BusinessSetupRequest = { [field]: value };
  const answer = await api.put(manageApiPaths.businessSetup(businessUuid), body, {
    schema: async () => (await import('./response-schemas.ts')).businessSetupResponseSchema,
  });
  return answer.data;
}

export function useEditBusinessDetail(businessUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BusinessDetailChange) => editBusinessDetail(businessUuid, change),
    // The answered details go into the screen at once (a cleared state after a new country
    // too); the log and the lists follow.
    onSuccess: async (details) => {
      await showBusinessDetails(queryClient, details);
      void invalidateAfterWrite(queryClient, businessUuid);
    },
  });
}
