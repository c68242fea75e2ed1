/** The auth feature's public entry: what the auth hook (plugins/authenticate.ts) uses. */
export { prepareUserCheck, type UserCheck } from './auth.queries.ts';
