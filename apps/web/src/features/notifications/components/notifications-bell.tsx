import { ActionIcon, Anchor, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadFailure, LoadingStatus } from '@/components/ui/load-states';
import { useNotifications } from '../hooks/use-notifications';
import { MarkAllRead } from './mark-all-read';
import { NotificationItem } from './notification-item';

type NotificationsBellProps = {
  opened: boolean;
  onToggle: () => void;
  onClose: () => void;
  /** The page listing them all. */
  allHref: string;
};

/** How many the popover shows; the page has the rest. */
const SHOWN = 8;

/** The header's bell: the unread count, live, and the latest notifications in a popover. */
export function NotificationsBell({ opened, onToggle, onClose, allHref }: NotificationsBellProps) {
  const { query, notifications, unread, markRead } = useNotifications();
  const label = unread > 99 ? '99+' : String(unread);

  let body;
  if (query.isPending) body = <LoadingStatus size="xs">Loading notifications…</LoadingStatus>;
  else if (query.isError)
    body = <LoadFailure title="Notifications could not be loaded" query={query} gap="xs" inline />;
  else if (notifications.length === 0)
    body = (
      <Text size="sm" ta="center" py="sm" c="dimmed">
        No notifications yet
      </Text>
    );
  else
    body = (
      <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {notifications.slice(0, SHOWN).map((n) => (
            <li key={n.id}>
              <NotificationItem
                notification={n}
                onOpen={() => {
                  if (n.readAt === null) markRead.mutate({ ids: [n.id] });
                  onClose();
                }}
              />
            </li>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );

  // The badge sits outside the popover's target, so the dialog is named by the button alone.
  return (
    <Indicator label={label} size={16} offset={4} color="gold" disabled={unread === 0}>
      <Popover
        opened={opened}
        // A controlled popover reports Escape and a click outside through onChange only; its
        // onClose fires when `opened` itself changes, so on its own it never closed anything.
        onChange={(next) => {
          if (!next) onClose();
        }}
        closeOnEscape
        closeOnClickOutside
        position="bottom-end"
        width="min(340px, calc(100vw - 24px))"
        shadow="md"
        withArrow
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            radius="xl"
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
            aria-expanded={opened}
            onClick={onToggle}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} size="h5">
                Notifications
              </Title>
              <MarkAllRead variant="subtle" size="compact-xs" unread={unread} markRead={markRead} />
            </Group>
            {body}
            <Divider />
            <Anchor component={Link} to={allHref} size="sm" ta="center" onClick={onClose}>
              See all notifications
            </Anchor>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
