import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane): about 20–40 ms per hash here,
 * enough to make offline guessing of a leaked table slow while a login stays quick.
 */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(clientHash: string): Promise<string> {
  return hash(clientHash, ARGON2);
}

export async function verifyPassword(stored: string, clientHash: string): Promise<boolean> {
  try {
    return await verify(stored, clientHash);
  } catch {
    return false;
  }
}

/**
 * Verified against when the account does not exist, so "unknown phone" costs as long as "wrong
 * password" and the timing tells nothing. Computed once, lazily.
 */
let dummy: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(32).toString('hex'));
  return dummy;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

/** An opaque token for a client: 32 random bytes, base64url. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** n decimal digits from the CSPRNG, leading zeros kept. */
export function randomDigits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String(randomInt(10));
  return s;
}

/** Uppercase letters and digits without look-alikes (0/O, 1/I/L) for codes people type. */
const READABLE = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function randomReadable(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += READABLE[randomInt(READABLE.length)];
  return s;
}
