import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { preloadShell } from './app/layout/root-layout';
import { AppProviders } from './app/providers';
import { installPrefetchOnIntent } from './app/prefetch-on-intent';
import { appRoutes, createAppRouter, whenRouterReady } from './app/router';
import { prefetchToasts } from './lib/notify';
import { createQueryClient } from './lib/query-client';
import { selectIsKycVerified, useSessionStore } from './lib/session-store';
import './styles/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Starts loading the modules of the screen this visit opens on.
const router = createAppRouter();
installPrefetchOnIntent(appRoutes);
// Toasts answer actions: their code is fetched on the first interaction, not with the first screen.
for (const type of ['pointerdown', 'keydown', 'focusin'] as const) {
  window.addEventListener(type, prefetchToasts, { once: true, passive: true, capture: true });
}
const queryClient = createQueryClient();

// The first screen renders whole: its chunks (the route's, which the router is loading, and the
// signed-in shell's for a session) are fetched in parallel before the first render, which then
// shows the screen rather than the router's pending state (the screens' HydrateFallback).
const session = useSessionStore.getState();
void Promise.allSettled([
  whenRouterReady(router),
  preloadShell({ isAuthenticated: session.isAuthenticated, isKycVerified: selectIsKycVerified(session) }),
]).then(() => {
  // A transition: React renders the first screen in slices, yielding to the browser between them,
  // instead of one long task. index.html shows a copy of the screen meanwhile (vite-prerender.ts);
  // the first commit replaces it.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
});
