import { API_BASE } from '@qmgt/contracts';

/** The sandbox's own routes: a registered route pattern under /api/dev. */
export function isDevRoute(routePattern: string | undefined): boolean {
  if (!routePattern) return false;
  const devBase = `${API_BASE}/dev`;
  return routePattern === devBase || routePattern.startsWith(`${devBase}/`);
}
