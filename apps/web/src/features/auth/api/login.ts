import { apiPaths, sessionResponseSchema, type LoginRequest } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/local: `{ jwt, user }`; an unconfirmed e-mail is refused with 403. */
export const login = (body: LoginRequest) =>
  apiRequest(apiPaths.login, { method: 'POST', body, schema: sessionResponseSchema, auth: false });

export const useLogin = () => useMutation({ mutationFn: login });
