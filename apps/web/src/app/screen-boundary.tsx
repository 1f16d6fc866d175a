import { Box, Button, Center, Loader, Text } from '@mantine/core';
import { useRouteError, type RouteObject } from 'react-router';
import { loadingModule, ModuleLoadError } from '@/lib/module-load-error';
import { reloadDocument } from './reload-document';

/** A screen on its way: the first screen's modules (HydrateFallback) or a lazy part (Suspense). */
export function ScreenLoading() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading the page" />
    </Center>
  );
}

type LazyRouteFunction = () => Promise<object>;

/**
 * The route table with every `lazy` import's failure told apart from a screen's own errors
 * (`ModuleLoadError`), which ScreenError shows with a way out. Route objects are copied, not
 * changed.
 */
export function withModuleErrors(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children && withModuleErrors(route.children);
    if (typeof route.lazy !== 'function') return { ...route, children } as RouteObject;
    // The function form only (the table has no other): the router reads what it resolves to.
    const load = route.lazy as LazyRouteFunction;
    const lazy = loadingModule(load);
    return { ...route, children, lazy } as RouteObject;
  });
}

/**
 * The screens' error element. A route module or a lazy part of a screen that did not load (the
 * connection dropped, or a deploy replaced its chunk since this tab opened) is said here, inside the shell, with a reload:
 * react-router keeps a route's failed `lazy` for the router's lifetime, and after a deploy only a
 * fresh document names the chunks that exist now. Any other error goes on up to the root, whose
 * screen is react-router's default ('Unexpected Application Error!').
 */
export function ScreenError() {
  const error = useRouteError();
  if (!(error instanceof ModuleLoadError)) throw error;
  return (
    // Components the first load has anyway (Title and Stack would add to it).
    <Center py={80}>
      <Box maw={480} ta="center" role="alert">
        <Text component="h1" fz="h2" fw={700} mb="sm">
          This page did not load
        </Text>
        <Text mb="md">Perhaps the connection dropped, or the site was updated since this tab opened.</Text>
        <Button onClick={reloadDocument}>Reload the page</Button>
      </Box>
    </Center>
  );
}
