import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

const isPreloadable = (type: unknown): type is { preload: () => Promise<unknown> } =>
  (typeof type === 'object' || typeof type === 'function') &&
  type !== null &&
  typeof (type as { preload?: unknown }).preload === 'function';

/**
 * Starts loading the screens a path would render (its lazy route elements). Settles when they
 * are loaded; a failed load is not an error here: rendering loads it again and shows the failure.
 */
export function preloadPath(routes: RouteObject[], pathname: string): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const { element } = match.route;
    if (isValidElement(element) && isPreloadable(element.type)) loads.push(element.type.preload());
  }
  return Promise.allSettled(loads);
}

/**
 * Prefetch on intent: a pointer resting on a link, or the keyboard focusing it, starts loading
 * that screen's chunk, so the click rarely waits for it. One listener for the whole document.
 */
export function installPrefetchOnIntent(routes: RouteObject[], target: Document = document): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    void preloadPath(routes, link.pathname);
  };
  target.addEventListener('pointerover', onIntent, { passive: true });
  target.addEventListener('focusin', onIntent);
  return () => {
    target.removeEventListener('pointerover', onIntent);
    target.removeEventListener('focusin', onIntent);
  };
}
