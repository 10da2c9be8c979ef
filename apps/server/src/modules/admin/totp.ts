import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * The console's second factor (RFC 6238 through the maintained `otpauth` package): 6 digits,
 * 30 s steps, SHA-1, the parameters every authenticator app assumes. Pure functions; the
 * routes (console-auth.ts) keep the state.
 */
export const TOTP_PERIOD_MS = 30_000;
const DIGITS = 6;
const ISSUER = 'Kaixiang';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secretBase32: string, label: string): string {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secretBase32), digits: DIGITS }).toString();
}

/** The code an authenticator shows at `atMs` (tests, and the sandbox's own checks). */
export function totpCode(secretBase32: string, atMs: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secretBase32), digits: DIGITS, timestamp: atMs });
}

/**
 * The 30 s step a code was made for, when it is one of the previous, current or next step's
 * codes (a phone's clock may be a few seconds off), else null. The caller accepts a step only
 * once: one above the last it accepted.
 */
export function totpStep(secretBase32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    digits: DIGITS,
    timestamp: nowMs,
    window: 1,
  });
  return delta === null ? null : Math.floor(nowMs / TOTP_PERIOD_MS) + delta;
}

/** Recovery codes: 10 letters and digits a person can read aloud (no 0/o, 1/l/i), `xxxxx-xxxxx`. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** What is stored of a recovery code: a hash of it with case, spaces and dashes ignored. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

/**
 * Secrets at rest are sealed with AES-256-GCM under a key derived from STAFF_TOTP_KEY: the
 * database alone does not let anyone mint codes. `v1.` names the scheme for a later rotation.
 */
function keyOf(secretKey: string): Buffer {
  return createHash('sha256').update(`kaixiang-staff-totp:${secretKey}`).digest();
}

export function sealSecret(plain: string, secretKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function unsealSecret(sealed: string, secretKey: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('unknown sealed secret scheme');
  const raw = Buffer.from(sealed.slice(3), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
