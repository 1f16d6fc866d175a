import { apiPaths, sessionResponseSchema, type VerifyCodeRequest } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /link-verification/code-register: spends the single-use token from the e-mail link and
 * answers `{ jwt, user }`, a session as the log-in gives (the link proves the mailbox).
 */
export const verifyEmail = (body: VerifyCodeRequest) =>
  apiRequest(apiPaths.verifyCode, { method: 'POST', body, schema: sessionResponseSchema, auth: false });

// The page shows the failure itself, next to the re-send form.
export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail, meta: { silent: true } });
