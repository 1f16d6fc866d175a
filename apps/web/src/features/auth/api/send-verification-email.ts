import { apiPaths, okSchema, type EmailRequest } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /link-verification/registration: (re)sends the verification link; answers ok for any address. */
export const sendVerificationEmail = (body: EmailRequest) =>
  apiRequest(apiPaths.sendVerification, { method: 'POST', body, schema: okSchema, auth: false });

export const useSendVerificationEmail = () => useMutation({ mutationFn: sendVerificationEmail });
