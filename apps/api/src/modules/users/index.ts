/** The users module's public surface: what other modules, the platform and app.ts may use. */
export { usersRoutes } from './users.routes.js';
export { toPublicUser, usersService, type UserRow } from './users.service.js';
