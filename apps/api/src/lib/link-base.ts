import type { FastifyRequest } from 'fastify';
import { isIPv4, isIPv6 } from 'node:net';
import type { Config } from '../config.js';

/**
 * Where the links the product hands out (in mails, checkout return addresses) start.
 *
 * A configured PUBLIC_URL always wins: a Host header is the caller's to write, and a reset
 * link built from a forged one would carry its token to the forger's site. Without one, the
 * sandbox and development answer a request made on this machine with the address it used
 * (http://127.0.0.1:3000 or http://localhost:3000): the session lives in that origin's
 * storage, and a link to the other spelling signs the customer out (issue 23). Anything else
 * (production, a remote caller, a Host that is not loopback) gets the default address.
 */
export interface LinkBaseInput {
  /** PUBLIC_URL, when it was configured. */
  configured: string | undefined;
  /** The default when nothing better is known (http://localhost:PORT). */
  fallback: string;
  production: boolean;
  /** The request's Host header, its TCP peer and scheme. */
  host: string | undefined;
  remoteAddress: string | undefined;
  protocol: string;
}

function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^::ffff:/i, '');
  if (isIPv4(bare)) return bare.startsWith('127.');
  return isIPv6(bare) && bare === '::1';
}

function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

/** The request's own origin when it may be trusted (see above), otherwise undefined. */
function loopbackOrigin(input: LinkBaseInput): string | undefined {
  if (input.production || !input.host || !input.remoteAddress) return undefined;
  if (!isLoopbackAddress(input.remoteAddress)) return undefined;
  if (input.protocol !== 'http' && input.protocol !== 'https') return undefined;
  // Only a host and a port: no user info, path or anything else a URL parser would accept.
  if (!/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(input.host)) return undefined;
  let url: URL;
  try {
    url = new URL(`${input.protocol}://${input.host}`);
  } catch {
    return undefined;
  }
  return isLoopbackName(url.hostname) ? url.origin : undefined;
}

export function linkBase(input: LinkBaseInput): string {
  return input.configured ?? loopbackOrigin(input) ?? input.fallback;
}

/** The link base for this request, by the rules above. */
export function requestLinkBase(request: FastifyRequest, config: Pick<Config, 'env' | 'publicUrl' | 'publicUrlFixed'>) {
  return linkBase({
    configured: config.publicUrlFixed ? config.publicUrl : undefined,
    fallback: config.publicUrl,
    production: config.env === 'production',
    host: request.headers.host,
    // The TCP peer, not request.ip: a forwarded-for header must not make a caller local.
    remoteAddress: request.socket.remoteAddress,
    protocol: request.protocol,
  });
}
