import { Anchor, Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Notification } from '@qmgt/contracts';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';

/** One notification: its title (a link when it has one), words and time; unread ones marked. */
export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen?: () => void }) {
  const unread = notification.readAt === null;
  const title = (
    <Text size="sm" fw={unread ? 700 : 500} lineClamp={2}>
      {notification.title}
    </Text>
  );
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Box
        w={8}
        h={8}
        mt={6}
        style={{ borderRadius: 4, flex: 'none' }}
        bg={unread ? 'gold' : 'transparent'}
        aria-hidden
      />
      <Stack gap={2} style={{ minWidth: 0 }}>
        {notification.link ? (
          <Anchor component={Link} to={notification.link} onClick={onOpen} underline="hover" c="inherit">
            {title}
          </Anchor>
        ) : (
          <UnstyledButton onClick={onOpen}>{title}</UnstyledButton>
        )}
        <Text size="xs" c="dimmed" lineClamp={3}>
          {notification.body}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(notification.createdAt)}
          {unread ? <VisuallyHidden> (unread)</VisuallyHidden> : null}
        </Text>
      </Stack>
    </Group>
  );
}
