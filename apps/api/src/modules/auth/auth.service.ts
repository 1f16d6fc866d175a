import { createHash, randomUUID } from 'node:crypto';
import {
  EMAIL_VERIFICATION_TTL_MS,
  PASSWORD_RESET_TTL_MS,
  type ChangePasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type Registration,
  type ResetPasswordRequest,
  type SessionResponse,
} from '@qmgt/contracts';
import type { Database, Db, Tx } from '../../db/client.js';
import type { Outbox } from '../../platform/outbox/index.js';
import type { MailTransport } from '../../adapters/mail/index.js';
import { audit } from '../../lib/audit.js';
import { AppError, conflict, forbidden, unauthorized, unprocessable } from '../../lib/errors.js';
import { hashToken, newSecretToken } from '../../lib/secure-tokens.js';
import { toPublicUser, usersService, type UserRow } from '../users/index.js';
import {
  idleCutoff,
  identifierKind,
  linkTokenExpiry,
  rememberedSessionVerdict,
  SESSION_TOUCH_INTERVAL_MS,
  sessionExpiry,
  type SessionPolicy,
} from './auth.rules.js';
import {
  consumeLinkToken,
  linkTokenOwner,
  endSession,
  endUserSessions,
  findActiveSession,
  findLiveSession,
  insertLinkToken,
  insertSession,
  revokeLinkTokens,
  touchActiveSession,
  type LinkTokenPurpose,
} from './auth.repository.js';
import { AUTH_CHANGES_CHANNEL, createSessionCache, type SessionCacheOptions } from './session-cache.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import {
  accountLockedMail,
  emailVerificationMail,
  passwordResetMail,
  registrationAttemptMail,
  usernameTakenMail,
} from './auth.mails.js';
import type { SignInThrottle } from './sign-in-throttle.js';
import type { ThrottleDecision } from './throttle.rules.js';

/** The account mails, as outbox kinds. */
export const ACCOUNT_MAILS = {
  emailVerification: 'auth.email-verification',
  passwordReset: 'auth.password-reset',
  registrationAttempt: 'auth.registration-attempt',
  usernameTaken: 'auth.username-taken',
  accountLocked: 'auth.account-locked',
} as const;

/**
 * Only the user's id: a link's token is minted when its mail is sent, so none rests in the
 * outbox. `linkBase`: where the mail's links start, the address the request came to when it
 * may be trusted (lib/link-base.ts); absent in mails owed before it existed.
 */
interface AccountMail {
  userId: string;
  linkBase?: string;
}

/** No account behind it, so the message carries the address itself (never a token). */
interface UsernameTakenMail {
  email: string;
  username: string;
  linkBase?: string;
}

export interface AuthDeps {
  db: Db;
  outbox: Pick<Outbox, 'owe' | 'handle'>;
  mail: MailTransport;
  publicUrl: string;
  sessionPolicy: SessionPolicy;
  /** Per-account sign-in throttle over the shared store (beside the per-address rate limit). */
  throttle: SignInThrottle;
  /** How long a lock lasts, for the mail that announces it. */
  lockMinutes: number;
  /** Where session and user changes are announced (the 0006_auth_notify triggers). */
  notifications?: Pick<Database, 'listen'>;
  sessionCache?: SessionCacheOptions;
  now?: () => Date;
}

/** Who is calling, for audit and session records, and where their links should lead. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
  /** Where links mailed on this request start (lib/link-base.ts); undefined: PUBLIC_URL. */
  linkBase?: string;
}

/** Shared by every request on the session while it is cached: frozen, never to be changed. */
export interface Authenticated {
  readonly user: Readonly<UserRow>;
  readonly sessionId: string;
}

const INVALID_CREDENTIALS = 'Invalid e-mail/username or password.';
const INVALID_LINK = 'This link is invalid or has expired. Please ask for a new one.';
export const ALREADY_VERIFIED = 'Your e-mail address is already verified. You can log in.';

/**
 * Whose sign-in attempts count together: the account when there is one (whichever of its
 * e-mail or username is typed), otherwise the identifier itself, so that an unknown name is
 * throttled and locked exactly like a real one and the answers cannot tell them apart.
 */
