import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encryption of sensitive fields at rest (bank account numbers): AES-256-GCM with a key
 * derived from the app secret, a fresh 12-byte nonce per value, stored as
 * `v1.<nonce>.<tag>.<ciphertext>` (base64url). A tampered value fails to decrypt.
 */
export function createFieldCipher(appSecret: string) {
  const key = createHash('sha256').update(`qmgt-field-encryption-v1\0${appSecret}`).digest();
  return {
    encrypt(plain: string): string {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(stored: string): string {
      const [version, nonce, tag, body] = stored.split('.');
      if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('not an encrypted field');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type FieldCipher = ReturnType<typeof createFieldCipher>;
