import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ROLL_PASSWORD_MAX } from '@kaixiang/game/roll';

/**
 * Room passwords. An owner posts theirs in a stream for fans to type: a gate, not an account's
 * secret, checked on every join — so a keyed hash rather than a slow one: HMAC-SHA256 under a key
 * the database does not hold (derived from ID_HASH_SECRET), with a salt per room. A copy of the
 * database alone does not give the passwords away; a join costs microseconds, not the tens of
 * milliseconds a password KDF would take thousands of times when a popular room fills.
 */

/** 1..ROLL_PASSWORD_MAX characters, none of them a space or an invisible one. */
export function passwordValid(password: string): boolean {
  return /^[^\s\p{C}]+$/u.test(password) && [...password].length <= ROLL_PASSWORD_MAX;
}

/** The key room passwords are hashed under, derived from a server secret. */
export function passwordKey(secret: string): string {
  return createHmac('sha256', secret).update('kaixiang:roll-room-password').digest('hex');
}

const digest = (key: string, salt: string, password: string) =>
  createHmac('sha256', key).update(`${salt}:${password}`).digest();

/** What the room stores: "<salt hex>:<digest hex>". */
export function hashPassword(key: string, password: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${digest(key, salt, password).toString('hex')}`;
}

/** Compares in constant time (the digests are always 32 bytes). */
export function passwordMatches(key: string, stored: string, password: string): boolean {
  const [salt, hex] = stored.split(':');
  if (!salt || !hex || hex.length !== 64) return false;
  return timingSafeEqual(digest(key, salt, password), Buffer.from(hex, 'hex'));
}
