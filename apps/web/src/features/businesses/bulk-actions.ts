/**
 * The list's bulk actions (docs/product.md §11.6): the call that sets one step's status or the
 * assignee on the businesses ticked, or on every business of the view, and what the bar offers
 * and says about it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BULK_ACTION_MAX_BUSINESSES,
  bulkActionTexts,
  manageApiPaths,
  type BulkActionRequest,
} from '@fd/contract';
import { api } from '#/lib/api-client.ts';
import { invalidateBusinessLists } from '#/lib/business-keys.ts';
import { formatCount } from '#/lib/format.ts';
import type { BusinessListView } from './business-list-view.ts';
import { businessExportQuery } from './business-export.ts';
import type { RowSelection } from './row-selection.ts';

export type BulkActionChoice = BulkActionRequest['action'];

/** Which businesses the call names: the view's query when all matching are selected. */
export function bulkActionBody(
  selection: RowSelection,
  view: BusinessListView,
  action: BulkActionChoice,
): BulkActionRequest {
  return selection.allMatching
    ? { query: businessExportQuery(view), action }
    : { businesses: [...selection.uuids], action };
}

/**
 * What the bar offers beyond the page: 'Select all N matching' when the view has more rows than
 * the page shows and no more than one action takes; the limit when it has more (or an inexact
 * count, which says only that it has more than 1,000); nothing when the page is the view.
 */
export function selectAllOffer(
  total: { count: number; exact: boolean } | undefined,
  pageRows: number,
): { kind: 'none' } | { kind: 'offer'; count: number } | { kind: 'limit'; text: string } {
  if (!total || (total.exact && total.count <= pageRows)) return { kind: 'none' };
  if (!total.exact || total.count > BULK_ACTION_MAX_BUSINESSES) {
    return { kind: 'limit', text: bulkActionTexts.limit };
  }
  return { kind: 'offer', count: total.count };
}

export const selectAllLabel = (count: number) => `Select all ${formatCount(count)} matching`;
export const selectedLabel = (count: number) => `${formatCount(count)} selected`;
export const businessesCount = (count: number) =>
  `${formatCount(count)} ${count === 1 ? 'business' : 'businesses'}`;

/** `POST manager/business/bulk/`. */
export function applyBulkAction(body: BulkActionRequest) {
  return api.post(manageApiPaths.bulk, body, {
    schema: async () => (await import('#/lib/business-schemas.ts')).bulkActionResponseSchema,
  });
}

/** The call; the lists and their counts are read again once it is done. */
export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyBulkAction,
    onSettled: () => invalidateBusinessLists(queryClient),
  });
}
