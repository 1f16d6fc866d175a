import { TermsPrompt } from '@/features/content/components/terms';
import { IdleLogout } from '../session/idle-logout';
import { SessionSync } from '../session/session-sync';

/**
 * What runs only while a client is signed in: the session sync, the idle logout, the prompt to
 * accept new terms. One lazy chunk, loaded by the root layout once there is a session.
 */
export function SignedInServices() {
  return (
    <>
      <SessionSync />
      <IdleLogout />
      <TermsPrompt />
    </>
  );
}
