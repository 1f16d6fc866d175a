import { describe, expect, it } from 'vitest';
import { isGuessablePassword, WEAK_PASSWORD_MESSAGE } from './password-strength.js';
import { changePasswordRequestSchema, passwordSchema, registerRequestSchema } from './auth.js';

const messages = (value: string) => {
  const result = passwordSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('guessable passwords', () => {
  it.each([
    ['a common password', 'password'],
    ['a common password with a digit (issue 23)', 'password1'],
    ['capitals, digits and a symbol around a common stem', 'Password123!'],
    ['look-alike digits', 'P@ssw0rd'],
    ['look-alike digits and a trailing digit', 'p@ssw0rd1'],
    ['a common stem said twice', 'qwertyqwerty'],
    ['digits in order', '12345678'],
    ['digits backwards', '87654321'],
    ['the alphabet in order with a digit', 'abcdefgh1'],
    ['a keyboard row', 'qwertyuiop'],
    ['a keyboard row backwards with a symbol', 'poiuytrewq!'],
    ['one character repeated', 'aaaaaaaa'],
    ['a short unit repeated', '19901990'],
    ['another common stem with digits in front', '2024iloveyou'],
    ['the product name with digits', 'QMGT2024'],
  ])('refuses %s (%s)', (_label, password) => {
    expect(isGuessablePassword(password)).toBe(true);
  });

  it.each([
    ['a passphrase of plain words', 'correct horse battery staple'],
    ['words joined with dashes and a digit', 'correct-horse-9'],
    ['a common word inside a longer phrase', 'my new password'],
    ['letters and digits with no pattern', 'v7k2m9qx'],
    ['a made-up word with digits', 'Gold-x1y2-pass'],
  ])('accepts %s (%s)', (_label, password) => {
    expect(isGuessablePassword(password)).toBe(false);
  });
});

describe('the shared new-password schema', () => {
  it('refuses a guessable password with the clear message', () => {
    expect(messages('password1')).toEqual([WEAK_PASSWORD_MESSAGE]);
  });

  it('tells a too-short password only about its length', () => {
    expect(messages('abc1')).toEqual(['Password must be at least 8 characters']);
  });

  it('applies to sign-up and to a changed password alike', () => {
    const signUp = registerRequestSchema.safeParse({ username: 'newcomer', email: 'a@b.co', password: 'password1' });
    expect(signUp.success).toBe(false);
    const change = changePasswordRequestSchema.safeParse({
      currentPassword: 'an old secret 7',
      password: 'Qwerty123',
      passwordConfirmation: 'Qwerty123',
    });
    expect(change.error?.issues.map((i) => i.message)).toContain(WEAK_PASSWORD_MESSAGE);
  });

  it('accepts a strong password', () => {
    expect(messages('a strong password')).toEqual([]);
  });
});
