/**
 * The businesses feature's public entry: what other features and the seed tool (tools/seed) may
 * use. Everything else in this folder is its own business.
 */
export {
  compactBusinessCounts,
  listQueryFor,
  selectViewBusinesses,
  withAttention,
} from './businesses.queries.ts';
