import { describe, expect, it } from 'vitest';
import { hashPassword, passwordKey, passwordMatches, passwordValid } from './roll.password.ts';

describe('room passwords', () => {
  const key = passwordKey('a-server-secret-of-some-length-0123456789');

  it('match only the password they were made from, under the same key', () => {
    const stored = hashPassword(key, '8888');
    expect(stored).not.toContain('8888');
    expect(passwordMatches(key, stored, '8888')).toBe(true);
    expect(passwordMatches(key, stored, '8889')).toBe(false);
    expect(passwordMatches(key, stored, '')).toBe(false);
    expect(passwordMatches(passwordKey('another-secret-of-some-length-0123456789'), stored, '8888')).toBe(false);
    expect(passwordMatches(key, 'garbage', '8888')).toBe(false);
  });

  it('salts each room: the same password stores differently', () => {
    expect(hashPassword(key, 'abc')).not.toBe(hashPassword(key, 'abc'));
  });

  it('takes 1 to 16 visible characters, Chinese included', () => {
    expect(passwordValid('主播666')).toBe(true);
    expect(passwordValid('x'.repeat(16))).toBe(true);
    expect(passwordValid('x'.repeat(17))).toBe(false);
    expect(passwordValid('')).toBe(false);
    expect(passwordValid('a b')).toBe(false);
    expect(passwordValid('ab\u200b')).toBe(false);
  });
});
