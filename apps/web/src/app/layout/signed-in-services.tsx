import { TermsPrompt } from '@/features/content/components/terms';
import { NotificationStream } from '@/features/notifications/hooks/use-notification-stream';
import { lazyComponent } from '../lazy-component';
import { SessionSync } from '../session/session-sync';
import { ShellPart } from './shell-part';

// The idle timer (react-idle-timer, 7 KB gzip) paints nothing: it starts once its chunk has
// arrived, after the first screen has rendered, instead of delaying that screen (issue 14).
const IdleLogout = lazyComponent(
  () => import('../session/idle-logout'),
  (m) => m.IdleLogout,
);

/**
 * What runs only while a client is signed in: the session sync, the idle logout, the prompt to
 * accept new terms, the notifications' live stream. One lazy chunk, loaded by the root layout once there is a session.
 */
export function SignedInServices() {
  return (
    <>
      <SessionSync />
      {/* Its own part: the other services go on if its chunk does not arrive. */}
      <ShellPart>
        <IdleLogout />
      </ShellPart>
      <TermsPrompt />
      <NotificationStream />
    </>
  );
}
