import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Access tokens: `base64url(JSON payload) "." base64url(HMAC-SHA256)`. Stateless to verify, so the
 * socket and every API call check them without a database round trip; the accounts module pairs
 * them with a session row so logout and bans revoke (it checks `sid` against its sessions).
 */
export interface AccessClaims {
  userId: number;
  sessionId: string;
  expiresAtMs: number;
}

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`kx-access.${body}`).digest();
}

export function signAccessToken(claims: AccessClaims, secret: string): string {
  const body = Buffer.from(JSON.stringify({ u: claims.userId, s: claims.sessionId, e: claims.expiresAtMs })).toString(
    'base64url',
  );
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

export function verifyAccessToken(token: string, secret: string, nowMs: number): AccessClaims | null {
  if (token.length > 512) return null;
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { u: unknown; s: unknown; e: unknown };
    if (!Number.isSafeInteger(p.u) || typeof p.s !== 'string' || !Number.isSafeInteger(p.e)) return null;
    if ((p.e as number) <= nowMs) return null;
    return { userId: p.u as number, sessionId: p.s, expiresAtMs: p.e as number };
  } catch {
    return null;
  }
}
