import {
  EMAIL_VERIFICATION_TTL_MS,
  PASSWORD_RESET_TTL_MS,
  type ChangePasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SessionResponse,
  type User,
} from '@qmgt/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { MailTransport } from '../../adapters/mail/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.js';
import { hashToken, newSecretToken } from '../../lib/secure-tokens.js';
import { toPublicUser, usersService, type UserRow } from '../users/users.service.js';
import { idleCutoff, identifierKind, linkTokenExpiry, sessionExpiry, type SessionPolicy } from './auth.rules.js';
import {
  consumeLinkToken,
  endSession,
  endUserSessions,
  insertLinkToken,
  insertSession,
  revokeLinkTokens,
  touchActiveSession,
  type LinkTokenPurpose,
} from './auth.repository.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import { emailVerificationMail, passwordResetMail } from './auth.mails.js';

export const MAIL_JOBS = {
  emailVerification: 'mail.email-verification',
  passwordReset: 'mail.password-reset',
} as const;

interface MailJob {
  userId: string;
}

export interface AuthDeps {
  db: Db;
  queue: JobQueue;
  mail: MailTransport;
  publicUrl: string;
  sessionPolicy: SessionPolicy;
  now?: () => Date;
}

/** Who is calling, for audit and session records. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

export interface Authenticated {
  user: UserRow;
  sessionId: string;
}

const INVALID_CREDENTIALS = 'Invalid e-mail/username or password.';
const INVALID_LINK = 'This link is invalid or has expired. Please ask for a new one.';

export function createAuthService(deps: AuthDeps) {
  const { db, queue } = deps;
  const now = deps.now ?? (() => new Date());

  async function openSession(userId: string, origin: RequestOrigin, tx: Db | Tx = db): Promise<string> {
    const token = newSecretToken();
    const createdAt = now();
    await insertSession(tx, {
      userId,
      tokenHash: hashToken(token),
      createdAt,
      expiresAt: sessionExpiry(createdAt, deps.sessionPolicy),
      userAgent: origin.userAgent?.slice(0, 512) ?? null,
      ip: origin.ip,
    });
    return token;
  }

  /** Issues a link token and mails it. Runs in the job worker, so the token never rests in the queue. */
  async function mailLink(userId: string, purpose: LinkTokenPurpose): Promise<void> {
    const user = await usersService.findById(db, userId);
    if (!user) return;
    if (purpose === 'email_verification' && user.confirmed) return;
    const token = newSecretToken();
    const ttl = purpose === 'email_verification' ? EMAIL_VERIFICATION_TTL_MS : PASSWORD_RESET_TTL_MS;
    await db.transaction(async (tx) => {
      await revokeLinkTokens(tx, user.id, purpose, now());
      await insertLinkToken(tx, {
        userId: user.id,
        purpose,
        tokenHash: hashToken(token),
        expiresAt: linkTokenExpiry(now(), ttl),
      });
    });
    const message =
      purpose === 'email_verification'
        ? emailVerificationMail(user.email, user.username, deps.publicUrl, token)
        : passwordResetMail(user.email, user.username, deps.publicUrl, token);
    await deps.mail.send(message);
  }

  return {
    async registerJobs(): Promise<void> {
      await queue.register<MailJob>(MAIL_JOBS.emailVerification, (job) => mailLink(job.userId, 'email_verification'));
      await queue.register<MailJob>(MAIL_JOBS.passwordReset, (job) => mailLink(job.userId, 'password_reset'));
    },

    async register(input: RegisterRequest, origin: RequestOrigin): Promise<User> {
      let uplineId: string | undefined;
      if (input.ref) {
        const upline = await usersService.findByRefCode(db, input.ref);
        if (!upline)
          throw badRequest('This referral code does not exist. Check it, or sign up without one.', { field: 'ref' });
        uplineId = upline.id;
      }
      const passwordHash = await hashPassword(input.password);
      const user = await usersService.create(db, {
        username: input.username,
        email: input.email,
        passwordHash,
        uplineId,
      });
      await audit(db, {
        action: 'account.registered',
        subjectId: user.id,
        actorId: user.id,
        ip: origin.ip,
        detail: uplineId ? 'with upline' : null,
      });
      return toPublicUser(user);
    },

    /** Answers alike whether or not the address exists or is confirmed: nothing to enumerate. */
    async sendEmailVerification(email: string): Promise<void> {
      const user = await usersService.findByEmail(db, email);
      if (user && !user.confirmed) await queue.send<MailJob>(MAIL_JOBS.emailVerification, { userId: user.id });
    },

    async verifyEmail(verifyCode: string, origin: RequestOrigin): Promise<User> {
      const confirmed = await db.transaction(async (tx) => {
        const userId = await consumeLinkToken(tx, hashToken(verifyCode), 'email_verification', now());
        if (!userId) return undefined;
        const user = await usersService.update(tx, userId, { confirmed: true, confirmedAt: now() });
        await audit(tx, { action: 'account.email_verified', subjectId: userId, actorId: userId, ip: origin.ip });
        return user;
      });
      if (!confirmed) throw badRequest(INVALID_LINK);
      return toPublicUser(confirmed);
    },

    async login(input: LoginRequest, origin: RequestOrigin): Promise<SessionResponse> {
      const identifier = input.identifier.trim();
      const user =
        identifierKind(identifier) === 'email'
          ? await usersService.findByEmail(db, identifier)
          : await usersService.findByUsername(db, identifier);
      if (!user) {
        await burnPasswordCheck(input.password);
        throw badRequest(INVALID_CREDENTIALS);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await audit(db, { action: 'account.sign_in_failed', subjectId: user.id, ip: origin.ip });
        throw badRequest(INVALID_CREDENTIALS);
      }
      if (!user.confirmed) {
        throw forbidden(
          'Please verify your e-mail address before signing in. We can send you a new verification link.',
        );
      }
      const jwt = await openSession(user.id, origin);
      await audit(db, { action: 'account.signed_in', subjectId: user.id, actorId: user.id, ip: origin.ip });
      return { jwt, user: toPublicUser(user) };
    },

    /** Resolves a bearer token to its user, extending the idle window; undefined when not usable. */
    async authenticate(token: string): Promise<Authenticated | undefined> {
      if (!token || token.length > 128) return undefined;
      const at = now();
      const session = await touchActiveSession(db, hashToken(token), at, idleCutoff(at, deps.sessionPolicy));
      if (!session) return undefined;
      const user = await usersService.findById(db, session.userId);
      return user ? { user, sessionId: session.id } : undefined;
    },

    async logout(auth: Authenticated, origin: RequestOrigin): Promise<void> {
      await endSession(db, auth.sessionId, 'logout', now());
      await audit(db, { action: 'account.signed_out', subjectId: auth.user.id, actorId: auth.user.id, ip: origin.ip });
    },

    async forgotPassword(email: string): Promise<void> {
      const user = await usersService.findByEmail(db, email);
      if (user) await queue.send<MailJob>(MAIL_JOBS.passwordReset, { userId: user.id });
    },

    async resetPassword(input: ResetPasswordRequest, origin: RequestOrigin): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      const done = await db.transaction(async (tx) => {
        const userId = await consumeLinkToken(tx, hashToken(input.token), 'password_reset', now());
        if (!userId) return false;
        await usersService.update(tx, userId, { passwordHash, passwordChangedAt: now() });
        await revokeLinkTokens(tx, userId, 'password_reset', now());
        await endUserSessions(tx, userId, 'password_reset', now());
        await audit(tx, { action: 'account.password_reset', subjectId: userId, actorId: userId, ip: origin.ip });
        return true;
      });
      if (!done) throw badRequest(INVALID_LINK);
    },

    async changePassword(
      auth: Authenticated,
      input: ChangePasswordRequest,
      origin: RequestOrigin,
    ): Promise<SessionResponse> {
      if (!(await verifyPassword(auth.user.passwordHash, input.currentPassword))) {
        throw badRequest('The current password is incorrect.', { field: 'currentPassword' });
      }
      const passwordHash = await hashPassword(input.password);
      const { jwt, user } = await db.transaction(async (tx) => {
        const updated = await usersService.update(tx, auth.user.id, { passwordHash, passwordChangedAt: now() });
        if (!updated) throw unauthorized();
        await endUserSessions(tx, auth.user.id, 'password_change', now());
        const token = await openSession(auth.user.id, origin, tx);
        await audit(tx, {
          action: 'account.password_changed',
          subjectId: auth.user.id,
          actorId: auth.user.id,
          ip: origin.ip,
        });
        return { jwt: token, user: updated };
      });
      return { jwt, user: toPublicUser(user) };
    },

    /** The first operator from OPERATOR_EMAIL/OPERATOR_PASSWORD: created once, never overwritten. */
    async ensureOperator(operator: { email: string; password: string } | undefined): Promise<void> {
      if (!operator) return;
      if (await usersService.findByEmail(db, operator.email)) return;
      const base =
        (operator.email.split('@')[0] ?? 'operator').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 24) || 'operator';
      let username = base.length >= 3 ? base : 'operator';
      for (let i = 1; await usersService.findByUsername(db, username); i++) username = `${base}${i}`;
      const user = await usersService.create(db, {
        username,
        email: operator.email,
        passwordHash: await hashPassword(operator.password),
        role: 'operator',
        confirmed: true,
      });
      await audit(db, { action: 'account.operator_created', subjectId: user.id });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
