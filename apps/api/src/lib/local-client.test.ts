import { describe, expect, it } from 'vitest';
import { hasForwardingHeader, isLocalClient, isLoopbackAddress } from './local-client.js';

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

describe('a request through a proxy', () => {
  it.each([
    { 'x-forwarded-for': '203.0.113.9' },
    { 'X-Forwarded-For': '127.0.0.1' },
    { forwarded: 'for=203.0.113.9' },
    { 'x-real-ip': '203.0.113.9' },
    { 'x-forwarded-host': 'example.com' },
    { 'x-forwarded-proto': 'https' },
    { via: '1.1 proxy' },
  ])('%j says so, whatever its value', (headers) => {
    expect(hasForwardingHeader(headers)).toBe(true);
    expect(isLocalClient({ remoteAddress: '127.0.0.1', headers, trustProxy: false })).toBe(false);
  });

  it('is never local under TRUST_PROXY, even from loopback with no header', () => {
    expect(isLocalClient({ remoteAddress: '127.0.0.1', headers: {}, trustProxy: true })).toBe(false);
  });

  it('a loopback socket with ordinary headers is local; a remote one is not', () => {
    const headers = { host: 'localhost:3000', 'user-agent': 'curl', accept: '*/*' };
    expect(hasForwardingHeader(headers)).toBe(false);
    expect(isLocalClient({ remoteAddress: '::1', headers, trustProxy: false })).toBe(true);
    expect(isLocalClient({ remoteAddress: '203.0.113.9', headers, trustProxy: false })).toBe(false);
  });
});
