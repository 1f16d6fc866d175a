import { Button, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type EmptyStateProps = {
  /** Why the screen is empty, in the customer's words. */
  children: ReactNode;
  /** The next step from here: an empty screen is never a dead end (issue 23). */
  action: { label: string; to: string };
  maw?: number;
};

/** A screen or list with nothing to show yet, and the one thing to do next. */
export function EmptyState({ children, action, maw = 760 }: EmptyStateProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} maw={maw}>
      <Stack gap="sm" align="flex-start">
        <Text c="dimmed">{children}</Text>
        <Button component={Link} to={action.to}>
          {action.label}
        </Button>
      </Stack>
    </Paper>
  );
}
