import { apiPaths, registerResponseSchema, type RegisterRequest } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /auth/local/register: creates an unconfirmed account; the verification mail is a second
 * call. The answer is the same whether or not the address or username was free (the server
 * mails the address instead), so the client always goes on to "check your inbox".
 */
export const register = (body: RegisterRequest) =>
  apiRequest(apiPaths.register, { method: 'POST', body, schema: registerResponseSchema, auth: false });

export const useRegister = () =>
  useMutation({ mutationFn: register, meta: { errorFallback: 'Registration failed. Please try again.' } });
