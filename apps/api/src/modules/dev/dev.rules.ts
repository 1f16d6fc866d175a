import { API_BASE } from '@qmgt/contracts';

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

/** The sandbox's own routes: a registered route pattern under /api/dev. */
export function isDevRoute(routePattern: string | undefined): boolean {
  if (!routePattern) return false;
  const devBase = `${API_BASE}/dev`;
  return routePattern === devBase || routePattern.startsWith(`${devBase}/`);
}
