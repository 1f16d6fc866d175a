import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  CONTROL_CHARACTER_MESSAGE,
  LONE_SURROGATE_MESSAGE,
  findForbiddenText,
  text,
  unsafeTextReason,
} from './text.js';
import { emailSchema, loginRequestSchema, passwordSchema, registerRequestSchema } from './auth.js';
import { devKycReviewRequestSchema, kycDraftSchema, operatorReviewRequestSchema } from './kyc.js';
import { decimalStringSchema } from './money.js';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('request text', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', 'a\u0007b'],
    ['escape', '\u001b[31mred'],
    ['DEL', 'a\u007fb'],
    ['tab', 'a\tb'],
    ['line feed', 'a\nb'],
    ['carriage return', 'a\rb'],
  ])('a single-line field refuses %s with a clear message', (_label, value) => {
    expect(firstMessage(text(50), value)).toBe(CONTROL_CHARACTER_MESSAGE);
  });

  it('a multi-line field takes tab and line breaks but still refuses NUL and escape codes', () => {
    const comment = text(50, { multiline: true });
    expect(comment.parse('line one\nline two\r\n\tindented')).toBe('line one\nline two\r\n\tindented');
    expect(firstMessage(comment, 'a\u0000b')).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(firstMessage(comment, '\u001b[2J')).toBe(CONTROL_CHARACTER_MESSAGE);
  });

  it('refuses lone surrogates and keeps real astral characters', () => {
    expect(firstMessage(text(50), 'a\ud800b')).toBe(LONE_SURROGATE_MESSAGE);
    expect(firstMessage(text(50), '\udc00')).toBe(LONE_SURROGATE_MESSAGE);
    expect(text(50).parse('gold 🪙 Zoë 金')).toBe('gold 🪙 Zoë 金');
  });

  it('bounds the length as sent (what the OpenAPI maxLength says), then trims; never trims when told not to', () => {
    expect(text(5).parse(' abc ')).toBe('abc');
    expect(firstMessage(text(3), 'abcd')).toBe('At most 3 characters');
    // Found by schemathesis: 81 characters of which one leading space once passed maxLength 80.
    expect(firstMessage(text(3), ' abc')).toBe('At most 3 characters');
    // Characters, not UTF-16 units: JSON Schema's maxLength counts code points, and so does the check.
    expect(text(3).parse('🪙🪙🪙')).toBe('🪙🪙🪙');
    expect(text(10, { trim: false }).parse(' pw ')).toBe(' pw ');
  });

  it('is in every request schema: the first issue names the control character', () => {
    expect(firstMessage(loginRequestSchema, { identifier: 'a\u0000b', password: 'x' })).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(firstMessage(emailSchema, 'a\u0000@example.com')).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(firstMessage(passwordSchema, 'long enough\u0000')).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(
      firstMessage(registerRequestSchema, { username: 'ab\u0000c', email: 'a@b.co', password: 'long enough' }),
    ).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(firstMessage(kycDraftSchema, { firstName: 'Ann\u0000' })).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(firstMessage(decimalStringSchema, '1\u0000')).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(firstMessage(operatorReviewRequestSchema, { reviewAnswer: 'GREEN', moderationComment: 'ok\u0000' })).toBe(
      CONTROL_CHARACTER_MESSAGE,
    );
  });

  it('a password set before the single-line rule still signs in', () => {
    expect(loginRequestSchema.parse({ identifier: 'ann', password: 'tab\there' }).password).toBe('tab\there');
  });

  it('the dev reviewer names a user by id only', () => {
    expect(firstMessage(devKycReviewRequestSchema, { userId: 'not-a-uuid', reviewAnswer: 'GREEN' })).toBe(
      'userId must be a user id (a UUID)',
    );
  });

  it('the pattern reaches the JSON schema, so the OpenAPI document shows it', () => {
    const json = JSON.stringify(z.toJSONSchema(text(10)));
    expect(json).toContain('"maxLength":10');
    expect(json).toContain('pattern');
  });

  it('accepts any string free of controls and lone surrogates', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (value) => {
        // eslint-disable-next-line no-control-regex -- the property is about control characters
        fc.pre(!/[\u0000-\u001f\u007f]/.test(value));
        expect(unsafeTextReason(value)).toBeUndefined();
        expect(text(1000, { trim: false }).parse(value)).toBe(value);
      }),
    );
  });
});

describe('findForbiddenText', () => {
  it('finds the first forbidden string anywhere in parsed input, keys included', () => {
    expect(findForbiddenText({ a: 'ok', b: ['fine', { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(findForbiddenText({ ['k\u0001']: 'v' })).toBe('k\u0001');
    expect(findForbiddenText('\ud800', 'code')).toBe('code');
    expect(findForbiddenText({ note: 'two\nlines\tand a tab' })).toBeUndefined();
    expect(findForbiddenText(Buffer.from([0]))).toBeUndefined();
    expect(findForbiddenText(undefined)).toBeUndefined();
    // A parsed query string has no ordinary prototype; it is searched all the same.
    const query = Object.create(Object.create(null)) as Record<string, string>;
    query.to = '\u0000';
    expect(findForbiddenText(query)).toBe('to');
  });
});
