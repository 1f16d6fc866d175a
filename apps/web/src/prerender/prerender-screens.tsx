import { KYC_VERIFIED } from '@qmgt/contracts';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { preloadAllLazyComponents } from '@/app/lazy-component';
import { PrerenderedIsMobile } from '@/app/layout/use-is-mobile';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';
import { MOBILE_MEDIA_QUERY } from '@/app/theme';
import { createQueryClient } from '@/lib/query-client';
import { SESSION_STORAGE_KEY, useSessionStore } from '@/lib/session-store';

/**
 * The first screens a visit most often opens on, rendered at build time (vite-prerender.ts): the
 * sign-in page, the landing page and the signed-in shell with the swap screen, each as the app's
 * own first render shows it before any answer from the API. index.html carries them and shows
 * the one that matches the visit while the JavaScript loads; the app's first render replaces it.
 * The signed-in shell differs on a phone (its header has the drawer's burger, not the sidebar's
 * wide/narrow switch): it is rendered for each, `swap-phone` for PHONE_MEDIA_QUERY.
 */
export type PrerenderedScreen = 'signin' | 'landing' | 'swap' | 'swap-phone';

/** The viewports `swap-phone` is for: the root layout's (useIsMobile). */
export const PHONE_MEDIA_QUERY = MOBILE_MEDIA_QUERY;

/** What index.html's inline script reads to pick a copy: the persisted session and a verified client's status. */
export { KYC_VERIFIED, SESSION_STORAGE_KEY };

type ScreenOptions = { url: string; signedIn: boolean; isMobile: boolean };

const SCREENS: Record<PrerenderedScreen, ScreenOptions> = {
  // Guests' screens render the same at any width (their CSS adapts them).
  signin: { url: '/signin', signedIn: false, isMobile: false },
  landing: { url: '/', signedIn: false, isMobile: false },
  swap: { url: '/', signedIn: true, isMobile: false },
  'swap-phone': { url: '/', signedIn: true, isMobile: true },
};

async function renderScreen({ url, signedIn, isMobile }: ScreenOptions): Promise<string> {
  // Who is signed in is not known here: a verified customer with no name shown at first paint
  // (the header's actions, the only part naming the client, come after it).
  // A server render reads a zustand store's initial state (its server snapshot), which the
  // persisted store keeps as the object its defaults were made in: that object is this screen's.
  Object.assign(
    useSessionStore.getInitialState(),
    signedIn
      ? {
          isAuthenticated: true,
          accessToken: 'prerender',
          info: {
            id: 'prerender',
            username: '',
            email: '',
            userHash: 'prerender',
            refCode: '',
            kycVerified: KYC_VERIFIED,
            confirmed: true,
            role: 'customer',
            createdAt: '2025-01-01T00:00:00.000Z',
          },
        }
      : { isAuthenticated: false, accessToken: null, info: null },
  );
  useSessionStore.setState(useSessionStore.getInitialState());
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`Prerendering ${url} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  const { prelude } = await prerender(
    <PrerenderedIsMobile value={isMobile}>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </PrerenderedIsMobile>,
    // Every boundary in place: large ones would otherwise come as segments a script moves in.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  // Its queries' timers (garbage collection after minutes) would keep the build's process alive.
  queryClient.clear();
  return new Response(prelude).text();
}

export async function prerenderScreens(): Promise<Record<PrerenderedScreen, string>> {
  const html = {} as Record<PrerenderedScreen, string>;
  // Every lazy part loaded: the render shows what the app's first render does, which waits for
  // the parts of its first screen (main.tsx), not their Suspense fallbacks.
  await preloadAllLazyComponents();
  // One at a time: the session store is shared.
  for (const [name, screen] of Object.entries(SCREENS) as [PrerenderedScreen, (typeof SCREENS)[PrerenderedScreen]][])
    html[name] = await renderScreen(screen);
  return html;
}
