import { Button, Group, Text } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { LoadBoundary } from '@/components/ui/load-boundary';
import { reloadDocument } from '../reload-document';

type ShellPartProps = {
  /**
   * What the customer misses if the part's code does not arrive ("The menu"), said with a
   * reload; none for the parts nobody sees (the session's services, the transaction modal
   * host, which show nothing until asked).
   */
  missing?: string;
  children: ReactNode;
};

/**
 * A lazily loaded part of the shell (the sidebar, the drawer, the header's actions, the
 * session's services). It shows nothing while its code is on its way (it comes after the first
 * paint); if the code does not arrive, the rest of the page stays usable and the part's place
 * says so, instead of the whole app giving way to the router's error screen.
 */
export function ShellPart({ missing, children }: ShellPartProps) {
  return (
    <LoadBoundary
      fallback={
        missing ? (
          <Group gap={6} wrap="nowrap" p="xs" role="alert">
            <Text size="xs" miw={0}>
              {missing} did not load.
            </Text>
            {/* The text wraps on a phone's header; the button keeps its width. */}
            <Button size="compact-xs" variant="light" onClick={reloadDocument} style={{ flexShrink: 0 }}>
              Reload
            </Button>
          </Group>
        ) : null
      }
    >
      <Suspense fallback={null}>{children}</Suspense>
    </LoadBoundary>
  );
}
