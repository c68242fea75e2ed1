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
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { errorResponses, route } from '../../lib/route-schema.ts';
import { carriesSecret } from '../../plugins/compress-json.ts';
import type { ReadCache } from '../../lib/read-cache/index.ts';
import { createSignedFileUrls } from '../../lib/signed-url.ts';
import {
  listBusinesses,
  readBusinessDetail,
  searchBusinesses,
  signBusinessDetail,
} from './businesses.service.ts';
import {
  prepareBusinessDetailQueries,
  listQueryFor,
  PreparedBusinessPages,
  type ListTotal,
  type PageAnchor,
} from './businesses.queries.ts';
import type { BusinessTab } from './businesses.queries.ts';

// A type, not an interface: protectedRoutes() wants options assignable to a record.
export type BusinessesRoutesOptions = {
  database: Database;
  /** The JWT secret keys the signed download URLs of the documents listed. */
  config: Pick<Config, 'jwt'>;
  now: () => Date;
  /** Keeps list answers, totals and page anchors until what they read changes. */
  readCache: ReadCache;
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
  { database, config, now, readCache },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const fileUrls = createSignedFileUrls({ secret: config.jwt.secret, now });
  const lists = {
    counts: readCache.shared<ListTotal>('businessListTotals'),
    pages: new PreparedBusinessPages(
      database.db,
      readCache.kept<PageAnchor>('businessPageAnchors'),
    ),
  };
  /**
   * Each list answer as sent (serialised), kept while no business, step, receipt, owner or
   * document has changed since it was read (decision 34): managers opening the same tab and page
   * share one read, one serialisation. The key needs nothing but the question.
   */
  const answers = readCache.shared<Buffer>('businessListAnswers');
  const sendList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    tab: BusinessTab,
    asked: BusinessListFilters,
  ) => {
    // `assignee=me` is the signed-in manager's id: one question whoever asks it.
    const query = listQueryFor(asked, request.manager.id);
    // The parsed query is canonical (defaults filled, spellings fixed): equal questions, one key.
    const body = await answers.get(JSON.stringify([tab, query]), async () => {
      const json = reply.serialize({ data: await listBusinesses(database, lists, tab, query) });
      // Kept as bytes: a string would be encoded again for every answer sent (the route's
      // serialiser, fast-json-stringify, returns a string).
      return Buffer.from(json as string);
    });
    return reply.type('application/json; charset=utf-8').send(body);
  };
  // Read afresh each time: a detail is asked once by the manager who opens it, and any write
  // (some every second in a working day) would drop a kept one (decision 98).
  const detailQueries = prepareBusinessDetailQueries(database.db);

  app.get(
    route(businessApiPaths.list),
    { schema: listSchema('listBusinesses', 'Every business (All clients tab)') },
    (request, reply) => sendList(request, reply, 'all', request.query),
  );

  app.get(
    route(businessApiPaths.listByStatus(':status')),
    {
      schema: {
        ...listSchema('listBusinessesByStatus', 'One status tab'),
        params: z.object({ status: businessListStatusSchema }),
      },
    },
    (request, reply) => sendList(request, reply, request.params.status, request.query),
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
    (request, reply) => sendList(request, reply, 'all', request.query),
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
      const detail = await readBusinessDetail(detailQueries, request.params.id);
      return { data: signBusinessDetail(detail, fileUrls) };
    },
  );
};
