import { useQuery } from '@tanstack/react-query';
import { insightApiPaths, type Insights } from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { insightKeys } from './insight-keys.ts';

/** `GET manager/insights/?weeks` (docs/product.md §12.4). */
export async function getInsights(weeks: number, signal?: AbortSignal): Promise<Insights> {
  const body = await api.get(insightApiPaths.insights, {
    query: { weeks },
    schema: async () => (await import('./response-schemas.ts')).insightsResponseSchema,
    signal,
  });
  return body.data;
}

export function useInsights(weeks: number) {
  return useQuery({
    queryKey: insightKeys.weeks(weeks),
    queryFn: ({ signal }) => getInsights(weeks, signal),
  });
}
