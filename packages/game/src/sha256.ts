/**
 * SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104) in plain synchronous TypeScript.
 *
 * Why not node:crypto or WebCrypto: this package runs on the server and in the browser's verifier
 * page, and a roll must be recomputed by the very same code in both. node:crypto does not exist in
 * the browser, and WebCrypto's `subtle` is asynchronous and absent on plain-http origins, which
 * would make every game rule that rolls asynchronous. The tests compare this code with node:crypto.
 *
 * Speed matters because the fairness tests roll a million boxes: the message schedule and padding
 * buffers are allocated once per module (JavaScript is single-threaded and nothing here yields),
 * and the HMAC key's padded inner/outer states are computed once per key and reused.
 */

// 32-bit words live in Int32Arrays and are combined with `| 0`: V8 keeps int32 values unboxed,
// while a Uint32 word of 2^31 or more becomes a heap double, which made hashing a third slower.
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const INITIAL_STATE = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

const BLOCK_BYTES = 64;
const DIGEST_BYTES = 32;

// Scratch space shared by every call; see the header for why that is safe.
const schedule = new Int32Array(64);
/** The last one or two blocks of a message, with its padding and bit length. */
const tail = new Uint8Array(2 * BLOCK_BYTES);
const tailView = new DataView(tail.buffer);
/** The working state of the hash being computed. */
const state = new Int32Array(8);
/** The inner digest of an HMAC. */
const innerDigest = new Uint8Array(DIGEST_BYTES);

const utf8 = new TextEncoder();

