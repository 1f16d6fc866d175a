import { useSessionStore } from '@/lib/session-store';
import { lazyScreen } from '../lazy-screen';

const Landing = lazyScreen(
  () => import('./landing'),
  (m) => m.Landing,
);
const SwapRoute = lazyScreen(
  () => import('./swap'),
  (m) => m.SwapRoute,
);

/** One URL, two trees: guests get the public landing, signed-in clients the swap screen. */
function HomeScreen() {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  return isAuthenticated ? <SwapRoute /> : <Landing />;
}

/** Each tree is its own chunk; a link to / prefetches the one this visitor would see. */
export const Home = Object.assign(HomeScreen, {
  preload: () => (useSessionStore.getState().isAuthenticated ? SwapRoute.preload() : Landing.preload()),
});