function throttleKey(userId: string | undefined, identifier: string): string {
  if (userId) return `signin:user:${userId}`;
  return `signin:name:${createHash('sha256').update(identifier.toLowerCase()).digest('hex')}`;
}

function throttled(decision: Exclude<ThrottleDecision, { outcome: 'check' }>): AppError {
  const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  if (decision.outcome === 'locked') {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return new AppError(
      429,
      'AccountLockedError',
      `Too many failed sign-ins: this account is locked for ${minutes} minute${minutes === 1 ? '' : 's'}. ` +
        'Try again later, or reset your password to unlock it now.',
      { retryAfterSeconds: seconds },
    );
  }
  return new AppError(
    429,
    'RateLimitError',
    `Too many failed sign-ins for this account. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
    { retryAfterSeconds: seconds },
  );
}

/** Told of each new account, after it is made. */
export type RegisteredListener = (userId: string, origin: RequestOrigin) => Promise<void>;

export function createAuthService(deps: AuthDeps) {
  const { db, outbox } = deps;
  /**
   * Each request for an account mail is a mail of its own (as each was a job before), so its
   * key is new; the routes' rate limits bound how many one address can ask for.
   */
  const oweAccountMail = (tx: Db | Tx, kind: string, payload: AccountMail | UsernameTakenMail) =>
    outbox.owe(tx, { kind, key: `${kind}:${randomUUID()}`, payload: { ...payload } });
  const now = deps.now ?? (() => new Date());
  const registeredListeners: RegisteredListener[] = [];
  const sessions = createSessionCache(deps.sessionCache);
  /**
   * One database check at a time per token: a burst on a session due for its touch writes once.
   * A request joins a running check only if nothing was announced since it began.
   */
  const checking = new Map<string, { since: number; result: Promise<Authenticated | undefined> }>();
  let stopListening: (() => Promise<void>) | undefined;

  /**
   * Reads the session (and writes last_seen_at when `touch`) and the user, and remembers both.
   * `seenInProcess`: the last request served here, not yet written.
   */
  function checkSession(
    tokenHash: string,
    at: Date,
    touch: boolean,
    seenInProcess: number | undefined,
    lastWrittenAt: number | undefined,
  ): Promise<Authenticated | undefined> {
    const readSince = sessions.generation;
    const pending = checking.get(tokenHash);
    if (pending?.since === readSince) return pending.result;
    const startedAt = sessions.now();
    const check = (async () => {
      const cutoff = idleCutoff(at, deps.sessionPolicy);
      const seen = seenInProcess === undefined ? undefined : new Date(seenInProcess);
      const session = touch
        ? await touchActiveSession(db, tokenHash, at, cutoff, seen)
        : await findActiveSession(db, tokenHash, at, cutoff, seen);
      const user = session && (await usersService.findById(db, session.userId));
      if (!session || !user) {
        sessions.forget(tokenHash);
        return undefined;
      }
      const auth: Authenticated = Object.freeze({ user: Object.freeze(user), sessionId: session.id });
      const seenAt = Math.max(at.getTime(), seenInProcess ?? 0);
      sessions.store(
        tokenHash,
        {
          auth,
          expiresAt: session.expiresAt.getTime(),
          lastSeenAt: seenAt,
          // A write by another process counts too, capped at our own clock (theirs may run ahead).
          lastWrittenAt: touch
            ? at.getTime()
            : Math.min(at.getTime(), Math.max(lastWrittenAt ?? 0, session.lastSeenAt.getTime())),
        },
        readSince,
        startedAt,
      );
      return auth;
    })().finally(() => {
      if (checking.get(tokenHash)?.result === check) checking.delete(tokenHash);
    });
    checking.set(tokenHash, { since: readSince, result: check });
    return check;
  }

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

  /** Issues a link token and mails it. Runs in the outbox's sender, so the token never rests in the outbox. */
  async function mailLink(userId: string, purpose: LinkTokenPurpose, linkBase = deps.publicUrl): Promise<void> {
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
        ? emailVerificationMail(user.email, user.username, linkBase, token)
        : passwordResetMail(user.email, user.username, linkBase, token);
    await deps.mail.send(message);
  }

  /** The owner hears about a lock once, when it first happens. */
  async function announceLock(userId: string, origin: RequestOrigin): Promise<void> {
    await db.transaction(async (tx) => {
      await oweAccountMail(tx, ACCOUNT_MAILS.accountLocked, { userId, linkBase: origin.linkBase });
      await audit(tx, { action: 'account.locked', subjectId: userId, ip: origin.ip, detail: 'failed sign-ins' });
    });
  }

  return {
    /** The account mails' senders. */
    registerMails(): void {
      outbox.handle<AccountMail>(ACCOUNT_MAILS.emailVerification, (mail) =>
        mailLink(mail.userId, 'email_verification', mail.linkBase),
      );
      outbox.handle<AccountMail>(ACCOUNT_MAILS.passwordReset, (mail) =>
        mailLink(mail.userId, 'password_reset', mail.linkBase),
      );
      outbox.handle<AccountMail>(ACCOUNT_MAILS.registrationAttempt, async (mail) => {
        const user = await usersService.findById(db, mail.userId);
        if (user)
          await deps.mail.send(registrationAttemptMail(user.email, user.username, mail.linkBase ?? deps.publicUrl));
      });
      outbox.handle<UsernameTakenMail>(ACCOUNT_MAILS.usernameTaken, async (mail) => {
        await deps.mail.send(usernameTakenMail(mail.email, mail.username, mail.linkBase ?? deps.publicUrl));
      });
      outbox.handle<AccountMail>(ACCOUNT_MAILS.accountLocked, async (mail) => {
        const user = await usersService.findById(db, mail.userId);
        if (user)
          await deps.mail.send(
            accountLockedMail(user.email, user.username, mail.linkBase ?? deps.publicUrl, deps.lockMinutes),
          );
      });
    },

    /**
     * Answers alike whether or not the e-mail or username is taken (docs/decisions/002): the
     * same status, the same body, the same password-hashing work. A taken address's owner is
     * mailed about the attempt; a taken username is explained to the address that was given.
     */
    /**
     * Work another module does for each new account (the terms accepted at sign-up). A
     * listener's failure is logged, never the sign-up's: the account exists either way, and
     * what the listener records can be asked for again later.
     */
    onRegistered(listener: RegisteredListener): void {
      registeredListeners.push(listener);
    },

    async register(input: RegisterRequest, origin: RequestOrigin): Promise<Registration> {
      let uplineId: string | undefined;
      if (input.ref) {
        const upline = await usersService.findByRefCode(db, input.ref);
        if (!upline)
          throw unprocessable('This referral code does not exist. Check it, or sign up without one.', { field: 'ref' });
        uplineId = upline.id;
      }
      const passwordHash = await hashPassword(input.password);
      const receipt = (id: string): Registration => ({
        id,
        username: input.username,
        email: input.email,
        confirmed: false,
      });
      let [byEmail, byUsername] = await Promise.all([
        usersService.findByEmail(db, input.email),
        usersService.findByUsername(db, input.username),
      ]);
      if (!byEmail && !byUsername) {
        try {
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
          for (const listener of registeredListeners)
            await listener(user.id, origin).catch((error: unknown) => console.error('after sign-up:', error));
          return receipt(user.id);
        } catch (error) {
          // Another sign-up took the address or name between the look-up and the insert.
          if (!(error instanceof AppError) || error.status !== 409) throw error;
          [byEmail, byUsername] = await Promise.all([
            usersService.findByEmail(db, input.email),
            usersService.findByUsername(db, input.username),
          ]);
        }
      }
      const refused = { byEmail, byUsername };
      await db.transaction(async (tx) => {
        const linkBase = origin.linkBase;
        if (refused.byEmail)
          await oweAccountMail(tx, ACCOUNT_MAILS.registrationAttempt, { userId: refused.byEmail.id, linkBase });
        else
          await oweAccountMail(tx, ACCOUNT_MAILS.usernameTaken, {
            email: input.email,
            username: input.username,
            linkBase,
          });
        await audit(tx, {
          action: 'account.registration_refused',
          subjectId: refused.byEmail?.id ?? refused.byUsername?.id ?? null,
          ip: origin.ip,
          detail: refused.byEmail ? 'e-mail taken' : 'username taken',
        });
      });
      // A made-up id, indistinguishable from a new account's: the caller learns nothing here.
      return receipt(randomUUID());
    },

    /** Answers alike whether or not the address exists or is confirmed: nothing to enumerate. */
    async sendEmailVerification(email: string, origin?: RequestOrigin): Promise<void> {
      const user = await usersService.findByEmail(db, email);
      if (user && !user.confirmed)
        await oweAccountMail(db, ACCOUNT_MAILS.emailVerification, { userId: user.id, linkBase: origin?.linkBase });
    },

    /**
     * Confirms the address and signs its owner in (issue 23): the single-use link proves the
     * mailbox as a password reset does, and the newcomer goes on to KYC without typing the
     * password again. The session is opened and audited in the token's own transaction, so a
     * spent token never leaves a half-done sign-in, and a second click gets no session.
     */
    async verifyEmail(verifyCode: string, origin: RequestOrigin): Promise<SessionResponse> {
      const confirmed = await db.transaction(async (tx) => {
        const userId = await consumeLinkToken(tx, hashToken(verifyCode), 'email_verification', now());
        if (!userId) return undefined;
        const user = await usersService.update(tx, userId, { confirmed: true, confirmedAt: now() });
        if (!user) return undefined;
        await audit(tx, { action: 'account.email_verified', subjectId: userId, actorId: userId, ip: origin.ip });
        const jwt = await openSession(userId, origin, tx);
        await audit(tx, {
          action: 'account.signed_in',
          subjectId: userId,
          actorId: userId,
          ip: origin.ip,
          detail: 'e-mail verification link',
        });
        return { jwt, user };
      });
      if (!confirmed) {
        // A link opened again (a second click, a mail client's preview) belongs to an account
        // that is verified: say so, not "invalid". Only the link's holder learns it.
        const owner = await linkTokenOwner(db, hashToken(verifyCode), 'email_verification');
        const user = owner ? await usersService.findById(db, owner) : undefined;
        if (user?.confirmed) throw conflict(ALREADY_VERIFIED);
        throw unprocessable(INVALID_LINK);
      }
      return { jwt: confirmed.jwt, user: toPublicUser(confirmed.user) };
    },

    async login(input: LoginRequest, origin: RequestOrigin): Promise<SessionResponse> {
      const identifier = input.identifier.trim();
      const user =
        identifierKind(identifier) === 'email'
          ? await usersService.findByEmail(db, identifier)
          : await usersService.findByUsername(db, identifier);
      // Counted before the password is checked, so parallel guesses cannot outrun the count.
      const key = throttleKey(user?.id, identifier);
      const decision = await deps.throttle.attempt(key);
      if (decision.outcome !== 'check') {
        if (decision.lockedNow && user) await announceLock(user.id, origin);
        throw throttled(decision);
      }
      if (!user) {
        await burnPasswordCheck(input.password);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await audit(db, { action: 'account.sign_in_failed', subjectId: user.id, ip: origin.ip });
        if (decision.locksOnFailure) await announceLock(user.id, origin);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      await deps.throttle.forgive(key);
      if (!user.confirmed) {
        throw forbidden(
          'Please verify your e-mail address before signing in. We can send you a new verification link.',
        );
      }
      const jwt = await openSession(user.id, origin);
      await audit(db, { action: 'account.signed_in', subjectId: user.id, actorId: user.id, ip: origin.ip });
      return { jwt, user: toPublicUser(user) };
    },

    /**
     * Whether a session is still usable (not ended, not expired, not idle), without touching
     * it: tokens minted under a session (KYC hand-off, sandbox SDK) end with it. Ending is
     * exact; the idle limit allows the minute by which last_seen_at may lag (decision 006).
     */
    async isSessionLive(sessionId: string): Promise<boolean> {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId)) return false;
      const at = now();
      const cutoff = new Date(idleCutoff(at, deps.sessionPolicy).getTime() - SESSION_TOUCH_INTERVAL_MS);
      return Boolean(await findLiveSession(db, sessionId, at, cutoff));
    },

    /**
     * Resolves a bearer token to its user, extending the idle window; undefined when not usable.
     * A session this process checked recently is answered from memory; the database is asked
     * when its once-a-minute touch is due, when it looks idle here, and whenever a change may
     * have been missed (docs/decisions/006-session-cache.md).
     */
    async authenticate(token: string): Promise<Authenticated | undefined> {
      if (!token || token.length > 128) return undefined;
      const tokenHash = hashToken(token);
      const at = now();
      const found = sessions.lookup(tokenHash);
      if (!found) return checkSession(tokenHash, at, true, undefined, undefined);
      const { session, trusted } = found;
      const verdict = rememberedSessionVerdict(session, at.getTime(), deps.sessionPolicy);
      if (verdict === 'refuse') {
        sessions.forget(tokenHash);
        return undefined;
      }
      if (verdict === 'use' && trusted) {
        if (at.getTime() > session.lastSeenAt) session.lastSeenAt = at.getTime();
        return session.auth;
      }
      return checkSession(tokenHash, at, verdict === 'touch', session.lastSeenAt, session.lastWrittenAt);
    },

    /** Starts following session and user changes; until then, and without a listener, the cache trusts for a second only. */
    async start(): Promise<void> {
      if (!deps.notifications || stopListening) return;
      stopListening = await deps.notifications.listen(AUTH_CHANGES_CHANNEL, sessions.handlers);
    },

    async stop(): Promise<void> {
      await stopListening?.();
      stopListening = undefined;
    },

    async logout(auth: Authenticated, origin: RequestOrigin): Promise<void> {
      await endSession(db, auth.sessionId, 'logout', now());
      // The trigger announces it to every process; this one need not wait for the echo.
      sessions.forgetSession(auth.sessionId);
      await audit(db, { action: 'account.signed_out', subjectId: auth.user.id, actorId: auth.user.id, ip: origin.ip });
    },

    async forgotPassword(email: string, origin?: RequestOrigin): Promise<void> {
      const user = await usersService.findByEmail(db, email);
      if (user) await oweAccountMail(db, ACCOUNT_MAILS.passwordReset, { userId: user.id, linkBase: origin?.linkBase });
    },

    async resetPassword(input: ResetPasswordRequest, origin: RequestOrigin): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      const done = await db.transaction(async (tx) => {
        const userId = await consumeLinkToken(tx, hashToken(input.token), 'password_reset', now());
        if (!userId) return undefined;
        await usersService.update(tx, userId, { passwordHash, passwordChangedAt: now() });
        await revokeLinkTokens(tx, userId, 'password_reset', now());
        await endUserSessions(tx, userId, 'password_reset', now());
        await audit(tx, { action: 'account.password_reset', subjectId: userId, actorId: userId, ip: origin.ip });
        return userId;
      });
      if (!done) throw unprocessable(INVALID_LINK);
      sessions.forgetUser(done);
      // Proving ownership of the mailbox lifts a sign-in lock: the owner is never locked out.
      await deps.throttle.forgive(throttleKey(done, ''));
    },

    async changePassword(
      auth: Authenticated,
      input: ChangePasswordRequest,
      origin: RequestOrigin,
    ): Promise<SessionResponse> {
      if (!(await verifyPassword(auth.user.passwordHash, input.currentPassword))) {
        throw unprocessable('The current password is incorrect.', { field: 'currentPassword' });
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
      sessions.forgetUser(auth.user.id);
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
      let user: UserRow;
      try {
        user = await usersService.create(db, {
          username,
          email: operator.email,
          passwordHash: await hashPassword(operator.password),
          role: 'operator',
          confirmed: true,
        });
      } catch (error) {
        // Two processes starting at once on a fresh database: the other one created it first.
        if (await usersService.findByEmail(db, operator.email)) return;
        throw error;
      }
      await audit(db, { action: 'account.operator_created', subjectId: user.id });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
