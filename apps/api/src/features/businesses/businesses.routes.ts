import {
  BUSINESS_SEARCH_LIMIT,
  businessApiPaths,
  businessDetailIdSchema,
  businessDetailResponseSchema,
  businessListQuerySchema,
  businessListResponseSchema,
  businessListStatusSchema,
  businessSearchQuerySchema,
  businessSearchResponseSchema,
} from '@fd/contract';
import type { BusinessListFilters } from '@fd/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { errorResponses, route } from '../../lib/route-schema.ts';
import { carriesSecret } from '../../plugins/compress-json.ts';
import { combinedChanges, type TableChanges } from '../../lib/table-changes.ts';
import { createSignedFileUrls } from '../../lib/signed-url.ts';
import {
  listBusinesses,
  readBusinessDetail,
  searchBusinesses,
  signBusinessDetail,
  type UnsignedBusinessDetail,
} from './businesses.service.ts';
import {
  prepareBusinessDetailQueries,
  PreparedBusinessPages,
  type ListTotal,
  type PageAnchor,
} from './businesses.queries.ts';
import { SharedVersionCache, VersionCache } from '../../lib/version-cache.ts';
import type { BusinessTab } from './businesses.queries.ts';

// A type, not an interface: protectedRoutes() wants options assignable to a record.
export type BusinessesRoutesOptions = {
  database: Database;
  /** The JWT secret keys the signed download URLs of the documents listed. */
  config: Pick<Config, 'jwt'>;
  now: () => Date;
  /** Versions of the businesses table: list answers and counts are cached per version. */
  businessChanges: TableChanges;
  /** Versions of the users table: the detail shows its owner's account. */
  userChanges: TableChanges;
};

/** List answers kept at once: a few KB each (ten rows with their documents). */
const MAX_CACHED_ANSWERS = 1000;
/** Details kept at once: a few KB each. */
const MAX_CACHED_DETAILS = 1000;

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
  { database, config, now, businessChanges, userChanges },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const fileUrls = createSignedFileUrls({ secret: config.jwt.secret, now });
  const lists = {
    counts: new SharedVersionCache<ListTotal>(businessChanges),
    pages: new PreparedBusinessPages(database.db, new VersionCache<PageAnchor>(businessChanges)),
  };
  /**
   * Each list answer as sent (serialised), kept while no business, step,
   * receipt, owner or document has changed since it was read (decision 34):
   * managers opening the same tab and page share one read, one serialisation.
   * Any change drops them all, so the key needs nothing but the question.
   */
  const answers = new SharedVersionCache<Buffer>(businessChanges, MAX_CACHED_ANSWERS);
  const sendList = async (reply: FastifyReply, tab: BusinessTab, query: BusinessListFilters) => {
    // The parsed query is canonical (defaults filled, spellings fixed): equal questions, one key.
    const body = await answers.get(JSON.stringify([tab, query]), async () => {
      const json = reply.serialize({ data: await listBusinesses(database, lists, tab, query) });
      // Kept as bytes: a string would be encoded again for every answer sent (the route's
      // serialiser, fast-json-stringify, returns a string).
      return Buffer.from(json as string);
    });
    return reply.type('application/json; charset=utf-8').send(body);
  };
  const detailQueries = prepareBusinessDetailQueries(database.db);
  /**
   * Each detail as read, without its signed links, while neither the businesses table
   * (a business, its steps, documents, receipts, payments or shareholders all announce
   * themselves there; migrations 0003, 0005, 0011, 0012) nor the users table (its owner)
   * has changed since (decision 37). A missing business is not kept.
   */
  const details = new SharedVersionCache<UnsignedBusinessDetail>(
    combinedChanges(businessChanges, userChanges),
    MAX_CACHED_DETAILS,
  );

  app.get(
    route(businessApiPaths.list),
    { schema: listSchema('listBusinesses', 'Every business (All clients tab)') },
    (request, reply) => sendList(reply, 'all', request.query),
  );

  app.get(
    route(businessApiPaths.listByStatus(':status')),
    {
      schema: {
        ...listSchema('listBusinessesByStatus', 'One status tab'),
        params: z.object({ status: businessListStatusSchema }),
      },
    },
    (request, reply) => sendList(reply, request.params.status, request.query),
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
    (request, reply) => sendList(reply, 'all', request.query),
  );

  app.get(
    route(businessApiPaths.search),
    {
      schema: {
        operationId: 'searchBusinesses',
        summary: 'Quick jump: the newest businesses whose name, owner or email holds q',
        description: `At most ${BUSINESS_SEARCH_LIMIT} businesses, those whose name starts with q first.`,
        tags: ['businesses'],
        querystring: businessSearchQuerySchema,
        response: {
          200: businessSearchResponseSchema.describe('The matches, best first.'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ({
      data: { businesses: await searchBusinesses(database, request.query.q) },
    }),
  );

  app.get(
    route(businessApiPaths.detail(':id')),
    {
      // Signed download links beside data: never compressed.
      config: carriesSecret,
      schema: {
        operationId: 'getBusinessDetail',
        summary: 'The whole detail of one business',
        tags: ['businesses'],
        params: z.object({ id: businessDetailIdSchema }),
        response: { 200: businessDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const detail = await details.get(JSON.stringify(id), () =>
        readBusinessDetail(detailQueries, id),
      );
      return { data: signBusinessDetail(detail, fileUrls) };
    },
  );
};
