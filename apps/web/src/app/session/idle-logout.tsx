import { SESSION_IDLE_MS } from '@qmgt/contracts';
import { useIdleTimer } from 'react-idle-timer';
import { showToast } from '@/lib/notify';
import { useEndSession } from './use-end-session';

export const IDLE_LOGOUT_TITLE = 'Idle Logout';
export const IDLE_LOGOUT_MESSAGE = 'You have been logged out due to inactivity.';

/**
 * Timers looked up on every call rather than captured when the library loads, so a clock
 * installed later (Playwright's page.clock, Vitest's fake timers) still drives the idle timeout.
 */
const currentTimers = {
  setTimeout: (callback: () => void, delay: number) => window.setTimeout(callback, delay),
  clearTimeout: (id: number) => window.clearTimeout(id),
  setInterval: (callback: () => void, delay: number) => window.setInterval(callback, delay),
  clearInterval: (id: number) => window.clearInterval(id),
};

/**
 * Signs the client out after 15 minutes without mouse movement, key press or click
 * (SPEC.md section 4). Mount it only while signed in. react-idle-timer measures with
 * setTimeout and Date, so a test clock can drive it.
 */
export function IdleLogout() {
  const endSession = useEndSession();

  useIdleTimer({
    timeout: SESSION_IDLE_MS,
    timers: currentTimers,
    events: ['mousemove', 'keydown', 'mousedown', 'click', 'touchstart', 'wheel'],
    // Tabs share one session: activity in any tab keeps every tab signed in.
    crossTab: true,
    syncTimers: 200,
    onIdle: () => {
      showToast({
        id: 'idle-logout',
        title: IDLE_LOGOUT_TITLE,
        message: IDLE_LOGOUT_MESSAGE,
        color: 'yellow',
        autoClose: false,
      });
      void endSession({ revoke: true });
    },
  });

  return null;
}
