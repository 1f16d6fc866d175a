import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMore } from '@/components/ui/load-more';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { useNotifications } from '../hooks/use-notifications';
import { MarkAllRead } from './mark-all-read';
import { NotificationItem } from './notification-item';

/** Every notification, newest first, a page at a time, with "Mark all as read". */
export function NotificationsList() {
  const { query, notifications, unread, markRead } = useNotifications();

  if (query.isPending) return <LoadingStatus>Loading your notifications…</LoadingStatus>;
  if (query.isError) return <LoadFailure title="Your notifications could not be loaded" query={query} maw={760} />;
  if (notifications.length === 0)
    return (
      <EmptyState action={{ label: 'Set a price alert', to: '/dashboard' }}>
        No notifications yet. Deposits, instalments, decisions on your requests, support replies and price alerts will
        show here.
      </EmptyState>
    );

  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" role="status">
          {unread === 0 ? 'All read' : `${unread} unread`}
        </Text>
        <MarkAllRead variant="light" size="xs" unread={unread} markRead={markRead} />
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {notifications.map((n, i) => (
            <Fragment key={n.id}>
              {i > 0 ? <Divider component="li" aria-hidden /> : null}
              <li>
                <NotificationItem
                  notification={n}
                  onOpen={n.readAt === null ? () => markRead.mutate({ ids: [n.id] }) : undefined}
                />
              </li>
            </Fragment>
          ))}
        </Stack>
      </Paper>
      <LoadMore
        shown={`Showing ${notifications.length} notification${notifications.length === 1 ? '' : 's'}`}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        label="Load more notifications"
      />
    </Stack>
  );
}
