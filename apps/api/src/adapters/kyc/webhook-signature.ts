import { createHmac, timingSafeEqual } from 'node:crypto';

/** X-Payload-Digest-Alg values Sumsub sends, and the HMAC each names. */
export const DIGEST_ALGORITHMS = {
  HMAC_SHA1_HEX: 'sha1',
  HMAC_SHA256_HEX: 'sha256',
  HMAC_SHA512_HEX: 'sha512',
} as const;
export type DigestAlgorithm = keyof typeof DIGEST_ALGORITHMS;

export function payloadDigest(
  rawBody: Buffer | string,
  secret: string,
  alg: DigestAlgorithm = 'HMAC_SHA256_HEX',
): string {
  return createHmac(DIGEST_ALGORITHMS[alg], secret).update(rawBody).digest('hex');
}

/**
 * Checks X-Payload-Digest over the exact bytes received (never a re-serialised body) with a
 * constant-time compare. A missing or unknown algorithm fails.
 */
export function verifyPayloadDigest(
  rawBody: Buffer,
  secret: string,
  digest: string | undefined,
  alg: string | undefined,
): boolean {
  if (!digest || !alg || !(alg in DIGEST_ALGORITHMS)) return false;
  if (!/^[0-9a-f]+$/i.test(digest)) return false;
  const expected = Buffer.from(payloadDigest(rawBody, secret, alg as DigestAlgorithm), 'hex');
  const given = Buffer.from(digest.toLowerCase(), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
