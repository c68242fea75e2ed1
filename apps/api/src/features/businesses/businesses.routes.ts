import {
  businessApiPaths,
  businessDetailIdSchema,
  businessDetailResponseSchema,
  businessListQuerySchema,
  businessListResponseSchema,
  businessListStatusSchema,
} from '@fd/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { errorResponses, route } from '../../lib/route-schema.ts';
import type { TableChanges } from '../../lib/table-changes.ts';
import { createSignedFileUrls } from '../../lib/signed-url.ts';
import { getBusinessDetail, listBusinesses } from './businesses.service.ts';
import {
  prepareBusinessDetailQueries,
  PreparedBusinessPages,
  type ListTotal,
  type PageAnchor,
} from './businesses.queries.ts';
import { CountCache, ListCache } from './list-cache.ts';

// A type, not an interface: protectedRoutes() wants options assignable to a record.
export type BusinessesRoutesOptions = {
  database: Database;
  /** The JWT secret keys the signed download URLs of the documents listed. */
  config: Pick<Config, 'jwt'>;
  now: () => Date;
  /** Versions of the businesses table: list counts are cached per version. */
  businessChanges: TableChanges;
};

const listSchema = (operationId: string, summary: string) => ({
  operationId,
  summary,
  tags: ['businesses'],
  querystring: businessListQuerySchema,
  response: {
    200: businessListResponseSchema.describe('One page and the total count.'),
    ...errorResponses(400, 401, 403),
  },
});

/**
 * The business lists, tab counts and detail (docs/product.md §7). Mounted inside the
 * manager-only scope under API_BASE_PATH:
 *   await api.register(protectedRoutes(businessesRoutes), { database, config, now });
 * Paths are those of the contract's `businessApiPaths`.
 */
export const businessesRoutes: FastifyPluginAsync<BusinessesRoutesOptions> = async (
  fastify,
  { database, config, now, businessChanges },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const fileUrls = createSignedFileUrls({ secret: config.jwt.secret, now });
  const lists = {
    counts: new CountCache<ListTotal>(businessChanges),
    pages: new PreparedBusinessPages(database.db, new ListCache<PageAnchor>(businessChanges)),
  };
  const detailQueries = prepareBusinessDetailQueries(database.db);

  app.get(
    route(businessApiPaths.list),
    { schema: listSchema('listBusinesses', 'Every business (All clients tab)') },
    async (request) => ({ data: await listBusinesses(database, lists, 'all', request.query) }),
  );

  app.get(
    route(businessApiPaths.listByStatus(':status')),
    {
      schema: {
        ...listSchema('listBusinessesByStatus', 'One status tab'),
        params: z.object({ status: businessListStatusSchema }),
      },
    },
    async (request) => ({
      data: await listBusinesses(database, lists, request.params.status, request.query),
    }),
  );

  // Every business; `payment_status` narrows it to the two payment tabs.
  app.get(
    route(businessApiPaths.all),
    {
      schema: listSchema(
        'listAllBusinesses',
        'Every business; payment_status gives the payment tabs',
      ),
    },
    async (request) => ({ data: await listBusinesses(database, lists, 'all', request.query) }),
  );

  app.get(
    route(businessApiPaths.detail(':id')),
    {
      schema: {
        operationId: 'getBusinessDetail',
        summary: 'The whole detail of one business',
        tags: ['businesses'],
        params: z.object({ id: businessDetailIdSchema }),
        response: { 200: businessDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await getBusinessDetail(detailQueries, fileUrls, request.params.id),
    }),
  );
};
