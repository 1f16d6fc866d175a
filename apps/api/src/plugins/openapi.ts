import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the same zod schemas that validate the wire. */
export default fp<{ version: string }>(
  async (app, { version }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'QMGT platform API',
          version,
          description: 'Gold-backed token savings platform. Errors: { error: { status, name, message, details } }.',
        },
        servers: [{ url: '/' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
