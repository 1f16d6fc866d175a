import { describe, expect, it } from 'vitest';
import { createFieldCipher } from './field-cipher.js';

describe('field cipher', () => {
  it('round-trips, never stores the plain text, and refuses a tampered value or another key', () => {
    const cipher = createFieldCipher('secret-a');
    const stored = cipher.encrypt('DE89370400440532013000');
    expect(stored).not.toContain('DE8937');
    expect(cipher.encrypt('DE89370400440532013000')).not.toBe(stored);
    expect(cipher.decrypt(stored)).toBe('DE89370400440532013000');
    const parts = stored.split('.');
    parts[3] = `${parts[3]!.slice(0, -2)}AA`;
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
    expect(() => createFieldCipher('secret-b').decrypt(stored)).toThrow();
  });
});
