// Mantine's base layer only: each component's CSS comes with its chunk (vite-mantine-css.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { isToastsContainerWanted, subscribeToastsContainer, TOAST_AUTO_CLOSE_MS } from '@/lib/notify';
import { lazyComponent } from './lazy-component';
import { MOBILE_MEDIA_QUERY, theme } from './theme';

// The toasts' container (and its transition library) is not needed to paint the first screen:
// it mounts with the first toast (lib/notify.ts), which waits in Mantine's store until then.
const Notifications = lazyComponent(
  () => import('@mantine/notifications'),
  (m) => m.Notifications,
);

function ToastsContainer() {
  const wanted = useSyncExternalStore(subscribeToastsContainer, isToastsContainerWanted, isToastsContainerWanted);
  const phone = useMediaQuery(MOBILE_MEDIA_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  return wanted ? (
    <Suspense fallback={null}>
      {/*
       * Wide screens: bottom right (at the top right they covered the header's wallet, bell and
       * profile menu). Phones: top centre, two at most, because at the bottom a 360 px wide toast
       * lay over the form's next button (issue 23).
       */}
      <Notifications
        position={phone ? 'top-center' : 'bottom-right'}
        limit={phone ? 2 : 5}
        autoClose={TOAST_AUTO_CLOSE_MS}
      />
    </Suspense>
  ) : null;
}

type AppProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals so tests see the DOM at once. */
  mantineEnv?: 'default' | 'test';
};

export function AppProviders({ queryClient, children, mantineEnv = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" env={mantineEnv}>
      <ToastsContainer />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
