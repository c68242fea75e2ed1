import { Readable } from 'node:stream';
import {
  apiErrorDetails,
  BUSINESS_SEARCH_LIMIT,
  businessApiPaths,
  businessExportQuerySchema,
  businessDetailIdSchema,
  businessDetailResponseSchema,
  businessListQuerySchema,
  businessListResponseSchema,
  businessListStatusSchema,
  businessSearchQuerySchema,
  businessSearchResponseSchema,
  stepWaitLimitsResponseSchema,
} from '@fd/contract';
import type { BusinessListFilters } from '@fd/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
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
import { businessExportCsv, type ExportProgress } from './business-export.service.ts';
import {
  prepareBusinessDetailQueries,
  listQueryFor,
  PreparedBusinessPages,
  withAttention,
  type AnchorLine,
  type ListFilters,
  type ListTotal,
  type SearchMatches,
} from './businesses.queries.ts';
import type { BusinessTab } from './businesses.queries.ts';

// A type, not an interface: protectedRoutes() wants options assignable to a record.
export type BusinessesRoutesOptions = {
  database: Database;
  /** The JWT secret keys the signed download URLs of the documents listed. */
  config: Pick<Config, 'jwt' | 'stepWaitLimits'>;
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
    pages: new PreparedBusinessPages(database.db, {
      anchors: readCache.kept<AnchorLine>('businessPageAnchors'),
      matches: readCache.shared<SearchMatches>('businessSearchMatches'),
    }),
  };
  /**
   * Each list answer as sent (serialised), kept while no business, step, receipt, owner or
   * document has changed since it was read (decision 34): managers opening the same tab and page
   * share one read, one serialisation. The key needs nothing but the question.
   */
  const answers = readCache.shared<Buffer>('businessListAnswers');
  /**
   * A list's question as the queries take it: `assignee=me` is the signed-in manager's id (one
   * question whoever asks it, `listQueryFor`), and the queue gets its rule as of this minute.
   */
  const listQuestion = <T extends ListFilters>(tab: BusinessTab, filters: T): T =>
    withAttention(tab, filters, now(), config.stepWaitLimits);
  const sendList = async (
    request: FastifyRequest,
    reply: FastifyReply,
    tab: BusinessTab,
    asked: BusinessListFilters,
  ) => {
    const query = listQuestion(tab, listQueryFor(asked, request.manager.id));
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

  /** The managers whose export is running here: one at a time each. */
  const exporting = new Set<number>();

  app.get(
    route(businessApiPaths.export),
    {
      schema: {
        operationId: 'exportBusinesses',
        summary: 'Every business of a list view as a CSV file, in the list order',
        description:
          'The list parameters, read as the list reads them (`page` and `page_size` are ignored), and `status`, the tab. The file is written as it is read from the database; one export at a time per manager (a second answers 429).',
        tags: ['businesses'],
        querystring: businessExportQuerySchema,
        response: {
          200: {
            description:
              'A CSV file (RFC 4180, UTF-8, CRLF) as an attachment: a header row, then one row per business.',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const managerId = request.manager.id;
      if (exporting.has(managerId)) {
        throw new AppError(429, apiErrorDetails.exportRunning, undefined, { 'retry-after': '5' });
      }
      exporting.add(managerId);
      const progress: ExportProgress = { rows: 0, complete: false };
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        exporting.delete(managerId);
        request.log.info(progress, 'Business export ended');
      };
      // Bytes, not objects: the stream asks for the next batch only once what it holds has gone
      // below its mark, so a slow reader holds the walk where it is (backpressure). A reader
      // that leaves destroys it: the walk stops after the batch in hand and `end` runs.
      const csv = Readable.from(
        businessExportCsv(
          database.db,
          {
            tab: request.query.tab,
            filters: listQuestion(
              request.query.tab,
              listQueryFor(request.query.filters, managerId),
            ),
          },
          { progress, onEnd: end },
        ),
        { objectMode: false, highWaterMark: 64 * 1024 },
      );
      // A walk never started (the reader left at once) has no `finally` to run.
      csv.once('close', end);
      const day = now().toISOString().slice(0, 10);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="businesses-${day}.csv"`)
          .header('x-content-type-options', 'nosniff')
          // Text, streamed: the 200 schema describes it for the document; nothing serialises it.
          .send(csv as unknown as string)
      );
    },
  );

  app.get(
    route(businessApiPaths.waitLimits),
    {
      schema: {
        operationId: 'getStepWaitLimits',
        summary: 'Hours each step may hold its status before its business needs attention',
        tags: ['businesses'],
        response: { 200: stepWaitLimitsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: { limits: config.stepWaitLimits } }),
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
