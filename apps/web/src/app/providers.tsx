import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { lazyScreen } from './lazy-screen';
import { theme } from './theme';

// The toasts' container (and its transition library) is not needed to paint the first screen:
// notifications shown before it arrives wait in Mantine's store and appear once it mounts.
const Notifications = lazyScreen(
  () => import('@mantine/notifications'),
  (m) => m.Notifications,
);
export const preloadProviders = () => Notifications.preload();

type AppProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals so tests see the DOM at once. */
  mantineEnv?: 'default' | 'test';
};

export function AppProviders({ queryClient, children, mantineEnv = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" env={mantineEnv}>
      {/* Bottom right: toasts at the top right covered the header's wallet, bell and profile menu. */}
      <Suspense fallback={null}>
        <Notifications position="bottom-right" limit={5} />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
