import { describe, expect, it } from 'vitest';
import { linkBase, type LinkBaseInput } from './link-base.js';

const sandbox: LinkBaseInput = {
  configured: undefined,
  fallback: 'http://localhost:3000',
  production: false,
  host: '127.0.0.1:3000',
  remoteAddress: '127.0.0.1',
  protocol: 'http',
};

describe('where links start', () => {
  it('a configured PUBLIC_URL always wins, whatever the request says', () => {
    expect(linkBase({ ...sandbox, configured: 'https://app.example.com' })).toBe('https://app.example.com');
  });

  it.each([
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['localhost:3000', 'http://localhost:3000'],
    ['LOCALHOST:4100', 'http://localhost:4100'],
    ['[::1]:3000', 'http://[::1]:3000'],
    ['127.0.0.2', 'http://127.0.0.2'],
  ])('in the sandbox, a request on this machine at %s gets links to %s', (host, expected) => {
    expect(linkBase({ ...sandbox, host })).toBe(expected);
  });

  it('an IPv6 loopback peer (and a mapped IPv4 one) counts as this machine', () => {
    expect(linkBase({ ...sandbox, remoteAddress: '::1' })).toBe('http://127.0.0.1:3000');
    expect(linkBase({ ...sandbox, remoteAddress: '::ffff:127.0.0.1' })).toBe('http://127.0.0.1:3000');
  });

  it.each([
    ['a Host that is not loopback', { host: 'evil.example:3000' }],
    ['a Host with user info', { host: 'evil.example@127.0.0.1:3000' }],
    ['a Host with a path', { host: '127.0.0.1:3000/evil' }],
    ['a loopback Host from a remote peer', { remoteAddress: '203.0.113.9' }],
    ['no Host at all', { host: undefined }],
    ['production, even on this machine', { production: true }],
    ['an odd scheme', { protocol: 'javascript' }],
  ])('falls back to the default for %s', (_label, patch: Partial<LinkBaseInput>) => {
    expect(linkBase({ ...sandbox, ...patch })).toBe('http://localhost:3000');
  });
});
