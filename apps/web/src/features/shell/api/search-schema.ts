/**
 * The quick jump's answer schema, on its own so that it (and zod) loads with the first search,
 * not with every signed-in screen (docs/decisions/031-a-light-first-visit-the-sign-in.md).
 */
export { businessSearchResponseSchema } from '@fd/contract';
