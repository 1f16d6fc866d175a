import { describe, expect, it } from 'vitest';
import { isDevRoute } from './dev.rules.js';

describe('dev routes', () => {
  it('are the routes under /api/dev only', () => {
    expect(isDevRoute('/api/dev/mailbox')).toBe(true);
    expect(isDevRoute('/api/dev/kyc/review')).toBe(true);
    expect(isDevRoute('/api/dev')).toBe(true);
    expect(isDevRoute('/api/devices')).toBe(false);
    expect(isDevRoute('/api/sandbox-kyc/applicant')).toBe(false);
    expect(isDevRoute('/dev/mailbox')).toBe(false);
    expect(isDevRoute(undefined)).toBe(false);
  });
});