/** Runs the compression function over the 64-byte block of `bytes` at `offset`, updating `h`. */
function compress(h: Int32Array, bytes: Uint8Array, offset: number): void {
  const w = schedule;
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    w[i] = (bytes[j]! << 24) | (bytes[j + 1]! << 16) | (bytes[j + 2]! << 8) | bytes[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }

  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  let e = h[4]!;
  let f = h[5]!;
  let g = h[6]!;
  let hh = h[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (hh + S1 + ch + K[i]! + w[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
  h[5] = (h[5]! + f) | 0;
  h[6] = (h[6]! + g) | 0;
  h[7] = (h[7]! + hh) | 0;
}

/**
 * Hashes `data` into `out`, starting from `start` as if `prefixBytes` bytes (a multiple of 64) had
 * already been hashed. The HMAC uses the prefix to skip its key block, which is the same every time.
 */
function digestInto(start: Int32Array, prefixBytes: number, data: Uint8Array, length: number, out: Uint8Array): void {
  state.set(start);
  const fullBlocksEnd = length - (length % BLOCK_BYTES);
  for (let offset = 0; offset < fullBlocksEnd; offset += BLOCK_BYTES) compress(state, data, offset);

  // Padding: the rest of the message, the byte 0x80, zeros, and the length in bits as a 64-bit
  // big-endian number, filling one block or, when fewer than 9 bytes are left, two.
  const rest = length - fullBlocksEnd;
  const tailBytes = rest + 9 <= BLOCK_BYTES ? BLOCK_BYTES : 2 * BLOCK_BYTES;
  tail.fill(0, 0, tailBytes);
  for (let i = 0; i < rest; i++) tail[i] = data[fullBlocksEnd + i]!;
  tail[rest] = 0x80;
  const bitLength = (prefixBytes + length) * 8;
  tailView.setUint32(tailBytes - 8, Math.floor(bitLength / 0x1_0000_0000));
  tailView.setUint32(tailBytes - 4, bitLength >>> 0);
  compress(state, tail, 0);
  if (tailBytes > BLOCK_BYTES) compress(state, tail, BLOCK_BYTES);

  for (let i = 0; i < 8; i++) {
    const word = state[i]!;
    out[i * 4] = word >>> 24;
    out[i * 4 + 1] = word >>> 16;
    out[i * 4 + 2] = word >>> 8;
    out[i * 4 + 3] = word;
  }
}

/** Grows on demand up to 3 × MAX_SHARED_TEXT; holds the UTF-8 bytes of the string being hashed. */
let textBytes = new Uint8Array(256);
const MAX_SHARED_TEXT = 4096;

/**
 * Hashes `data` (a string as UTF-8) into `out`. Strings are encoded into the shared buffer rather
 * than a new array: a roll's message is short, and allocating for it was a third of a roll's time.
 */
function digestDataInto(start: Int32Array, prefixBytes: number, data: string | Uint8Array, out: Uint8Array): void {
  if (typeof data !== 'string') {
    digestInto(start, prefixBytes, data, data.length, out);
  } else if (data.length > MAX_SHARED_TEXT) {
    // A long text gets its own array rather than growing the shared buffer for good.
    const bytes = utf8.encode(data);
    digestInto(start, prefixBytes, bytes, bytes.length, out);
  } else {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    if (textBytes.length < data.length * 3) textBytes = new Uint8Array(data.length * 3);
    const { written } = utf8.encodeInto(data, textBytes);
    digestInto(start, prefixBytes, textBytes, written, out);
  }
}

/** The SHA-256 digest (32 bytes) of `data`. */
export function sha256(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(DIGEST_BYTES);
  digestInto(INITIAL_STATE, 0, data, data.length, out);
  return out;
}

/** Lowercase hex SHA-256 of `data`; a string is hashed as its UTF-8 bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  const out = new Uint8Array(DIGEST_BYTES);
  digestDataInto(INITIAL_STATE, 0, data, out);
  return toHex(out);
}

/** The states after hashing the key XOR ipad and the key XOR opad blocks. */
interface KeyStates {
  inner: Int32Array;
  outer: Int32Array;
}

function keyStates(keyBytes: Uint8Array): KeyStates {
  // RFC 2104: a key longer than the block is replaced by its hash; then it is zero-padded.
  const key = keyBytes.length > BLOCK_BYTES ? sha256(keyBytes) : keyBytes;
  const block = new Uint8Array(BLOCK_BYTES);
  const inner = new Int32Array(INITIAL_STATE);
  const outer = new Int32Array(INITIAL_STATE);
  block.fill(0x36);
  for (let i = 0; i < key.length; i++) block[i] = key[i]! ^ 0x36;
  compress(inner, block, 0);
  block.fill(0x5c);
  for (let i = 0; i < key.length; i++) block[i] = key[i]! ^ 0x5c;
  compress(outer, block, 0);
  return { inner, outer };
}

// A server rolls many times with one server seed (a box opening of 10, a test of a million), so
// the key states of the last string key are kept. Only string keys: strings are immutable, so the
// cache can never serve states of a key that has changed since.
let cachedKey: string | undefined;
let cachedStates: KeyStates | undefined;

function keyStatesOf(key: string | Uint8Array): KeyStates {
  if (typeof key !== 'string') return keyStates(key);
  if (key !== cachedKey || cachedStates === undefined) {
    cachedStates = keyStates(utf8.encode(key));
    cachedKey = key;
  }
  return cachedStates;
}

/** HMAC-SHA256 (RFC 2104) of `msg` under `key` (32 bytes); strings are taken as UTF-8. */
export function hmacSha256(key: string | Uint8Array, msg: string | Uint8Array): Uint8Array {
  const { inner, outer } = keyStatesOf(key);
  const out = new Uint8Array(DIGEST_BYTES);
  digestDataInto(inner, BLOCK_BYTES, msg, innerDigest);
  digestInto(outer, BLOCK_BYTES, innerDigest, DIGEST_BYTES, out);
  return out;
}

/** Lowercase hex HMAC-SHA256 of `msg` under `key`. */
export function hmacSha256Hex(key: string | Uint8Array, msg: string | Uint8Array): string {
  return toHex(hmacSha256(key, msg));
}

const HEX_DIGITS = '0123456789abcdef';

/** Lowercase hex, two digits per byte. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    hex += HEX_DIGITS[byte >>> 4]! + HEX_DIGITS[byte & 0x0f]!;
  }
  return hex;
}
