import { useSessionStore } from '@/lib/session-store';
import { Landing } from './landing';
import { SwapRoute } from './swap';

/** One URL, two trees: guests get the public landing, signed-in clients the swap screen. */
export function Home() {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  return isAuthenticated ? <SwapRoute /> : <Landing />;
}
