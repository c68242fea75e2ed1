/**
 * Saved views of the business list (docs/product.md §11.4;
 * docs/decisions/103-saved-views-are-list-addresses.md): a view is a name and the list's address
 * query, so opening one is going to `/business?<query>`, and its address opens it for any
 * manager. The calls, and the query a view saves.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  savedViewApiPaths,
  type SavedView,
  type SavedViewCreateRequest,
  type SavedViewUpdateRequest,
} from '@fd/contract';
import { paths } from '#/config/paths.ts';
import { api } from '#/lib/api-client.ts';
import { businessListSearchParams, parseBusinessListView } from './business-list-view.ts';

const savedViewsKey = ['saved-views'] as const;
const schemas = () => import('./saved-view-schemas.ts');

/**
 * The query a view saves of an address query, and the one two addresses are compared by: the
 * list's own reading of it (unknown or malformed parameters dropped, as the list drops them),
 * written as the list writes it, without `page` (a view opens at page 1).
 */
export const savedViewQuery = (params: URLSearchParams): string =>
  businessListSearchParams({ ...parseBusinessListView(params), page: null }).toString();

/** Where a view opens: `/business?<query>` (`/business` for the default view). */
export const savedViewPath = (query: string): string =>
  query ? `${paths.business}?${query}` : paths.business;

/** The view's address in full, as it is shared. */
export const savedViewLink = (query: string): string =>
  new URL(savedViewPath(query), window.location.origin).href;

/** The signed-in manager's views, by name; asked for once `enabled`. */
export function useSavedViews(enabled: boolean) {
  return useQuery({
    queryKey: savedViewsKey,
    enabled,
    queryFn: async ({ signal }) =>
      (
        await api.get(savedViewApiPaths.list, {
          schema: async () => (await schemas()).savedViewsResponseSchema,
          signal,
        })
      ).data.views,
  });
}

/** Save, rename and delete; each reads the views again once it is done. */
export function useSavedViewWrites() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: savedViewsKey });
  const save = useMutation({
    mutationFn: (body: SavedViewCreateRequest) =>
      api.post(savedViewApiPaths.list, body, {
        schema: async () => (await schemas()).savedViewResponseSchema,
      }),
    onSuccess,
  });
  const rename = useMutation({
    mutationFn: ({ view, name }: { view: SavedView; name: string }) => {
      const body: SavedViewUpdateRequest = { name };
      return api.put(savedViewApiPaths.item(encodeURIComponent(view.uuid)), body, {
        schema: async () => (await schemas()).savedViewResponseSchema,
      });
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (view: SavedView) =>
      api.delete(savedViewApiPaths.item(encodeURIComponent(view.uuid)), {
        schema: async () => (await schemas()).savedViewDeleteResponseSchema,
      }),
    onSuccess,
  });
  return { save, rename, remove };
}
