import { apiPaths, okSchema, type EmailRequest } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /link-verification/forgot-password: answers ok whether or not the account exists. */
export const requestPasswordReset = (body: EmailRequest) =>
  apiRequest(apiPaths.forgotPassword, { method: 'POST', body, schema: okSchema, auth: false });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
