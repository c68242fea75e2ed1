import { useQuery } from '@tanstack/react-query';
import { businessApiPaths, businessDetailResponseSchema, type BusinessDetail } from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { businessKeys } from '#/lib/business-queries.ts';

export async function getBusinessDetail(id: string, signal?: AbortSignal): Promise<BusinessDetail> {
  const body = await api.get(businessApiPaths.detail(encodeURIComponent(id)), {
    schema: businessDetailResponseSchema,
    signal,
  });
  return body.data;
}

export function useBusinessDetail(id: string) {
  return useQuery({
    queryKey: businessKeys.detail(id),
    queryFn: ({ signal }) => getBusinessDetail(id, signal),
  });
}
