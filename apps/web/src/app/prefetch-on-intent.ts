import { matchRoutes, type RouteObject } from 'react-router';

/** Runs a route's `lazy` (the function form, which app/router.tsx uses): its module is then in the module cache. */
async function loadRoute({ lazy }: RouteObject): Promise<unknown> {
  return typeof lazy === 'function' ? lazy() : undefined;
}

/**
 * Starts loading the route modules a path would render (its screen's and its lazy guards'), the
 * imports the router runs when it navigates there: once they are in the module cache, the
 * router's own `lazy` calls resolve at once. Settles when they are loaded. A failure is not an
 * error here (the router loads the module again on navigation and shows its failure) and is not
 * remembered: nothing is kept but the module cache, so the next intent asks again.
 */
export function prefetchPath(routes: RouteObject[], pathname: string): Promise<unknown> {
  return Promise.allSettled((matchRoutes(routes, pathname) ?? []).map((match) => loadRoute(match.route)));
}

/**
 * Prefetch on intent: a pointer resting on a link, or the keyboard focusing it, starts loading
 * that screen's chunk, so the click rarely waits for it. One listener for the whole document.
 */
export function installPrefetchOnIntent(routes: RouteObject[], target: Document = document): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    void prefetchPath(routes, link.pathname);
  };
  target.addEventListener('pointerover', onIntent, { passive: true });
  target.addEventListener('focusin', onIntent);
  return () => {
    target.removeEventListener('pointerover', onIntent);
    target.removeEventListener('focusin', onIntent);
  };
}
