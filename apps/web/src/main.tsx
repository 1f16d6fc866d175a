import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { preloadShell } from './app/layout/root-layout';
import { AppProviders, preloadProviders } from './app/providers';
import { installPrefetchOnIntent, preloadPath } from './app/prefetch-on-intent';
import { appRoutes, createAppRouter } from './app/router';
import { createQueryClient } from './lib/query-client';
import { selectIsKycVerified, useSessionStore } from './lib/session-store';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const router = createAppRouter();
installPrefetchOnIntent(appRoutes);
const queryClient = createQueryClient();

// The first screen renders whole: its chunks (the route's, and the signed-in shell's for a
// session) are fetched in parallel before the first render, not behind a spinner that would
// then wait for React's fallback throttle to be replaced.
const session = useSessionStore.getState();
void Promise.allSettled([
  preloadPath(appRoutes, window.location.pathname),
  preloadProviders(),
  preloadShell({ isAuthenticated: session.isAuthenticated, isKycVerified: selectIsKycVerified(session) }),
]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
