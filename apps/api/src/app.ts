import { redactUrl } from './lib/logger.ts';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Http2SecureServer, ServerHttp2Session } from 'node:http2';
import { API_BASE_PATH } from '@fd/contract';
import Fastify, {
  type FastifyHttp2SecureOptions,
  type FastifyHttpOptions,
  type FastifyServerOptions,
  type RawServerDefault,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyRequest,
} from 'fastify';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { businessesRoutes } from './features/businesses/businesses.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { docsRoutes } from './features/docs/docs.routes.ts';
import { viewsRoutes } from './features/views/views.routes.ts';
import { insightsRoutes } from './features/insights/insights.routes.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { startReadCache } from './lib/read-cache/index.ts';
import { healthRoutes, probeRoutes } from './features/health/health.routes.ts';
import { isFeedbackAttachment, manageRoutes } from './features/manage/index.ts';
import {
  notificationsRoutes,
  notificationStreamRoutes,
  startNotificationHub,
} from './features/notifications/index.ts';
import type { Mailer } from './lib/mail/index.ts';
import { defaultRateLimits, type RateLimiter, type RateLimits } from './lib/rate-limit/index.ts';
import { authenticatePlugin, protectedRoutes } from './plugins/authenticate.ts';
import {
  answerClientError,
  answerFrameworkError,
  errorHandlerPlugin,
} from './plugins/error-handler.ts';
import { compressJsonPlugin } from './plugins/compress-json.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { methodNotAllowedPlugin } from './plugins/method-not-allowed.ts';
import { routeSchemasPlugin } from './plugins/route-schemas.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import type { FileStorage } from './lib/storage/file-storage.ts';
import { createFileStorage } from './lib/storage/open-file-storage.ts';
import { webAppPlugin } from './plugins/web-app.ts';

/**
 * The server's options for TLS: HTTP/2 to the clients that offer it (browsers do) and HTTP/1.1 to
 * the rest (docs/decisions/054-the-server-answers-https-itself-http-2.md). The routes use only what
 * both kinds of request share (Fastify's request and reply; a stream's write, end and close), so
 * the instance keeps the plain HTTP server's types either way.
 */
function withTls(
  options: FastifyHttpOptions<RawServerDefault>,
  tls: NonNullable<Config['tls']>,
): FastifyHttpOptions<RawServerDefault> {
  const http2Options: FastifyHttp2SecureOptions<Http2SecureServer> = {
    ...(options as FastifyServerOptions<Http2SecureServer>),
    http2: true,
    https: { allowHTTP1: true, cert: tls.cert, key: tls.key },
  };
  return http2Options as unknown as FastifyHttpOptions<RawServerDefault>;
}

/**
 * A stop lets the requests under way finish and answers what arrives on connections still open
 * with Fastify's 503 and `Connection: close` (docs/operations.md, "Graceful shutdown"), so a
 * client or load balancer learns to go elsewhere rather than meeting a reset.
 *
 * Node closes idle keep-alive connections the moment the listener closes, and a client sending
 * its next request on one just then gets a reset. So for `keepAliveGraceMs` the HTTP/1.1
 * connections stay open: a request on one is answered 503 with `Connection: close`, and every
 * answer while stopping carries `Connection: close`, so each connection goes once its answer is
 * out. Then the ones still idle, and any a client opened and never sent a request on (neither
 * idle nor busy to Node: it would hold the stop up until the headers timeout), are closed. With
 * no grace (the tests' default) that happens at once. An HTTP/2 connection is told to go
 * (GOAWAY) and closes once its streams under way have finished (Fastify does this itself only
 * with `forceCloseConnections`, which would also cut HTTP/1.1 requests short).
 */
function closeConnectionsOnStop(
  app: FastifyInstance,
  overTls: boolean,
  keepAliveGraceMs: number,
): void {
  let closing = false;
  /** HTTP/1.1 connections that have not had a request yet. */
  const unused = new Set<Socket>();
  // Over TLS a connection is HTTP/1.1 or HTTP/2 once its handshake is done.
  app.server.on(overTls ? 'secureConnection' : 'connection', (socket: Socket) => {
    // One accepted between the start of the stop and the listener's close has nothing to do.
    if (closing) {
      socket.destroy();
      return;
    }
    if ((socket as TLSSocket).alpnProtocol === 'h2') return;
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage) => {
    if (request.httpVersionMajor !== 2) unused.delete(request.socket);
  });
  const sessions = new Set<ServerHttp2Session>();
  (app.server as unknown as Http2SecureServer).on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const session of sessions) session.close();
    if (keepAliveGraceMs <= 0) {
      for (const socket of unused) socket.destroy();
      return;
    }
    // The listener's close would drop the idle connections at once (Node calls this method):
    // they stay for the grace, then go, with those that never had a request.
    const server = app.server as Server;
    const closeIdle = server.closeIdleConnections.bind(server);
    server.closeIdleConnections = () => {};
    setTimeout(() => {
      server.closeIdleConnections = closeIdle;
      closeIdle();
      for (const socket of unused) socket.destroy();
    }, keepAliveGraceMs).unref();
  });
  app.addHook('onSend', async (request, reply) => {
    if (closing && request.raw.httpVersionMajor !== 2) reply.header('connection', 'close');
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    // Node's HTTP/1.1 side, over TLS too (an HTTP/2 server that allows HTTP/1.1 has the call).
    if (closing && keepAliveGraceMs <= 0) app.server.closeIdleConnections();
    done();
  });
}

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** Injected clock: tokens, codes and expiries all read the time from here. */
  now?: () => Date;
  /** Overrides of the default limits (tests loosen them so that only the limit tests hit them). */
  rateLimits?: Partial<RateLimits>;
  /** Where files live; by default the database's driver (createFileStorage, decision 44). */
  storage?: FileStorage;
  /**
   * How long a stop keeps idle keep-alive connections open, answering a request on one with 503
   * and `Connection: close` (main.ts sets it; none by default).
   */
  keepAliveGraceMs?: number;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /**
   * Routes added to the manager-only scope beside the features' own: the API
   * benchmark's reference route (bench/reference-server.ts), which must pass
   * through the same server, driver and auth hook as the product's routes.
   */
  extraProtectedRoutes?: FastifyPluginAsync<{ database: Database }>;
}

