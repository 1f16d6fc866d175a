import { apiPaths, sessionResponseSchema, type ChangePasswordRequest } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/local/change-password (bearer): answers a fresh `{ jwt, user }`; other sessions end. */
export const changePassword = (body: ChangePasswordRequest) =>
  apiRequest(apiPaths.changePassword, { method: 'POST', body, schema: sessionResponseSchema });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
