import { describe, expect, it } from 'vitest';
import { cryptoRandom, jitterMs } from './jitter.ts';
import { readStored, writeStored } from './storage.ts';

describe('stored preferences', () => {
  it('are kept under the kx_ prefix as {datatype, content, timestamp}', () => {
    writeStored('audio_music', false, 'local', 1234);
    expect(JSON.parse(localStorage.getItem('kx_audio_music')!)).toEqual({
      datatype: 'boolean',
      content: false,
      timestamp: 1234,
    });
    expect(readStored('audio_music', true)).toBe(false);
  });

  it('fall back to the default when missing, foreign or of another type', () => {
    expect(readStored('nothing', true)).toBe(true);
    localStorage.setItem('kx_lang', 'en-US');
    expect(readStored('lang', 'zh-CN')).toBe('zh-CN');
    writeStored('lang', 5);
    expect(readStored('lang', 'zh-CN')).toBe('zh-CN');
  });
});

describe('jitter', () => {
  it('spreads whole milliseconds over the range, ends included', () => {
    expect(jitterMs(1000, 2000, () => 0)).toBe(1000);
    expect(jitterMs(1000, 2000, () => 0.5)).toBe(1500);
    expect(jitterMs(1000, 2000, () => 0.9999999)).toBe(2000);
  });

  it('draws from the CSPRNG within [0, 1)', () => {
    for (let i = 0; i < 100; i++) {
      const x = cryptoRandom();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});
