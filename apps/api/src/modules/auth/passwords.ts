import { hash, verify } from '@node-rs/argon2';

/*
 * argon2id at OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane (about 13 ms here).
 * The numeric algorithm id is used because the package's enum is a `const enum`, which
 * isolated modules cannot inline: 2 is Argon2id.
 */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Verifies against a throw-away hash so that an unknown identifier costs the same time as a
 * wrong password: sign-in does not reveal which accounts exist.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  await verifyPassword(await dummyHash, password);
}
