import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether a socket's peer is this machine. Only the socket's own address counts: a
 * forwarded header is whatever the client wrote, so it can never make a request local.
 */
export function isLoopbackAddress(remoteAddress: string | undefined): boolean {
  if (!remoteAddress) return false;
  const address = remoteAddress.toLowerCase();
  if (address === '::1') return true;
  // IPv4 (127.0.0.0/8), bare or mapped into IPv6 by a dual-stack listener.
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127(\.\d{1,3}){3}$/.test(v4);
}

/** Headers a reverse proxy (or a CDN in front of one) adds; a browser on this machine sends none. */
const FORWARDING_HEADERS = ['forwarded', 'via', 'x-real-ip', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip'];

/** Whether a request says it came through a proxy: any forwarding header, whatever its value. */
export function hasForwardingHeader(headers: IncomingHttpHeaders): boolean {
  return Object.keys(headers).some((name) => {
    const lower = name.toLowerCase();
    return lower.startsWith('x-forwarded-') || FORWARDING_HEADERS.includes(lower);
  });
}

/**
 * Whether a request comes from a person on this machine (DESIGN.md section 5). Behind a
 * reverse proxy on the same host every socket is loopback, so a proxy (TRUST_PROXY, or any
 * forwarding header) means no request is local: the proxy may be relaying anyone.
 */
export function isLocalClient(request: {
  remoteAddress: string | undefined;
  headers: IncomingHttpHeaders;
  trustProxy: boolean;
}): boolean {
  if (request.trustProxy) return false;
  if (hasForwardingHeader(request.headers)) return false;
  return isLoopbackAddress(request.remoteAddress);
}
