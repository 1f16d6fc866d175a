import { createHmac } from 'node:crypto';
import fp from 'fastify-plugin';
import { resolveSecrets, type Secrets } from '../lib/secrets.js';
import { createFieldCipher, type FieldCipher } from '../lib/field-cipher.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's own secrets (signing keys), for the modules that sign or verify. */
    secrets: Secrets;
  }
}

declare module '../services.js' {
  interface Services {
    /** Encryption of sensitive fields at rest, keyed by the app secret. */
    fieldCipher: FieldCipher;
    /** A secret for one purpose (a sandbox's signing key), derived from the app secret. */
    derivedSecret: (purpose: string) => string;
  }
}

/** The app secret and the webhook secret: configured, or made once in the sandbox's DATA_DIR. */
export default fp(
  async (app) => {
    const { config } = app;
    const secrets = resolveSecrets({
      dataDir: config.dataDir,
      sandbox: config.sandbox,
      appSecret: config.appSecret,
      webhookSecret: config.kyc.webhookSecret,
    });
    app.decorate('secrets', secrets);
    app.services.fieldCipher = createFieldCipher(secrets.appSecret);
    app.services.derivedSecret = (purpose: string) =>
      createHmac('sha256', secrets.appSecret).update(`qmgt-derived:${purpose}`).digest('base64url');
  },
  { name: 'secrets' },
);
