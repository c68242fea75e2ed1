import { describe, expect, it } from 'vitest';
import { businessListQuerySchema } from './businesses.ts';
import { SEARCH_MAX_LENGTH } from './limits.ts';

describe('SEARCH_MAX_LENGTH, declared without a schema', () => {
  it('is where the list query schema cuts a search', () => {
    const search = (length: number) => ({ search: 'a'.repeat(length) });
    expect(businessListQuerySchema.safeParse(search(SEARCH_MAX_LENGTH)).success).toBe(true);
    expect(businessListQuerySchema.safeParse(search(SEARCH_MAX_LENGTH + 1)).success).toBe(false);
  });
});
