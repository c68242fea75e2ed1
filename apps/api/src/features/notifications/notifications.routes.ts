import {
  apiPaths,
  notificationDeleteResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationResponseSchema,
  notificationStreamQuerySchema,
  notificationsMarkAllRequestSchema,
  notificationsMarkAllResponseSchema,
  notificationUpdateRequestSchema,
  notificationUuidSchema,
  streamCursorSchema,
  streamTicketResponseSchema,
  successMessages,
} from '@fd/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorResponses, route } from '../../lib/route-schema.ts';
import type { NotificationHub } from './notification-hub.ts';
import {
  getNotificationPage,
  issueStreamTicket,
  markAllRead,
  redeemStreamTicket,
  removeNotification,
  updateNotification,
  type NotificationsDeps,
} from './notifications.service.ts';

const paths = apiPaths.notifications;

// Types, not interfaces: protectedRoutes() wants options assignable to a record.
export type NotificationsRoutesOptions = { database: Database; now: () => Date };
export type NotificationStreamRoutesOptions = NotificationsRoutesOptions & {
  hub: NotificationHub;
};

const uuidParams = z.object({ uuid: notificationUuidSchema });

/**
 * A manager's own notifications (docs/product.md §7 "Notifications"; decision
 * 27). Manager-only, mounted through protectedRoutes().
 */
export const notificationsRoutes: FastifyPluginAsync<NotificationsRoutesOptions> = async (
  fastify,
  { database, now },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: NotificationsDeps = { db: database.db, now };

  app.get(
    route(paths.list),
    {
      schema: {
        operationId: 'listNotifications',
        summary: 'Your notifications, newest first, with the count of each tab',
        tags: ['notifications'],
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await getNotificationPage(deps, request.manager.id, request.query),
    }),
  );

  app.post(
    route(paths.markAllRead),
    {
      schema: {
        operationId: 'markAllNotificationsRead',
        summary: 'Mark all your unread notifications read (or those up to `through`)',
        tags: ['notifications'],
        body: notificationsMarkAllRequestSchema,
        response: {
          200: notificationsMarkAllResponseSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      data: await markAllRead(deps, request.manager.id, request.body.through),
    }),
  );

  app.post(
    route(paths.streamTicket),
    {
      schema: {
        operationId: 'createNotificationStreamTicket',
        summary: 'A single-use ticket, valid 30 seconds, that opens your live notification stream',
        tags: ['notifications'],
        response: { 200: streamTicketResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await issueStreamTicket(deps, request.manager) }),
  );

  app.put(
    route(paths.item(':uuid')),
    {
      schema: {
        operationId: 'updateNotification',
        summary: 'Mark one of your notifications read or unread',
        tags: ['notifications'],
        params: uuidParams,
        body: notificationUpdateRequestSchema,
        response: { 200: notificationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await updateNotification(
        deps,
        request.manager.id,
        request.params.uuid,
        request.body.is_read,
      ),
    }),
  );

  app.delete(
    route(paths.item(':uuid')),
    {
      schema: {
        operationId: 'deleteNotification',
        summary: 'Delete one of your notifications',
        tags: ['notifications'],
        params: uuidParams,
        response: { 200: notificationDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await removeNotification(deps, request.manager.id, request.params.uuid);
      return {
        message: successMessages.notificationDeleted,
        data: { uuid: request.params.uuid.toLowerCase() },
      };
    },
  );
};

/**
 * The live stream (decision 27): public as a route, since EventSource sends no
 * Authorization header; the single-use ticket is the credential.
 */
export const notificationStreamRoutes: FastifyPluginAsync<NotificationStreamRoutesOptions> = async (
  fastify,
  { database, now, hub },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: NotificationsDeps = { db: database.db, now };

  app.get(
    route(paths.stream),
    {
      schema: {
        operationId: 'streamNotifications',
        summary: 'Your new notifications as server-sent events, live',
        description:
          'Events: `ready`, `notifications` (`{ detail: [...] }`), `reset` and `end` (see the contract). Every event has an id; to resume, send the last one as `Last-Event-ID` or `last_event_id`.',
        tags: ['notifications'],
        security: [],
        querystring: notificationStreamQuerySchema,
        headers: z.object({ 'last-event-id': streamCursorSchema.optional() }),
        response: {
          200: {
            description: 'A text/event-stream that stays open.',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          // Last-Event-ID is a header: one past Node's limit on headers is refused before us.
          ...errorResponses(400, 401, 409, 431),
        },
      },
    },
    async (request, reply) => {
      const cursor = request.query.last_event_id ?? request.headers['last-event-id'];
      const session = await redeemStreamTicket(deps, request.query.ticket, cursor);
      reply.hijack();
      // Headers set through the reply so far (security headers) go out with the stream's.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        // Over HTTP/1.1 the connection ends with the stream: no idle keep-alive socket holds a
        // stop up. HTTP/2 has no such header (the stream is one of the connection's many).
        ...(request.raw.httpVersionMajor === 2 ? {} : { connection: 'close' }),
        // nginx and similar proxies pass each event through at once.
        'x-accel-buffering': 'no',
      });
      try {
        await hub.open(reply.raw, session, cursor);
      } catch (error) {
        request.log.error({ err: error }, 'Opening a notification stream failed');
        reply.raw.destroy();
      }
    },
  );
};
