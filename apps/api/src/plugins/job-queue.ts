import fp from 'fastify-plugin';
import { startJobQueue, type JobQueue } from '../jobs/queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/** pg-boss on the product's database: webhooks and other retried background work. */
export default fp(
  async (app) => {
    const jobs = await startJobQueue(app.database, app.log);
    app.decorate('jobs', jobs);
    // After the chain and mail plugins: the queue stops (its jobs finish) before they close.
    app.addHook('onClose', () => jobs.stop());
  },
  { name: 'job-queue', dependencies: ['database'] },
);
