import { describe, expect, it } from 'vitest';
import {
  newRecoveryCode,
  newTotpSecret,
  recoveryCodeHash,
  sealSecret,
  TOTP_PERIOD_MS,
  totpCode,
  totpStep,
  unsealSecret,
} from './totp.ts';

describe('the console second factor', () => {
  const at = Date.UTC(2026, 10, 28, 6, 0, 0);

  it('matches the RFC 6238 test vector (SHA-1, 59 s → 94287082, 6 digits: 287082)', () => {
    // RFC 6238 appendix B: the ASCII secret "12345678901234567890".
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpStep(secret, '287082', 59_000)).toBe(1);
  });

  it('takes the previous, current and next step and no other', () => {
    const secret = newTotpSecret();
    const step = Math.floor(at / TOTP_PERIOD_MS);
    for (const d of [-1, 0, 1]) expect(totpStep(secret, totpCode(secret, at + d * TOTP_PERIOD_MS), at)).toBe(step + d);
    expect(totpStep(secret, totpCode(secret, at - 2 * TOTP_PERIOD_MS), at)).toBeNull();
    expect(totpStep(secret, totpCode(secret, at + 2 * TOTP_PERIOD_MS), at)).toBeNull();
    expect(totpStep(secret, ' 12345', at)).toBeNull();
    expect(totpStep(secret, '1234567', at)).toBeNull();
  });

  it('seals a secret so that only the same key opens it', () => {
    const secret = newTotpSecret();
    const sealed = sealSecret(secret, 'k'.repeat(40));
    expect(sealed).not.toContain(secret);
    expect(sealSecret(secret, 'k'.repeat(40))).not.toBe(sealed); // a fresh nonce each time
    expect(unsealSecret(sealed, 'k'.repeat(40))).toBe(secret);
    expect(() => unsealSecret(sealed, 'x'.repeat(40))).toThrow();
    // One bit of the ciphertext flipped (rewriting base64 characters may decode to the same bytes).
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => unsealSecret(`v1.${raw.toString('base64url')}`, 'k'.repeat(40))).toThrow();
  });

  it('makes readable recovery codes, hashed whatever their case, spaces and dashes', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const c of codes) expect(c).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(codes.length);
    const c = codes[0] ?? '';
    expect(recoveryCodeHash(c.toUpperCase().replace('-', ' '))).toBe(recoveryCodeHash(c));
    expect(recoveryCodeHash(c)).not.toBe(recoveryCodeHash(codes[1] ?? ''));
  });
});
