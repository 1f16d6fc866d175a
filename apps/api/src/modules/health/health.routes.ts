import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, healthResponseSchema } from '@qmgt/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ApplicationUnavailable } from '../../lib/errors.js';

export const healthRoutes: FastifyPluginAsync<{
  db: Db;
  sandbox: boolean;
  version: string;
  /** Set when SANDBOX=true under NODE_ENV=production: every health check repeats it. */
  sandboxWarning: string | undefined;
}> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.health,
    {
      // 503: the database is not reachable (load balancers take this process out).
      config: { errorStatuses: [503] },
      schema: {
        tags: ['health'],
        summary: 'Ready once migrations ran and adapters are up',
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      try {
        await options.db.execute(sql`select 1`);
      } catch {
        throw new ApplicationUnavailable('The database is not reachable.');
      }
      return {
        status: 'ok' as const,
        sandbox: options.sandbox,
        version: options.version,
        ...(options.sandboxWarning ? { warning: options.sandboxWarning } : {}),
      };
    },
  );
};
