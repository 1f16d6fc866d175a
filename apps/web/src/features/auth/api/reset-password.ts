import { apiPaths, okSchema, type ResetPasswordRequest } from '@qmgt/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /reset-verification/reset-password: sets a new password with the e-mailed token; every session ends. */
export const resetPassword = (body: ResetPasswordRequest) =>
  apiRequest(apiPaths.resetPassword, { method: 'POST', body, schema: okSchema, auth: false });

export const useResetPassword = () =>
  useMutation({ mutationFn: resetPassword, meta: { errorFallback: 'Failed to reset password. Please try again.' } });
