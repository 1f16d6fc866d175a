import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { markNotificationsReadMutation, notificationsQueryOptions } from '../api/notifications-api';
import { useUnreadStore } from './use-notification-stream';

/** The pages of notifications, the unread count (live from the stream), and marking read. */
export function useNotifications(enabled = true) {
  const query = useInfiniteQuery({ ...notificationsQueryOptions(), enabled });
  const unreadFromStream = useUnreadStore((s) => s.unread);
  const setUnread = useUnreadStore((s) => s.setUnread);
  const firstUnread = query.data?.pages[0]?.unread;
  useEffect(() => {
    if (firstUnread !== undefined) setUnread(firstUnread);
  }, [firstUnread, setUnread]);

  const markRead = useMutation({
    ...markNotificationsReadMutation(),
    onSuccess: (answer) => setUnread(answer.unread),
    onError: (error) => notifyError(errorMessage(error, 'The notifications could not be marked as read.')),
  });

  const notifications = query.data?.pages.flatMap((page) => page.data) ?? [];
  return { query, notifications, unread: unreadFromStream ?? firstUnread ?? 0, markRead };
}
