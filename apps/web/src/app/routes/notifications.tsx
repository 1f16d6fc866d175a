import { ScreenTitle } from '@/components/ui/screen-title';
import { NotificationsList } from '@/features/notifications/components/notifications-list';

/** /notifications (signed in): every notification, newest first. */
export function NotificationsRoute() {
  return (
    <>
      <ScreenTitle>Notifications</ScreenTitle>
      <NotificationsList />
    </>
  );
}
