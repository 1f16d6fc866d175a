import fp from 'fastify-plugin';
import { API_BASE, KYC_HANDOFF_TTL_MS, apiPaths } from '@qmgt/contracts';
import { createTokenSigner } from '../../adapters/kyc/tokens.js';
import { createSumsubProvider } from '../../adapters/kyc/sumsub.js';
import { createSandboxProvider, type SandboxProvider } from '../../adapters/kyc/sandbox.js';
import type { IdentityProvider } from '../../adapters/kyc/port.js';
import { createKycService, type KycService } from './kyc.service.js';
import { kycRoutes, kycWebhookRoutes } from './kyc.routes.js';
import { kycAdminRoutes } from './kyc.admin.routes.js';
import { kycSandboxRoutes } from './kyc.sandbox.routes.js';

declare module '../../services.js' {
  interface Services {
    kyc: KycService;
    /** The sandbox identity provider, when Sumsub is not configured. */
    sandboxKyc: SandboxProvider | undefined;
  }
}

/**
 * Identity verification: Sumsub with its configuration, else the sandbox provider (its own
 * document screen, signed webhooks posted to our real endpoint); the customer's form, the
 * webhook and the operator's review.
 */
export default fp(
  async (app) => {
    const { config, secrets } = app;
    const { auth, files } = app.services;
    const sessionIsLive = (sessionId: string) => auth.isSessionLive(sessionId);
    let sandbox: SandboxProvider | undefined;
    let provider: IdentityProvider;
    if (config.kyc.sumsub) {
      provider = createSumsubProvider({ ...config.kyc.sumsub, levelName: config.kyc.levelName });
    } else {
      sandbox = createSandboxProvider({
        db: app.database.db,
        levelName: config.kyc.levelName,
        queue: app.jobs,
        accessTokens: createTokenSigner(secrets.appSecret, 'qmgt-sandbox-kyc-sdk', 30 * 60),
        webhookSecret: secrets.webhookSecret,
        sessionIsLive,
      });
      provider = sandbox.provider;
    }
    const kyc = createKycService({
      db: app.database.db,
      provider,
      sandbox,
      files,
      handoffTokens: createTokenSigner(secrets.appSecret, 'qmgt-kyc-handoff', KYC_HANDOFF_TTL_MS / 1000),
      webhookSecret: secrets.webhookSecret,
      sessionIsLive,
    });
    app.services.kyc = kyc;
    app.services.sandboxKyc = sandbox;

    await app.register(
      async (api) => {
        await api.register(kycRoutes, { kyc, rateLimit: config.rateLimit });
        await api.register(kycWebhookRoutes, { kyc });
        await api.register(kycAdminRoutes, { kyc });
        if (config.sandbox && sandbox) await api.register(kycSandboxRoutes, { sandbox, files, kyc });
      },
      { prefix: API_BASE },
    );

    // The sandbox provider calls our real webhook endpoint, in-process, with its signed payload.
    await sandbox?.start(async (body, headers) => {
      const res = await app.inject({
        method: 'POST',
        url: `${API_BASE}${apiPaths.kycWebhook}`,
        payload: body,
        headers,
      });
      if (res.statusCode >= 300) throw new Error(`webhook answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    });
  },
  { name: 'module:kyc', dependencies: ['auth', 'module:files'] },
);
