/** The auth feature's public entry: what the auth hook (plugins/authenticate.ts) and the other features use. */
export { prepareRevocationCheck, prepareUserCheck } from './auth.queries.ts';
export type { AuthenticatedManager } from './authenticated-manager.ts';
