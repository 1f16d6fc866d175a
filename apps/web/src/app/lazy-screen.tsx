import { lazy, type ComponentType } from 'react';

/** A screen loaded on first use, which a link can also ask to load early (`preload`). */
export type LazyScreen<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

const everyPreload = new Set<() => Promise<unknown>>();

/**
 * Route splitting (issue 14): each screen module becomes its own chunk, fetched when its route
 * first renders or when a link to it shows intent (app/prefetch-on-intent.ts). Once loaded, the
 * screen renders at once (no Suspense fallback for a screen prefetched on hover). One import
 * per module: a failed fetch (a deploy replaced the chunk, the network dropped) is tried afresh
 * next time instead of being remembered.
 */
export function lazyScreen<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<M> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = pick(module);
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  everyPreload.add(preload);
  const Pending = lazy(async () => ({ default: pick(await preload()) }));
  function Screen(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Pending {...props} />;
  }
  return Object.assign(Screen, { preload }) as LazyScreen<P>;
}

/**
 * Loads every lazy screen: for tests, which render without waiting for chunks. Again until no
 * new one appears, since a lazy module may declare lazy screens of its own (the idle timer
 * inside the signed-in services).
 */
export async function preloadAllScreens(): Promise<void> {
  let loaded = -1;
  while (loaded !== everyPreload.size) {
    loaded = everyPreload.size;
    await Promise.all([...everyPreload].map((preload) => preload()));
  }
}
