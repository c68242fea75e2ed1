import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorDetailOr } from './error-message.ts';

describe('errorDetailOr', () => {
  it("gives the server's detail when the answer carried one", () => {
    expect(errorDetailOr(new ApiError(409, 'Already taken.'), 'Fallback.')).toBe('Already taken.');
  });

  it('gives the fallback for an answer without a detail, an empty one, or any other error', () => {
    expect(errorDetailOr(new ApiError(502), 'Fallback.')).toBe('Fallback.');
    expect(errorDetailOr(new ApiError(400, ''), 'Fallback.')).toBe('Fallback.');
    expect(errorDetailOr(new TypeError('Failed to fetch'), 'Fallback.')).toBe('Fallback.');
    expect(errorDetailOr(undefined, 'Fallback.')).toBe('Fallback.');
  });
});