/** How old a staged upload must be before another instance's start may settle it. */
const STAGED_UPLOAD_GRACE_MS = 60 * 60 * 1000;

/** JSON bodies are small forms; uploads (multipart) have limits of their own. */
const JSON_BODY_LIMIT_BYTES = 100 * 1024;

/**
 * Builds the whole server, ready but not listening (fastify/demo shape):
 * external plugins, then app plugins, then routes by feature, then the SPA.
 * The caller owns `database`, `mailer` and `rateLimiter` and closes them.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, mailer, rateLimiter } = deps;
  const now = deps.now ?? (() => new Date());
  const rateLimits: RateLimits = { ...defaultRateLimits, ...deps.rateLimits };
  const storage = deps.storage ?? createFileStorage(database, config.filesDir);
  // Uploads a crash cut off between disk and database (decision 24). With one process on the
  // data folder nothing else can be mid-upload; beside other instances, only the old ones.
  const recovered = await storage.recoverStaged({
    isReferenced: (storageKey) => isFeedbackAttachment(database.db, storageKey),
    minAgeMs: database.kind === 'pglite' ? 0 : STAGED_UPLOAD_GRACE_MS,
  });

  const options: FastifyHttpOptions<RawServerDefault> = {
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      // A download's signature and a stream's ticket are credentials: never in the log.
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // A body member named `__proto__` or `constructor.prototype` is dropped as the body is read,
    // as every member a route does not take is: the object can never reach a prototype, and a
    // body the API document allows is not refused for a member's name.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // Errors before a route is found, and requests Node cannot read: our shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  };
  const app = Fastify(config.tls ? withTls(options, config.tls) : options);

  closeConnectionsOnStop(app, Boolean(config.tls), deps.keepAliveGraceMs ?? 0);

  if (recovered.committed + recovered.discarded > 0) {
    app.log.info(
      recovered,
      'Settled uploads a stop cut off: committed those with a row, removed the rest',
    );
  }

  // Every remembered answer, dropped when the database announces a change to what it read;
  // READ_CACHE=off: the same reads, each from the database (docs/architecture.md §9).
  const readCache = await startReadCache(
    database,
    {
      info: (message: string) => app.log.info(message),
      warn: (message: string) => app.log.warn(message),
    },
    { on: config.readCache },
  );
  const notificationHub = await startNotificationHub({
    database,
    userChanges: readCache.tables.users,
    tokenChanges: readCache.tables.revoked_tokens,
    now,
    log: app.log,
  });
  // Open streams would hold the stop up: they end first, and their clients reconnect elsewhere.
  app.addHook('preClose', async () => {
    await notificationHub.stop();
  });
  app.addHook('onClose', async () => {
    await readCache.stop();
  });

  // External plugins
  await app.register(securityHeadersPlugin);

  // App plugins
  await app.register(errorHandlerPlugin);
  await app.register(routeSchemasPlugin);
  await app.register(methodNotAllowedPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(compressJsonPlugin);
  await app.register(uploadsPlugin, { storage, maxBytes: config.uploadMaxBytes });
  await app.register(authenticatePlugin, {
    database,
    jwtSecret: config.jwt.secret,
    now,
    readCache,
  });

  // Routes by feature
  await app.register(healthRoutes, { prefix: '/api', database });
  await app.register(probeRoutes, { database });
  await app.register(docsRoutes, { prefix: '/api' });
  await app.register(
    async (api) => {
      await api.register(authRoutes, {
        service: createAuthService({
          database,
          mailer,
          jwt: config.jwt,
          now,
          usersChanged: () => readCache.tables.users.caughtUp(),
          tokensRevoked: () => readCache.tables.revoked_tokens.caughtUp(),
        }),
        rateLimiter,
        rateLimits,
        keySecret: config.jwt.secret,
      });
      // Manager-only features mount here through protectedRoutes (see features/README.md).
      await api.register(protectedRoutes(businessesRoutes), {
        database,
        config,
        now,
        readCache,
      });
      await api.register(protectedRoutes(manageRoutes), {
        database,
        now,
        businessChanges: readCache.tables.businesses,
        storage,
        jwtSecret: config.jwt.secret,
        stepWaitLimits: config.stepWaitLimits,
      });
      await api.register(protectedRoutes(notificationsRoutes), { database, now });
      await api.register(protectedRoutes(viewsRoutes), { database, now });
      await api.register(protectedRoutes(insightsRoutes), { database, now });
      if (deps.extraProtectedRoutes) {
        await api.register(protectedRoutes(deps.extraProtectedRoutes), { database });
      }
      // Public: the single-use ticket in the URL is the credential.
      await api.register(notificationStreamRoutes, { database, now, hub: notificationHub });
      // Public: the signature in the URL is the credential.
      await api.register(filesRoutes, { database, config, now, storage });
    },
    { prefix: API_BASE_PATH },
  );

  // Last: the SPA and the answer for every path nothing above matched.
  await app.register(webAppPlugin, { webDistDir: config.webDistDir });

  await app.ready();
  return app;
}
