import { describe, expect, it } from 'vitest';
import { BUSINESS_LIST_SEARCH_MAX_LENGTH } from './paths.ts';
import { businessListQuerySchema, SEARCH_MAX_LENGTH } from './businesses.ts';

describe('the schema-free copies in paths.ts', () => {
  it('cuts a list search where the list query schema does', () => {
    expect(BUSINESS_LIST_SEARCH_MAX_LENGTH).toBe(SEARCH_MAX_LENGTH);
    const search = (length: number) => ({ search: 'a'.repeat(length) });
    expect(businessListQuerySchema.safeParse(search(BUSINESS_LIST_SEARCH_MAX_LENGTH)).success).toBe(
      true,
    );
    expect(
      businessListQuerySchema.safeParse(search(BUSINESS_LIST_SEARCH_MAX_LENGTH + 1)).success,
    ).toBe(false);
  });
});
