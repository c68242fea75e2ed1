import { useQuery } from '@tanstack/react-query';
import { businessApiPaths, formationStepKeys, formationStepNames } from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { loadStepWaitLimitsSchema } from '#/lib/business-schema-loaders.ts';

/** '12 h', '2 d'. */
const formatHours = (hours: number) => (hours % 24 === 0 ? `${hours / 24} d` : `${hours} h`);

/**
 * What puts a business in 'Needs attention' (docs/product.md §11.5), with each step's limit as
 * the server is configured.
 */
export function QueueNote() {
  const limits = useQuery({
    queryKey: ['step-wait-limits'],
    queryFn: async ({ signal }) =>
      (await api.get(businessApiPaths.waitLimits, { schema: loadStepWaitLimitsSchema, signal }))
        .data.limits,
    staleTime: Infinity,
  });
  return (
    <div className="border-b border-slate-200 px-4 py-3 text-sm text-slate-600">
      <p>
        Businesses that wait on a manager: just submitted, a document sent again after its step
        failed, a payment receipt to verify, or a current step that has waited longer than its
        limit; the longest waiting first.
      </p>
      {limits.data && (
        <details className="mt-1">
          <summary className="cursor-pointer text-indigo-700">Limits per step</summary>
          <ul className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
            {formationStepKeys.map((key) => (
              <li key={key}>
                {formationStepNames[key]}: {formatHours(limits.data[key])}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
