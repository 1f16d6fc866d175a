import { SignJWT, jwtVerify } from 'jose';

/** What a verified token says: whom it is for, and the session that minted it. */
export interface TokenClaims {
  subject: string;
  sessionId: string;
}

/**
 * Short-lived signed tokens (HS256) for a fixed audience: the sandbox SDK token and the KYC
 * hand-off. Each carries the session that minted it (`sid`), so the caller can refuse it once
 * that session has ended (logout, password change or reset, idle, expiry) even before it expires.
 */
export function createTokenSigner(secret: string, audience: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(subject: string, sessionId: string): Promise<{ token: string; expiresAt: Date }> {
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    /** The claims of a valid, unexpired token for this audience; undefined otherwise (a token without a session too). */
    async verify(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { audience, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
        return { subject: payload.sub, sessionId: payload.sid };
      } catch {
        return undefined;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
