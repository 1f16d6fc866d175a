import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

describe('query caching rules (SPEC.md section 7)', () => {
  it('retries network and server failures 3 times, client errors never', () => {
    const serverError = new ApiError(503, 'Unavailable');
    expect([0, 1, 2].map((count) => shouldRetry(count, serverError))).toEqual([true, true, true]);
    expect(shouldRetry(3, serverError)).toBe(false);
    expect(shouldRetry(0, new ApiError(0, ''))).toBe(true);
    expect(shouldRetry(0, new ApiError(404, 'Not found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'Expired'))).toBe(false);
  });

  it('backs off exponentially from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('discards cached data after 5 minutes', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(5 * 60 * 1000);
  });
});
