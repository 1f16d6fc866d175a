import { z } from 'zod';
import { userSchema } from './users.js';
import { TRIMMED_WHITESPACE, text } from './text.js';
import { isGuessablePassword, WEAK_PASSWORD_MESSAGE } from './password-strength.js';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
/** argon2 accepts more, but an upper bound keeps hashing cost bounded per request. */
export const PASSWORD_MAX = 128;

/** What trimming forgives around an address, less the control characters text() refuses first. */
const SPACES = TRIMMED_WHITESPACE.replace('\\t\\n\\v\\f\\r', '');

/**
 * A field checked after trimming whose pattern is its whole shape: `core` with the spaces
 * trimming forgives around it. The OpenAPI document reads the raw value, so its pattern says
 * that (the fuzzers sent '\u2028N\u2009…' and ' ', valid by a raw pattern or length and refused
 * by the server, or the other way round), and counts the trimmed minimum itself: a minLength
 * would count the spaces. The maximum is the raw length's, as text() checks it.
 */
const aroundSpaces = (core: string) => new RegExp(`^[${SPACES}]*${core}[${SPACES}]*$`);
const trimmedShape = (characters: string, min: number, max: number) => ({
  pattern: `^[${SPACES}]*${characters}{${min},${max}}[${SPACES}]*$`,
  minLength: undefined,
  maxLength: max,
});

export const emailSchema = text(254, { required: 'E-mail is required', maxMessage: 'E-mail is too long' })
  .pipe(z.email({ error: 'Enter a valid e-mail address' }))
  .transform((v) => v.toLowerCase())
  .meta({ pattern: `^[${SPACES}]*(?:${z.regexes.email.source.slice(1, -1)})[${SPACES}]*$` });

export const usernameSchema = text(USERNAME_MAX, {
  required: 'Username is required',
  maxMessage: `Username must be at most ${USERNAME_MAX} characters`,
})
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .regex(aroundSpaces('[A-Za-z0-9_.-]+'), 'Username may contain letters, digits, dot, dash and underscore only')
  .refine((v) => !v.includes('@'), 'Username may not contain @')
  .meta(trimmedShape('[A-Za-z0-9_.-]', USERNAME_MIN, USERNAME_MAX));

/**
 * A new password: never trimmed (every character counts), single-line like any typed secret,
 * and not one that guessing lists try first (checked only once the length is right, so a
 * too-short password hears about its length alone).
 */
export const passwordSchema = text(PASSWORD_MAX, {
  trim: false,
  required: 'Password is required',
  maxMessage: `Password must be at most ${PASSWORD_MAX} characters`,
})
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .refine((v) => v.length < PASSWORD_MIN || v.length > PASSWORD_MAX || !isGuessablePassword(v), WEAK_PASSWORD_MESSAGE);

/**
 * A password to check against the stored hash. Tab and line breaks stay allowed here: a
 * password set before the single-line rule existed must keep working.
 */
const existingPasswordSchema = (required: string) =>
  text(PASSWORD_MAX, { trim: false, multiline: true, required, maxMessage: 'Password is too long' }).min(1, required);

export const refCodeSchema = text(32, { maxMessage: 'Referral code is too long' })
  .regex(aroundSpaces('[A-Za-z0-9]*'), 'Referral code may contain letters and digits only')
  .meta(trimmedShape('[A-Za-z0-9]', 0, 32));

/** A link token: base64url of >= 128 random bits; anything else cannot be valid. */
export const linkTokenSchema = text(128, {
  required: 'Token is required',
  maxMessage: 'The link is invalid or has expired',
})
  .min(16, 'The link is invalid or has expired')
  .regex(aroundSpaces('[A-Za-z0-9_-]+'), 'The link is invalid or has expired')
  .meta(trimmedShape('[A-Za-z0-9_-]', 16, 128));

export const registerRequestSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  ref: refCodeSchema.optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const userResponseSchema = z.object({ user: userSchema });

/**
 * What sign-up answers. The same for a new account and for an e-mail or username that is
 * already taken (the address's owner is mailed instead): it echoes what was sent and holds
 * nothing (public hash, referral code) that could tell the two apart. The full user comes
 * with sign-in once the e-mail is verified.
 */
export const registrationSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  confirmed: z.literal(false),
});
export type Registration = z.infer<typeof registrationSchema>;
export const registerResponseSchema = z.object({ user: registrationSchema });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
export type UserResponse = z.infer<typeof userResponseSchema>;

export const emailRequestSchema = z.object({ email: emailSchema });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

export const verifyCodeRequestSchema = z.object({ verifyCode: linkTokenSchema });
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;

export const loginRequestSchema = z.object({
  identifier: text(254, {
    required: 'E-mail or username is required',
    maxMessage: 'E-mail or username is too long',
  }).min(1, 'E-mail or username is required'),
  password: existingPasswordSchema('Password is required'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionResponseSchema = z.object({ jwt: z.string(), user: userSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

const passwordsMatch = (v: { password: string; passwordConfirmation: string }) => v.password === v.passwordConfirmation;
const mismatch = { message: 'Passwords do not match', path: ['passwordConfirmation'] };

export const resetPasswordRequestSchema = z
  .object({
    token: linkTokenSchema,
    password: passwordSchema,
    passwordConfirmation: text(PASSWORD_MAX, { trim: false }),
  })
  .refine(passwordsMatch, mismatch);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    currentPassword: existingPasswordSchema('Current password is required'),
    password: passwordSchema,
    passwordConfirmation: text(PASSWORD_MAX, { trim: false }),
  })
  .refine(passwordsMatch, mismatch)
  .refine((v) => v.currentPassword !== v.password, {
    message: 'The new password must differ from the current one',
    path: ['password'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const uplineResponseSchema = z.object({ upline: z.boolean() });
export type UplineResponse = z.infer<typeof uplineResponseSchema>;
