import fp from 'fastify-plugin';
import { API_BASE } from '@qmgt/contracts';
import { memoryStore, redisStore } from '../../lib/shared-store.js';
import { createSignInThrottle } from './sign-in-throttle.js';
import { DEFAULT_THROTTLE_POLICY } from './throttle.rules.js';
import { createAuthService, type AuthService } from './auth.service.js';
import { authRoutes } from './auth.routes.js';
import { usersRoutes } from '../users/index.js';

declare module '../../services.js' {
  interface Services {
    auth: AuthService;
  }
}

export interface AuthModuleOptions {
  /** The sessions' and the throttle's clock (tests of idle and absolute expiry). */
  now?: () => Date;
}

/**
 * Accounts and sessions: the auth service (sign-up, e-mail links, sign-in with its throttle,
 * sessions), its account mails, the operator from the configuration, and the account routes.
 */
export default fp<AuthModuleOptions>(
  async (app, options) => {
    const { config, database, redis } = app;
    const now = options.now ?? (() => new Date());
    const auth = createAuthService({
      db: database.db,
      outbox: app.outbox,
      mail: app.services.mail,
      publicUrl: config.publicUrl,
      sessionPolicy: config.session,
      throttle: createSignInThrottle({
        // Shared through Redis when several processes serve; in-process otherwise.
        store: redis ? redisStore(redis, 'qmgt-throttle-') : memoryStore(),
        policy: { ...DEFAULT_THROTTLE_POLICY, lockAfter: config.signInLock.after, lockMs: config.signInLock.ms },
        now,
      }),
      lockMinutes: Math.ceil(config.signInLock.ms / 60_000),
      notifications: database,
      ...(options.now ? { now: options.now } : {}),
    });
    await auth.start();
    app.addHook('onClose', () => auth.stop());
    auth.registerMails();
    await auth.ensureOperator(config.operator);
    app.services.auth = auth;

    await app.register(
      async (api) => {
        await api.register(authRoutes, { authService: auth, rateLimit: config.rateLimit });
        await api.register(usersRoutes);
      },
      { prefix: API_BASE },
    );
  },
  { name: 'auth-module', dependencies: ['database', 'redis', 'mail', 'outbox'] },
);
