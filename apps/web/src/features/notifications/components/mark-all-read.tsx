import { Button, type ButtonProps } from '@mantine/core';
import type { useNotifications } from '../hooks/use-notifications';

/** "Mark all as read", as the bell and the full list both offer it: idle when nothing is unread. */
export function MarkAllRead({
  unread,
  markRead,
  ...style
}: Pick<ReturnType<typeof useNotifications>, 'unread' | 'markRead'> & Pick<ButtonProps, 'variant' | 'size'>) {
  return (
    <Button
      {...style}
      disabled={unread === 0}
      loading={markRead.isPending}
      onClick={() => markRead.mutate({ all: true })}
    >
      Mark all as read
    </Button>
  );
}
