import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MotionConfig } from 'motion/react';
import type { ReactNode } from 'react';
import { theme } from './theme';

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
      <Notifications position="bottom-right" limit={5} />
      <QueryClientProvider client={queryClient}>
        {/* Page slides respect the reader's "reduce motion" setting. */}
        <MotionConfig reducedMotion="user">{children}</MotionConfig>
      </QueryClientProvider>
    </MantineProvider>
  );
}
