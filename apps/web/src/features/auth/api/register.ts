import { apiPaths, userResponseSchema, type RegisterRequest } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /auth/local/register: creates an unconfirmed account; the verification mail is a second call. */
export const register = (body: RegisterRequest) =>
  apiRequest(apiPaths.register, { method: 'POST', body, schema: userResponseSchema, auth: false });

export const useRegister = () =>
  useMutation({ mutationFn: register, meta: { errorFallback: 'Registration failed. Please try again.' } });
