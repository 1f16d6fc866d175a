import type { SessionResponse } from '@qmgt/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { useSessionStore } from '@/lib/session-store';
import { testApi } from './handlers';
import { appRoutesLoaded } from './loaded-routes';

type RenderAppOptions = {
  /** Sign this client in before the first render (as a persisted session would). */
  session?: SessionResponse;
  upline?: boolean;
  walletAddress?: string;
  /** Drive timers by hand (404 delay, idle logout). */
  fakeTimers?: boolean;
};

/**
 * Renders the whole app (providers, the real route table with its modules loaded: see
 * testing/loaded-routes.ts) at `path`, against the MSW fake API. Route-level tests start here.
 */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const { session, upline = false, walletAddress, fakeTimers = false } = options;
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });

  useSessionStore.getState().logout();
  if (session) {
    testApi.currentUser = session.user;
    useSessionStore.getState().saveInfo(session);
    if (walletAddress) testApi.walletAddresses[session.user.userHash] = walletAddress;
  }
  testApi.upline = upline;

  const router = createMemoryRouter(appRoutesLoaded(), { initialEntries: [path] });
  const queryClient = createQueryClient();
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  // StrictMode as in main.tsx, so effects that must run once (spending a link token) are tested as such.
  const view = render(
    <StrictMode>
      <AppProviders queryClient={queryClient} mantineEnv="test">
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, user, router, queryClient };
}

/** The current path of the app under test. */
export const currentPath = (router: { state: { location: { pathname: string } } }) => router.state.location.pathname;

export { screen };
