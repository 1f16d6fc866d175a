import { useSessionStore } from '@/lib/session-store';
import { lazyComponent } from '../lazy-component';

const Landing = lazyComponent(
  () => import('./landing'),
  (m) => m.Landing,
);
const SwapRoute = lazyComponent(
  () => import('./swap'),
  (m) => m.SwapRoute,
);

/** One URL, two trees: guests get the public landing, signed-in clients the swap screen. */
function Home() {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  return isAuthenticated ? <SwapRoute /> : <Landing />;
}

/**
 * The `lazy` of the index route. Each tree is its own chunk, and which one the route needs is
 * known only when it is asked for: the router waits for the tree this visitor would see (and a
 * link to / prefetches it); the other loads if the session changes while / is shown.
 */
export async function lazyHome() {
  await (useSessionStore.getState().isAuthenticated ? SwapRoute.preload() : Landing.preload());
  return { Component: Home };
}
