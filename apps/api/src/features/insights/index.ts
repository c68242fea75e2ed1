/**
 * The insights feature's public entry: what the seed tool (tools/seed) may use. Everything else
 * in this folder is its own business.
 */
export { compactInsightCounts } from './insights.queries.ts';
