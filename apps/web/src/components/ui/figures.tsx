import { Group, Progress, Stack, Text } from '@mantine/core';
import { QUOTE_TTL_MS } from '@qmgt/contracts';
import type { ReactNode } from 'react';

/** One labelled figure of a summary (a quote, a termination), the exact value in its title. */
export function Figure({
  label,
  children,
  title,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  title?: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={strong ? 700 : 500} ff="monospace" ta="right" title={title}>
        {children}
      </Text>
    </Group>
  );
}

export function Figures({ label, children }: { label: string; children: ReactNode }) {
  return (
    // The group names the list; on the <dl> itself a role would hide its dt/dd pairs (axe: dlitem).
    <div role="group" aria-label={label}>
      <Stack component="dl" gap={6} m={0}>
        {children}
      </Stack>
    </div>
  );
}

/** The seconds a quote has left, as text and a bar. */
export function QuoteCountdown({ secondsLeft }: { secondsLeft: number | null }) {
  const seconds = secondsLeft ?? 0;
  return (
    <Stack gap={4} mt={4}>
      <Text size="xs" c={seconds <= 5 ? 'orange' : 'dimmed'} role="timer" aria-live="off">
        {seconds > 0 ? `Quote expires in ${seconds} s` : 'Quote expired. Ask for a new one.'}
      </Text>
      <Progress
        value={(seconds * 1000 * 100) / QUOTE_TTL_MS}
        size="xs"
        color={seconds <= 5 ? 'orange' : 'gold'}
        aria-hidden
      />
    </Stack>
  );
}
