import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { useSessionStore } from '@/lib/session-store';
import { notificationKeys } from '../api/notifications-api';
import { openNotificationStream } from '../api/notification-stream';

/** The unread count as the last answer or stream event said; null before either. */
export const useUnreadStore = create<{ unread: number | null; setUnread: (unread: number) => void }>((set) => ({
  unread: null,
  setUnread: (unread) => set({ unread }),
}));

/**
 * Keeps the bell live while signed in: one stream per tab. A new notification refreshes the
 * list; every event carries the unread count.
 */
export function useNotificationStream() {
  const token = useSessionStore((s) => s.accessToken);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    return openNotificationStream(token, {
      onEvent: (event) => {
        useUnreadStore.getState().setUnread(event.unread);
        if (event.notification) void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      },
    });
  }, [token, queryClient]);
}

/** Mounted once by the signed-in layout. */
export function NotificationStream() {
  useNotificationStream();
  return null;
}
