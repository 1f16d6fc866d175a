import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { createNomineesService, type NomineesService } from './nominees.service.js';
import { nomineesRoutes } from './nominees.routes.js';

declare module '../../services.js' {
  interface Services {
    nominees: NomineesService;
  }
}

/** Nominees (issue 13): the multi-step form's draft and the saved set. */
export default fp(
  async (app) => {
    const nominees = createNomineesService(app.database.db);
    app.services.nominees = nominees;
    await app.register(nomineesRoutes, { prefix: API_BASE, nominees });
  },
  { name: 'module:nominees', dependencies: ['auth'] },
);
