import { SignJWT, jwtVerify } from 'jose';

/** Short-lived signed tokens (HS256) for a fixed audience: the sandbox SDK token and the KYC hand-off. */
export function createTokenSigner(secret: string, audience: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(subject: string): Promise<{ token: string; expiresAt: Date }> {
      const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    /** The subject of a valid, unexpired token for this audience; undefined otherwise. */
    async verify(token: string): Promise<string | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { audience, algorithms: ['HS256'] });
        return typeof payload.sub === 'string' ? payload.sub : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
