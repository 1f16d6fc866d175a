/** The gifts module's public surface: what other modules, the platform and app.ts may use. */
export { type GiftsService } from './gifts.service.js';
