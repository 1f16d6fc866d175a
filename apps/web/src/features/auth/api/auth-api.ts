import {
  apiPaths,
  okSchema,
  registerResponseSchema,
  sessionResponseSchema,
  type ChangePasswordRequest,
  type EmailRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type VerifyCodeRequest,
} from '@qmgt/contracts';
import { mutationOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/*
 * The account's calls: register, verify the e-mail, passwords. Apart from them, because first
 * loads import them and these calls would come along: the log-in (login.ts, /signin's first
 * paint, whose schemas load on demand: issue 14), the signed-in record (get-info.ts) and the
 * log-out (logout.ts), which every signed-in first load imports.
 */

/**
 * POST /auth/local/register: creates an unconfirmed account; the verification mail is a second
 * call. The answer is the same whether or not the address or username was free (the server
 * mails the address instead), so the client always goes on to "check your inbox".
 */
export const register = (body: RegisterRequest) =>
  apiRequest(apiPaths.register, { method: 'POST', body, schema: registerResponseSchema, auth: false });

export const registerMutation = () =>
  mutationOptions({ mutationFn: register, meta: { errorFallback: 'Registration failed. Please try again.' } });

/** POST /link-verification/registration: (re)sends the verification link; answers ok for any address. */
export const sendVerificationEmail = (body: EmailRequest) =>
  apiRequest(apiPaths.sendVerification, { method: 'POST', body, schema: okSchema, auth: false });

export const sendVerificationEmailMutation = () => mutationOptions({ mutationFn: sendVerificationEmail });

/**
 * POST /link-verification/code-register: spends the single-use token from the e-mail link and
 * answers `{ jwt, user }`, a session as the log-in gives (the link proves the mailbox).
 */
export const verifyEmail = (body: VerifyCodeRequest) =>
  apiRequest(apiPaths.verifyCode, { method: 'POST', body, schema: sessionResponseSchema, auth: false });

// The page shows the failure itself, next to the re-send form.
export const verifyEmailMutation = () => mutationOptions({ mutationFn: verifyEmail, meta: { silent: true } });

/** POST /link-verification/forgot-password: answers ok whether or not the account exists. */
export const requestPasswordReset = (body: EmailRequest) =>
  apiRequest(apiPaths.forgotPassword, { method: 'POST', body, schema: okSchema, auth: false });

export const requestPasswordResetMutation = () => mutationOptions({ mutationFn: requestPasswordReset });

/** POST /reset-verification/reset-password: sets a new password with the e-mailed token; every session ends. */
export const resetPassword = (body: ResetPasswordRequest) =>
  apiRequest(apiPaths.resetPassword, { method: 'POST', body, schema: okSchema, auth: false });

export const resetPasswordMutation = () =>
  mutationOptions({
    mutationFn: resetPassword,
    meta: { errorFallback: 'Failed to reset password. Please try again.' },
  });

/** POST /auth/local/change-password (bearer): answers a fresh `{ jwt, user }`; other sessions end. */
export const changePassword = (body: ChangePasswordRequest) =>
  apiRequest(apiPaths.changePassword, { method: 'POST', body, schema: sessionResponseSchema });

export const changePasswordMutation = () => mutationOptions({ mutationFn: changePassword });
