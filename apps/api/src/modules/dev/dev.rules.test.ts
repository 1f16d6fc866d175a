import { describe, expect, it } from 'vitest';
import { isDevRoute, isLoopbackAddress } from './dev.rules.js';

describe('loopback clients', () => {
  it.each(['127.0.0.1', '127.10.0.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1'])('%s is this machine', (a) => {
    expect(isLoopbackAddress(a)).toBe(true);
  });

  it.each([
    undefined,
    '',
    '10.0.0.1',
    '192.168.1.20',
    '203.0.113.5',
    '::ffff:10.0.0.1',
    '2001:db8::1',
    '128.0.0.1',
    '127.0.0.1.example.com',
    '::2',
  ])('%s is not', (a) => {
    expect(isLoopbackAddress(a)).toBe(false);
  });
});

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
