import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256, hmacSha256Hex, sha256, sha256Hex, toHex } from './sha256.ts';

function fromHex(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

/** A deterministic byte stream (xorshift32), so a failing comparison can be replayed. */
function deterministicBytes(seed: number): (n: number) => Uint8Array {
  let x = seed >>> 0 || 1;
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      x ^= x << 13;
      x >>>= 0;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      out[i] = x & 0xff;
    }
    return out;
  };
}

describe('sha256', () => {
  // FIPS 180-4 examples (NIST CSRC "Examples with intermediate values").
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('hashes %j to the published digest', (message, digest) => {
    expect(sha256Hex(message)).toBe(digest);
  });

  it('hashes one million "a" to the published digest', () => {
    expect(sha256Hex('a'.repeat(1_000_000))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('hashes strings as UTF-8', () => {
    expect(sha256Hex('开箱 ★')).toBe(createHash('sha256').update('开箱 ★', 'utf8').digest('hex'));
  });

  it('agrees with node:crypto on 400 inputs of every length around the block boundaries', () => {
    const bytes = deterministicBytes(20261121);
    const mismatches: number[] = [];
    for (let i = 0; i < 400; i++) {
      // Lengths 0..199 cover the one/two padding-block cases of up to three blocks; then longer.
      const length = i < 200 ? i : (bytes(2)[0]! << 4) + i;
      const data = bytes(length);
      if (toHex(sha256(data)) !== createHash('sha256').update(data).digest('hex')) mismatches.push(length);
    }
    expect(mismatches).toEqual([]);
  });

  it('does not modify its input', () => {
    const data = deterministicBytes(7)(130);
    const copy = data.slice();
    sha256(data);
    expect(data).toEqual(copy);
  });
});

describe('hmacSha256', () => {
  // RFC 4231 §4 test cases (case 5 is a truncated output, which we do not offer).
  const key20 = fromHex('0b'.repeat(20));
  const key131 = fromHex('aa'.repeat(131));
  it.each([
    ['case 1', key20, 'Hi There', 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7'],
    [
      'case 2',
      'Jefe',
      'what do ya want for nothing?',
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
    [
      'case 3',
      fromHex('aa'.repeat(20)),
      fromHex('dd'.repeat(50)),
      '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
    ],
    [
      'case 4',
      fromHex('0102030405060708090a0b0c0d0e0f10111213141516171819'),
      fromHex('cd'.repeat(50)),
      '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
    ],
    [
      'case 6',
      key131,
      'Test Using Larger Than Block-Size Key - Hash Key First',
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    ],
    [
      'case 7',
      key131,
      'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
      '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    ],
  ])('RFC 4231 %s', (_name, key, message, mac) => {
    expect(hmacSha256Hex(key, message)).toBe(mac);
  });

  it('agrees with node:crypto for 300 keys and messages of deterministic random lengths', () => {
    const bytes = deterministicBytes(4231);
    const mismatches: string[] = [];
    for (let i = 0; i < 300; i++) {
      const key = bytes(bytes(1)[0]! % 150);
      const message = bytes(bytes(1)[0]! + (i % 3) * 64);
      const expected = createHmac('sha256', key).update(message).digest('hex');
      if (toHex(hmacSha256(key, message)) !== expected) mismatches.push(`${key.length}/${message.length}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('uses the right key when string keys alternate (the key-state cache)', () => {
    const expected = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');
    for (const key of ['seed-a', 'seed-b', 'seed-a', 'ключ-★', 'seed-b']) {
      expect(hmacSha256Hex(key, `box:client:1:0`)).toBe(expected(key, 'box:client:1:0'));
    }
  });
});
