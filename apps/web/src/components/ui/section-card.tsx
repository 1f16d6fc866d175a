import { Group, Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/**
 * A titled card of a screen (a dashboard panel, a part of the profile): a <section> named by its
 * <h2>, with an optional link or button on the heading's right.
 */
export function SectionCard({
  title,
  titleId,
  action,
  gap = 'md',
  h,
  children,
}: {
  title: string;
  /** A fixed id for the heading; a generated one otherwise. */
  titleId?: string;
  action?: ReactNode;
  gap?: 'sm' | 'md';
  /** '100%' to match the cards beside it in a grid row. */
  h?: string;
  children: ReactNode;
}) {
  const generatedId = useId();
  const id = titleId ?? generatedId;
  const heading = (
    <Title order={2} size="h4" id={id}>
      {title}
    </Title>
  );
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} h={h} component="section" aria-labelledby={id}>
      <Stack gap={gap}>
        {action ? (
          <Group justify="space-between">
            {heading}
            {action}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  );
}
