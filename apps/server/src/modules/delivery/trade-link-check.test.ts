import { describe, expect, it } from 'vitest';
import { parseTradeLink, steamId64Of } from './trade-link-check.ts';

const link = (q: string, host = 'steamcommunity.com') => `https://${host}/tradeoffer/new/?${q}`;

describe('parsing a trade link', () => {
  it('reads the partner and the token', () => {
    expect(parseTradeLink(link('partner=123456789&token=AbCd_123'))).toEqual({ partner: 123456789, token: 'AbCd_123' });
    expect(parseTradeLink(` ${link('token=Ab-d_123&partner=42')} `)).toEqual({ partner: 42, token: 'Ab-d_123' });
  });

  it('refuses what Steam would not take', () => {
    for (const bad of [
      '',
      'not a url',
      link('partner=123&token=short'),
      link('partner=123&token=toolong99'),
      link('partner=123&token=bad$char'),
      link('partner=0&token=AbCd_123'),
      link('partner=-5&token=AbCd_123'),
      link('partner=4294967296&token=AbCd_123'),
      link('partner=12a&token=AbCd_123'),
      link('token=AbCd_123'),
      link('partner=123456789&token=AbCd_123', 'steamcommunity.com.evil.test'),
      'http://steamcommunity.com/tradeoffer/new/?partner=1&token=AbCd_123',
      'https://steamcommunity.com/profiles/1/?partner=1&token=AbCd_123',
    ]) {
      expect(parseTradeLink(bad), bad).toBeNull();
    }
    expect(parseTradeLink(link('partner=4294967295&token=AbCd_123'))?.partner).toBe(4294967295);
  });

  it('maps the partner to its SteamID64', () => {
    expect(steamId64Of(1)).toBe('76561197960265729');
    expect(steamId64Of(123456789)).toBe('76561198083722517');
  });
});
