/**
 * Request signing (decision recorded in docs/platform.md §Request signature).
 *
 * Every /api request carries three headers: x-ts (milliseconds since the epoch), x-nonce
 * (16+ random hex or base64url chars) and x-sign (lowercase hex HMAC-SHA256). The signed text is
 *
 *   METHOD \n PATH_WITH_QUERY \n TIMESTAMP \n NONCE \n SHA256_HEX(BODY)
 *
 * PATH_WITH_QUERY is the request target exactly as sent (path plus "?query" for GET), BODY the raw
 * request body bytes ("" when none). The key is public to any browser that loads the site, so the
 * signature is not authentication: it proves the request was not altered in transit by a proxy
 * or replayed from a log. The Authorization token authenticates; the nonce store refuses replays.
 *
 * WebCrypto is used so the very same code runs in the browser and in Node.
 */
export const SIGN_HEADERS = { timestamp: 'x-ts', nonce: 'x-nonce', signature: 'x-sign' } as const;
/** Accepted clock skew either way. Nonces are remembered at least this long. */
export const SIGN_WINDOW_MS = 5 * 60 * 1000;

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  return toHex(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
}

export async function canonicalRequest(parts: {
  method: string;
  pathWithQuery: string;
  timestampMs: number;
  nonce: string;
  body: string | Uint8Array;
}): Promise<string> {
  const bodyHash = await sha256Hex(parts.body);
  return [parts.method.toUpperCase(), parts.pathWithQuery, String(parts.timestampMs), parts.nonce, bodyHash].join('\n');
}

const keyCache = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keyCache.set(secret, key);
  }
  return key;
}

export async function hmacHex(secret: string, text: string): Promise<string> {
  return toHex(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(text)));
}

export function randomNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Produces the three headers for one request. */
export async function signRequest(
  secret: string,
  req: { method: string; pathWithQuery: string; body: string | Uint8Array },
  nowMs: number,
  nonce: string = randomNonce(),
): Promise<Record<string, string>> {
  const text = await canonicalRequest({ ...req, timestampMs: nowMs, nonce });
  return {
    [SIGN_HEADERS.timestamp]: String(nowMs),
    [SIGN_HEADERS.nonce]: nonce,
    [SIGN_HEADERS.signature]: await hmacHex(secret, text),
  };
}
