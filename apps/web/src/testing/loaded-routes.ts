import type { RouteObject } from 'react-router';

type LazyRouteFunction = () => Promise<object>;

/**
 * The route table with every route's `lazy` already run and its result in place, as the router
 * would hold it once loaded. Route-level tests render at once and look at the screen, as the
 * built app shows its first screen only once the router has loaded its modules (main.tsx); a
 * test's own navigations then find their screens loaded, as after a prefetch. The router's
 * loading, pending and failure states are tested on the real table (app/router.test.tsx).
 */
export async function loadRoutes(routes: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    routes.map(async (route) => {
      const children = route.children && (await loadRoutes(route.children));
      if (typeof route.lazy !== 'function') return { ...route, children } as RouteObject;
      // The function form only, as in app/router.tsx.
      const loaded = await (route.lazy as LazyRouteFunction)();
      return { ...route, ...loaded, lazy: undefined, children } as RouteObject;
    }),
  );
}

let loadedAppRoutes: RouteObject[] | undefined;

/** Loads the app's route table once, for every test of a file (testing/setup-tests.ts). */
export async function loadAppRoutes(): Promise<void> {
  const { appRoutes } = await import('@/app/router');
  loadedAppRoutes = await loadRoutes(appRoutes);
}

/** The app's route table, loaded (see loadRoutes). */
export function appRoutesLoaded(): RouteObject[] {
  if (!loadedAppRoutes) throw new Error('The route table is not loaded: setup-tests.ts loads it before every file');
  return loadedAppRoutes;
}
