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

/** Shows a toast (Mantine's `notifications.show`), loading the toasts' code first if needed. */
export function showToast(toast: NotificationData): void {
  if (!containerWanted) {
    containerWanted = true;
    for (const listener of containerListeners) listener();
  }
  // A failed fetch (offline) loses this toast; the next one tries again.
  loadToasts().then(
    ({ notifications }) => notifications.show(toast),
    () => undefined,
  );
}

/** Toasts: every action gives feedback (CONVENTIONS.md, client). */
export function notifySuccess(message: string, title?: string): void {
  showToast({ message, title, color: 'teal' });
}

export function notifyError(message: string, title?: string): void {
  showToast({ message, title, color: 'red' });
}
