import { z } from 'zod';
import { userSchema } from './users.js';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
/** argon2 accepts more, but an upper bound keeps hashing cost bounded per request. */
export const PASSWORD_MAX = 128;

export const emailSchema = z
  .string({ error: 'E-mail is required' })
  .trim()
  .max(254, 'E-mail is too long')
  .pipe(z.email({ error: 'Enter a valid e-mail address' }))
  .transform((v) => v.toLowerCase());

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain letters, digits, dot, dash and underscore only')
  .refine((v) => !v.includes('@'), 'Username may not contain @');

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const refCodeSchema = z
  .string()
  .trim()
  .max(32, 'Referral code is too long')
  .regex(/^[A-Za-z0-9]*$/, 'Referral code may contain letters and digits only');

/** A link token: base64url of >= 128 random bits; anything else cannot be valid. */
export const linkTokenSchema = z
  .string({ error: 'Token is required' })
  .trim()
  .min(16, 'The link is invalid or has expired')
  .max(128, 'The link is invalid or has expired')
  .regex(/^[A-Za-z0-9_-]+$/, 'The link is invalid or has expired');

export const registerRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  ref: refCodeSchema.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

export const emailRequestSchema = z.object({ email: emailSchema });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

export const verifyCodeRequestSchema = z.object({ verifyCode: linkTokenSchema });
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;

export const loginRequestSchema = z.object({
  identifier: z
    .string({ error: 'E-mail or username is required' })
    .trim()
    .min(1, 'E-mail or username is required')
    .max(254, 'E-mail or username is too long'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, 'Password is too long'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionResponseSchema = z.object({ jwt: z.string(), user: userSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

const passwordsMatch = (v: { password: string; passwordConfirmation: string }) => v.password === v.passwordConfirmation;
const mismatch = { message: 'Passwords do not match', path: ['passwordConfirmation'] };

export const resetPasswordRequestSchema = z
  .object({ token: linkTokenSchema, password: passwordSchema, passwordConfirmation: z.string().max(PASSWORD_MAX) })
  .refine(passwordsMatch, mismatch);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX),
    password: passwordSchema,
    passwordConfirmation: z.string().max(PASSWORD_MAX),
  })
  .refine(passwordsMatch, mismatch)
  .refine((v) => v.currentPassword !== v.password, {
    message: 'The new password must differ from the current one',
    path: ['password'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const uplineResponseSchema = z.object({ upline: z.boolean() });
export type UplineResponse = z.infer<typeof uplineResponseSchema>;
