import { businessApiPaths } from '@fd/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import type { TableChanges } from '../../lib/table-changes.ts';
import { createSignedFileUrls } from '../../lib/signed-url.ts';
import { getBusinessDetail, listBusinesses, parseListStatus } from './businesses.service.ts';
import { prepareBusinessDetailQueries, PreparedBusinessPages } from './businesses.queries.ts';
import { CountCache } from './count-cache.ts';

// A type, not an interface: protectedRoutes() wants options assignable to a record.
export type BusinessesRoutesOptions = {
  database: Database;
  /** The JWT secret keys the signed download URLs of the documents listed. */
  config: Pick<Config, 'jwt'>;
  now: () => Date;
  /** Versions of the businesses table: list counts are cached per version. */
  businessChanges: TableChanges;
};

/**
 * The business lists, tab counts and detail (SPEC.md §7). Mounted inside the
 * manager-only scope under API_BASE_PATH:
 *   await api.register(protectedRoutes(businessesRoutes), { database, config, now });
 * Paths are those of the contract's `businessApiPaths`.
 */
export const businessesRoutes: FastifyPluginAsync<BusinessesRoutesOptions> = async (
  app,
  { database, config, now, businessChanges },
) => {
  const fileUrls = createSignedFileUrls({ secret: config.jwt.secret, now });
  const lists = {
    counts: new CountCache(businessChanges),
    pages: new PreparedBusinessPages(database.db),
  };
  const detailQueries = prepareBusinessDetailQueries(database.db);
  // Contract paths are relative to the API base; the app accepts them with or without the slash.
  const route = (contractPath: string) => `/${contractPath}`;

  app.get(route(businessApiPaths.list), async (request) => ({
    data: await listBusinesses(database, lists, 'all', request.query),
  }));

  app.get<{ Params: { status: string } }>(
    route(businessApiPaths.listByStatus(':status')),
    async (request) => ({
      data: await listBusinesses(
        database,
        lists,
        parseListStatus(request.params.status),
        request.query,
      ),
    }),
  );

  // Every business; `payment_status` narrows it to the two payment tabs.
  app.get(route(businessApiPaths.all), async (request) => ({
    data: await listBusinesses(database, lists, 'all', request.query),
  }));

  app.get<{ Params: { id: string } }>(route(businessApiPaths.detail(':id')), async (request) => ({
    data: await getBusinessDetail(detailQueries, fileUrls, request.params.id),
  }));
};
