import { lazy, type ComponentType } from 'react';
import { ModuleLoadError } from '@/lib/module-load-error';

/** A part of a screen loaded on first use, which can also be asked to load early (`preload`). */
export type LazyComponent<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

const everyPreload = new Set<() => Promise<unknown>>();

/**
 * A part that is not a route (the shell's sidebar, drawer and modals, the header's actions, the
 * toasts' container, the two trees of /) in a chunk of its own, fetched when it first renders or
 * when `preload` asks for it (issue 14). Routes are split by the router itself (`lazy` in
 * app/router.tsx). Once loaded, the part renders at once (no Suspense fallback for a part
 * preloaded earlier). One import per module: a failed fetch (a deploy replaced the chunk, the
 * network dropped) is a ModuleLoadError, tried afresh next time instead of being remembered.
 */
export function lazyComponent<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
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
        // Said as a load failure (app/screen-boundary.tsx), not as the screen failing.
        throw new ModuleLoadError(error);
      },
    );
    return loading;
  };
  everyPreload.add(preload);
  const Pending = lazy(async () => ({ default: pick(await preload()) }));
  function Part(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Pending {...props} />;
  }
  return Object.assign(Part, { preload }) as LazyComponent<P>;
}

/**
 * Loads every lazy part: for tests, which render without waiting for chunks. Again until no new
 * one appears, since a lazy module may declare lazy parts of its own (the idle timer inside the
 * signed-in services).
 */
export async function preloadAllLazyComponents(): Promise<void> {
  let loaded = -1;
  while (loaded !== everyPreload.size) {
    loaded = everyPreload.size;
    await Promise.all([...everyPreload].map((preload) => preload()));
  }
}
