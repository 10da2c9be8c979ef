import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalRequest, sha256Hex, signRequest } from './signature.ts';

describe('request signature', () => {
  it('builds the canonical text the server verifies', async () => {
    const text = await canonicalRequest({
      method: 'post',
      pathWithQuery: '/api/site/v1/nav?type=1',
      timestampMs: 1_763_712_000_000,
      nonce: 'abcdef0123456789',
      body: '{"type":1}',
    });
    const bodyHash = createHash('sha256').update('{"type":1}').digest('hex');
    expect(text).toBe(`POST\n/api/site/v1/nav?type=1\n1763712000000\nabcdef0123456789\n${bodyHash}`);
  });

  it('matches a known-answer vector computed with node:crypto', async () => {
    const headers = await signRequest(
      'k'.repeat(20),
      { method: 'GET', pathWithQuery: '/api/x', body: '' },
      1000,
      '0123456789abcdef',
    );
    const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    expect(await sha256Hex('')).toBe(emptyHash);
    const expected = createHmac('sha256', 'k'.repeat(20))
      .update(`GET\n/api/x\n1000\n0123456789abcdef\n${emptyHash}`)
      .digest('hex');
    expect(headers).toEqual({ 'x-ts': '1000', 'x-nonce': '0123456789abcdef', 'x-sign': expected });
  });

  it('produces different signatures for different bodies', async () => {
    const a = await signRequest(
      'secret-secret-16',
      { method: 'POST', pathWithQuery: '/a', body: '{"n":1}' },
      1,
      'n'.repeat(16),
    );
    const b = await signRequest(
      'secret-secret-16',
      { method: 'POST', pathWithQuery: '/a', body: '{"n":2}' },
      1,
      'n'.repeat(16),
    );
    expect(a['x-sign']).not.toBe(b['x-sign']);
  });
});
