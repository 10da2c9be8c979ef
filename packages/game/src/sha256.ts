/**
 * SHA-256 and HMAC-SHA256 for provably fair rolls, from @noble/hashes (audited, no dependencies,
 * synchronous in Node and in the browser). The server and the browser's verifier page run this
 * same code: node:crypto is missing in the browser, and WebCrypto is asynchronous and absent on
 * plain-http origins. Strings are hashed as their UTF-8 bytes.
 */
import { type _HMAC, hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const bytesOf = (data: string | Uint8Array) => (typeof data === 'string' ? utf8ToBytes(data) : data);

/** The SHA-256 digest (32 bytes) of `data`. */
export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(data);
}

/** Lowercase hex SHA-256 of `data`; a string is hashed as its UTF-8 bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return bytesToHex(nobleSha256(bytesOf(data)));
}

// A server rolls many times with one server seed (a box opening of 10, a test of a million), so
// the keyed HMAC of the last string key is kept, and each message starts from a copy of it made
// into one reused instance (_cloneInto): the key's two blocks are hashed once, not once per roll,
// and nothing is allocated per roll (a fresh clone() per roll made a roll about four times slower).
// Only string keys: strings are immutable, so the cache can never serve the state of a key that
// has changed since. Synchronous and single-threaded, so the scratch instance is never shared.
let cachedKey: string | undefined;
// biome-ignore lint/suspicious/noExplicitAny: noble types a keyed HMAC of any hash as _HMAC<any>.
type KeyedMac = _HMAC<any>;
let cachedMac: KeyedMac | undefined;
let scratch: KeyedMac | undefined;

/** HMAC-SHA256 (RFC 2104) of `msg` under `key` (32 bytes); strings are taken as UTF-8. */
export function hmacSha256(key: string | Uint8Array, msg: string | Uint8Array): Uint8Array {
  if (typeof key !== 'string') return hmac(nobleSha256, key, bytesOf(msg));
  if (key !== cachedKey || cachedMac === undefined) {
    cachedMac = hmac.create(nobleSha256, utf8ToBytes(key));
    cachedKey = key;
  }
  const mac = cachedMac._cloneInto(scratch);
  scratch = mac;
  return mac.update(bytesOf(msg)).digest();
}

/** Lowercase hex HMAC-SHA256 of `msg` under `key`. */
export function hmacSha256Hex(key: string | Uint8Array, msg: string | Uint8Array): string {
  return bytesToHex(hmacSha256(key, msg));
}

/** Lowercase hex, two digits per byte. */
export function toHex(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}
