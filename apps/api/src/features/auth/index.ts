/** The auth feature's public entry: what the auth hook (plugins/authenticate.ts) uses. */
export { prepareRevocationCheck, prepareUserCheck } from './auth.queries.ts';
