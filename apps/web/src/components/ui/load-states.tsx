import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { errorMessage } from '@/lib/api-client';

/**
 * A section's data on its way: a small spinner beside what is coming, announced as a status.
 * `size` is the spinner's and the gap's; the text is small unless `textSize` is 'md'.
 */
export function LoadingStatus({
  children,
  size = 'sm',
  textSize = 'sm',
}: {
  children: string;
  size?: 'xs' | 'sm';
  textSize?: 'sm' | 'md';
}) {
  return (
    <Group gap={size} role="status">
      <Loader size={size} aria-hidden />
      {/* md is Text's own size: left unset, as the screens always had it. */}
      <Text size={textSize === 'md' ? undefined : textSize}>{children}</Text>
    </Group>
  );
}

/** What LoadFailure needs of a failed query: why, and how to ask again. */
type FailedQuery = { error: unknown; refetch: () => Promise<unknown> };

/**
 * A section whose data could not be loaded: what failed, the server's words (or `fallback`),
 * and a Try again button that asks again. `inline` puts the button beside the words, for a
 * narrow panel.
 */
export function LoadFailure({
  title,
  query,
  fallback = 'Please try again in a moment.',
  gap = 'sm',
  maw,
  inline = false,
}: {
  title: string;
  query: FailedQuery;
  fallback?: string;
  gap?: 'xs' | 'sm';
  maw?: number;
  inline?: boolean;
}) {
  const words = <Text size="sm">{errorMessage(query.error, fallback)}</Text>;
  const retry = (
    <Button size="xs" variant="light" onClick={() => void query.refetch()}>
      Try again
    </Button>
  );
  return (
    <Alert color="red" variant="light" title={title} maw={maw}>
      {inline ? (
        <Group justify="space-between" gap="xs">
          {words}
          {retry}
        </Group>
      ) : (
        <Stack gap={gap} align="flex-start">
          {words}
          {retry}
        </Stack>
      )}
    </Alert>
  );
}
