/** The notifications module's public surface: what other modules and the platform may use. */
export { type Notice, type NotificationsService } from './notifications.service.js';
