/**
 * Every API path the client calls, relative to the `/api` base (SPEC.md section 7 plus the
 * ones DESIGN.md adds). Server routes and client fetchers both read these, so a path
 * cannot drift between them.
 */
export const API_BASE = '/api';

export const apiPaths = {
  health: '/health',
  register: '/auth/local/register',
  sendVerification: '/link-verification/registration',
  verifyCode: '/link-verification/code-register',
  login: '/auth/local',
  logout: '/auth/logout',
  forgotPassword: '/link-verification/forgot-password',
  resetPassword: '/reset-verification/reset-password',
  changePassword: '/auth/local/change-password',
  getInfo: '/getInfo',
  getUpline: '/get-upline',
  accountAddress: (userHash: string) => `/getAccountAddress/${encodeURIComponent(userHash)}`,
  devMailbox: '/dev/mailbox',
} as const;

/** Client routes whose links the server builds into e-mails. */
export const linkPaths = {
  emailVerification: (token: string) => `/Email-Verification/${token}`,
  changePassword: (token: string) => `/Change-Password/${token}`,
} as const;

/** Timings shared by client and server (SPEC.md section 9, DESIGN.md section 4). */
export const SESSION_IDLE_MS = 15 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 8 * 60 * 60 * 1000;
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
