import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { createConsultantsService, type ConsultantsService } from './consultants.service.js';
import { consultantsRoutes } from './consultants.routes.js';

declare module '../../services.js' {
  interface Services {
    consultants: ConsultantsService;
  }
}

/** Consultants: public profile pages with a referral link, marked by operators. */
export default fp(
  async (app) => {
    const consultants = createConsultantsService({ db: app.database.db, kyc: app.services.kyc });
    app.services.consultants = consultants;
    await app.register(consultantsRoutes, { prefix: API_BASE, consultants });
  },
  { name: 'module:consultants', dependencies: ['auth'] },
);
