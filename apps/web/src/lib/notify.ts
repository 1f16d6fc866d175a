import { notifications } from '@mantine/notifications';

/** Toasts: every action gives feedback (CONVENTIONS.md, client). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ message, title, color: 'teal' });
}

export function notifyError(message: string, title?: string): void {
  notifications.show({ message, title, color: 'red' });
}
