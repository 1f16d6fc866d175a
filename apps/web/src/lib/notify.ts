import type { NotificationData } from '@mantine/notifications';

/*
 * Toasts load on first use (issue 14): no first screen shows one, so Mantine's notifications
 * (store, container, transitions) are not in any first load. A toast asked for before they
 * arrive waits for them (a chunk of a few KB, fetched early on the first interaction by
 * `prefetchToasts`), then shows as it would have.
 */
const loadToasts = () => import('@mantine/notifications');

let containerWanted = false;
const containerListeners = new Set<() => void>();

/** True once a toast has been asked for: the toasts' container mounts from then on. */
export const isToastsContainerWanted = () => containerWanted;

export function subscribeToastsContainer(listener: () => void): () => void {
  containerListeners.add(listener);
  return () => containerListeners.delete(listener);
}

/** Starts fetching the toasts' code (e.g. on the first interaction), without showing anything. */
export function prefetchToasts(): void {
  loadToasts().catch(() => undefined);
}

/** How long a toast stays: time to read a sentence, not long enough to sit on the next button. */
export const TOAST_AUTO_CLOSE_MS = 4_000;
/** An error says what to do about it: a little longer. */
export const ERROR_TOAST_AUTO_CLOSE_MS = 6_000;
/**
 * Mantine pauses a toast's timer while the pointer is over it and restarts it when the
 * pointer leaves. On a touch screen a tap counts as entering and nothing as leaving, so a
 * toast tapped by mistake (it lay over the button the customer meant) stayed for minutes
 * (issue 23). This long after its time, a toast goes regardless.
 */
export const TOAST_HOLD_LIMIT_MS = 4_000;

/** Shows a toast (Mantine's `notifications.show`), loading the toasts' code first if needed. */
export function showToast(toast: NotificationData): void {
  if (!containerWanted) {
    containerWanted = true;
    for (const listener of containerListeners) listener();
  }
  // A failed fetch (offline) loses this toast; the next one tries again.
  loadToasts().then(
    ({ notifications }) => {
      const id = notifications.show(toast);
      // autoClose false: a toast that must be dismissed on purpose (the idle logout's).
      if (toast.autoClose === false) return;
      const shownFor = typeof toast.autoClose === 'number' ? toast.autoClose : TOAST_AUTO_CLOSE_MS;
      setTimeout(() => notifications.hide(id), shownFor + TOAST_HOLD_LIMIT_MS);
    },
    () => undefined,
  );
}

/** Toasts: every action gives feedback (CONVENTIONS.md, client). */
export function notifySuccess(message: string, title?: string): void {
  showToast({ message, title, color: 'teal', autoClose: TOAST_AUTO_CLOSE_MS });
}

export function notifyError(message: string, title?: string): void {
  showToast({ message, title, color: 'red', autoClose: ERROR_TOAST_AUTO_CLOSE_MS });
}
