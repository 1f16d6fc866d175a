import { apiPaths, type LoginRequest } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

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

export const useLogin = () => useMutation({ mutationFn: login });
