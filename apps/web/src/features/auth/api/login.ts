import { apiPaths, type LoginRequest } from '@qmgt/contracts';
import { apiRequest } from '@/lib/api-client';

// Apart from auth-api.ts: /signin's first paint imports the log-in, and the other calls' schemas (zod) must not come with it (issue 14).

/** Both of the sign-in's schemas, with zod; fetched when the form is first used, not to paint it. */
export const loadLoginSchemas = () => import('./login-schemas');

/** POST /auth/local: `{ jwt, user }`; an unconfirmed e-mail is refused with 403. */
export const login = (body: LoginRequest) =>
  apiRequest(apiPaths.login, {
    method: 'POST',
    body,
    schema: () => loadLoginSchemas().then((m) => m.sessionResponseSchema),
    auth: false,
  });

// A plain object (what mutationOptions returns): /signin's first paint would be its only user.
export const loginMutation = () => ({ mutationFn: login });
