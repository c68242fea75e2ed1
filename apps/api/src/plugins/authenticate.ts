import { apiErrorDetails, MANAGER_ROLE } from '@fd/contract';
import type { FastifyPluginAsync, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import {
  prepareRevocationCheck,
  prepareUserCheck,
  type AuthenticatedManager,
} from '../features/auth/index.ts';
import { verifyAccessToken } from '../lib/access-token.ts';
import { AppError } from '../lib/app-error.ts';
import type { ReadCache } from '../lib/read-cache/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: 401 without a valid manager token, 403 for another role. */
    requireManager: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** The manager behind the bearer token; reading it outside a protected route answers 401. */
    readonly manager: AuthenticatedManager;
  }
}

export interface AuthenticateOptions {
  database: Database;
  jwtSecret: string;
  now: () => Date;
  /** Keeps the user records and what is known of each token, per version of their tables. */
  readCache: ReadCache;
}

const bearer = /^Bearer\s+(\S+)\s*$/i;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const unauthenticated = () => new AppError(401, apiErrorDetails.unauthenticated);

/**
 * Checks `Authorization: Bearer <jwt>` against the user's current record on
 * every call, so a disabled account, a changed role or a changed password
 * (token version) takes effect at once rather than when the token expires.
 * The record is read from the database once per version of the users table
 * (any change to users, by anyone, drops them all) and on every call while
 * changes could go unseen.
 */
export const authenticatePlugin = fp<AuthenticateOptions>(
  async (app, { database, jwtSecret, now, readCache }) => {
    const managers = new WeakMap<FastifyRequest, AuthenticatedManager>();

    app.decorateRequest('manager', {
      getter(this: FastifyRequest) {
        const manager = managers.get(this);
        if (!manager) throw unauthenticated();
        return manager;
      },
    });

    const findUserByUuid = prepareUserCheck(database.db);
    const findRevocation = prepareRevocationCheck(database.db);
    // Kept per version of their tables, one read shared by the requests that ask at once.
    type CheckedUser = Awaited<ReturnType<typeof findUserByUuid.execute>>[number];
    const users = readCache.shared<CheckedUser | undefined>('signedInUsers');
    const revocations = readCache.shared<boolean>('tokenRevocations');
    const currentUser = (uuid: string) =>
      users.get(uuid, async () => (await findUserByUuid.execute({ uuid }))[0]);
    const isRevoked = (jti: string) =>
      revocations.get(jti, async () => (await findRevocation.execute({ jti })).length > 0);

    app.decorate('requireManager', async function requireManager(request: FastifyRequest) {
      const token = bearer.exec(request.headers.authorization ?? '')?.[1];
      if (!token) throw unauthenticated();
      const claims = await verifyAccessToken(token, jwtSecret, now());
      if (!claims || !uuidPattern.test(claims.sub)) throw unauthenticated();

      const user = await currentUser(claims.sub);
      if (!user || user.tokenVersion !== claims.tokenVersion) throw unauthenticated();
      if (await isRevoked(claims.id)) throw unauthenticated();
      if (!user.isActive) throw new AppError(401, apiErrorDetails.accountDisabled);
      if (user.role !== MANAGER_ROLE) throw new AppError(403, apiErrorDetails.forbidden);

      managers.set(request, {
        id: user.id,
        uuid: user.uuid,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        tokenVersion: claims.tokenVersion,
        sessionExpiresAt: new Date(claims.expiresAt * 1000),
        tokenId: claims.id,
      });
    });
  },
  { name: 'authenticate' },
);

/**
 * Wraps route plugins so that every route in them needs a manager token:
 * `app.register(protectedRoutes(businessesRoutes), options)` (the routes use full contract paths).
 */
export function protectedRoutes<Options extends Record<string, unknown>>(
  routes: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return async (scope, options) => {
    scope.addHook('onRequest', scope.requireManager);
    // Run in this very scope (not a nested register, which would apply the prefix twice).
    await routes(scope, options);
  };
}
