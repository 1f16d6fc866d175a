import { Button, Group, Text } from '@mantine/core';

type LoadMoreProps = {
  /** How many rows are on screen, e.g. 'Showing 40 transactions'. */
  shown: string;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** Names what the button loads for assistive technology, e.g. 'Load more transactions'. */
  label?: string;
};

/**
 * The foot of a list paged by key: how many rows are shown and a 'Load more' button while the
 * server says there is a next page. Lists no longer count their whole history, so there is no
 * 'of N' and no page numbers.
 */
export function LoadMore({ shown, hasMore, loading, onLoadMore, label }: LoadMoreProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" role="status">
        {shown}
      </Text>
      {hasMore ? (
        <Button variant="light" size="xs" loading={loading} onClick={onLoadMore} aria-label={label}>
          Load more
        </Button>
      ) : null}
    </Group>
  );
}
