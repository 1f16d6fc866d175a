import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A bearer or link token: 256 random bits, base64url (43 characters). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored by their SHA-256 only: a leaked table yields nothing usable. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The public user id: 128 random bits, hex. */
export function newUserHash(): string {
  return randomBytes(16).toString('hex');
}

/* No 0/O or 1/I: referral codes are read aloud and typed from paper. */
const REF_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REF_CODE_LENGTH = 8;

export function newRefCode(): string {
  let code = '';
  for (let i = 0; i < REF_CODE_LENGTH; i++) code += REF_CODE_ALPHABET[randomInt(REF_CODE_ALPHABET.length)];
  return code;
}
