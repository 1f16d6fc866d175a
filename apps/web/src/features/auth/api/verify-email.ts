import { apiPaths, userResponseSchema, type VerifyCodeRequest } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /link-verification/code-register: spends the single-use token from the e-mail link. */
export const verifyEmail = (body: VerifyCodeRequest) =>
  apiRequest(apiPaths.verifyCode, { method: 'POST', body, schema: userResponseSchema, auth: false });

// The page shows the failure itself, next to the re-send form.
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail, meta: { silent: true } });
