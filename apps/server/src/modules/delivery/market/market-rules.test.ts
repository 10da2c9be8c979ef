import { describe, expect, it } from 'vitest';
import {
  decodeOfferRef,
  encodeOfferRef,
  failureOfReason,
  marketHashName,
  parseTradeLink,
  priceCap,
  settle,
} from './market-rules.ts';

describe('marketplace purchase rules', () => {
  it('names items as the Steam market does', () => {
    expect(marketHashName({ nameEn: 'AK-47 | Redline', quality: 5 }, 3)).toBe('AK-47 | Redline (Field-Tested)');
    expect(marketHashName({ nameEn: 'AWP | Asiimov', quality: 6 }, 5)).toBe('AWP | Asiimov (Battle-Scarred)');
    expect(marketHashName({ nameEn: 'Karambit | Fade', quality: 7 }, 1)).toBe('★ Karambit | Fade (Factory New)');
    // A vanilla knife has no paint and so no exterior.
    expect(marketHashName({ nameEn: 'Bayonet', quality: 7 }, 6)).toBe('★ Bayonet');
    expect(marketHashName({ nameEn: 'Sport Gloves | Vice', quality: 7 }, 2)).toBe(
      '★ Sport Gloves | Vice (Minimal Wear)',
    );
  });

  it('caps the price at the value plus the margin, in marketplace units, rounded down', () => {
    // ¥100 = 1_000_000 units; +5 % = 1_050_000 units; at 72 units per $0.001: 14_583.33 → 14_583.
    expect(priceCap(1_000_000, { marginBp: 500, unitPriceUnits: 72 })).toBe(14_583);
    expect(priceCap(1_000_000, { marginBp: 0, unitPriceUnits: 100 })).toBe(10_000);
    // Never above the cap, even by a fraction of a unit.
    expect(priceCap(99, { marginBp: 0, unitPriceUnits: 100 })).toBe(0);
    // Large values stay exact (no float).
    expect(priceCap(9_000_000_000_000, { marginBp: 1, unitPriceUnits: 1 })).toBe(9_000_900_000_000);
    expect(() => priceCap(1.5, { marginBp: 0, unitPriceUnits: 1 })).toThrow(RangeError);
    expect(() => priceCap(1, { marginBp: 0, unitPriceUnits: 0 })).toThrow(RangeError);
  });

  it("maps Waxpeer's documented failure texts to the FAQ's causes", () => {
    expect(failureOfReason('Invalid tradelink')).toBe('invalid_link');
    expect(failureOfReason('Your tradelink is incorect, please update it')).toBe('invalid_link');
    expect(failureOfReason('Missing token')).toBe('invalid_link');
    expect(
      failureOfReason("We couldn't validate your trade link, either your inventory is private or you can't trade"),
    ).toBe('private_inventory');
    expect(failureOfReason('Please set your steam inventory public')).toBe('private_inventory');
    expect(failureOfReason('You cannot trade with SteamUserName because they have a trade ban.')).toBe(
      'trade_restricted',
    );
    expect(failureOfReason('User has VACBAN or Game Ban')).toBe('trade_restricted');
    expect(failureOfReason('Seller failed to accept')).toBe('bot_fault');
    expect(failureOfReason('Item price has increased or item is no longer available')).toBe('bot_fault');
    expect(failureOfReason(null)).toBe('bot_fault');
  });

  it('reads partner and token from a trade link', () => {
    expect(parseTradeLink('https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCd_123')).toEqual({
      partner: '123456789',
      token: 'AbCd_123',
    });
    expect(parseTradeLink('https://steamcommunity.com/tradeoffer/new/?partner=abc&token=x')).toBeNull();
    expect(parseTradeLink('not a link')).toBeNull();
  });

  it('keeps everything needed to resume in the offer id', () => {
    const ref = {
      offerId: 42,
      startedAtMs: 1_700_000_000_000,
      purchases: [
        { kind: 'id', id: '7001' },
        { kind: 'unknown' },
        { kind: 'none', failure: 'private_inventory' },
      ] as const,
    };
    const text = encodeOfferRef({ ...ref, purchases: [...ref.purchases] });
    expect(text).toBe('42@1700000000000:7001,?,-P');
    expect(decodeOfferRef(text)).toEqual({ ...ref, purchases: [...ref.purchases] });
    expect(decodeOfferRef('sbx-1-abcd')).toBeNull();
    expect(decodeOfferRef('1@2:-Z')).toBeNull();
  });

  it('settles an offer only when every purchase has', () => {
    const d = { state: 'delivered' } as const;
    const p = { state: 'pending' } as const;
    const f = (failure: 'bot_fault' | 'invalid_link') => ({ state: 'failed', failure }) as const;
    expect(settle([d, p], false)).toBeNull();
    expect(settle([d, d], false)).toEqual({ outcome: { state: 'accepted' }, undelivered: [] });
    expect(settle([f('bot_fault'), f('invalid_link')], false)).toEqual({
      outcome: { state: 'failed', failure: 'invalid_link' },
      undelivered: [0, 1],
    });
    // Partial: what reached the player stays delivered; the rest is for the operator.
    expect(settle([d, f('bot_fault')], false)).toEqual({ outcome: { state: 'accepted' }, undelivered: [1] });
    // The timeout turns what is still pending into a bot fault.
    expect(settle([p, p], true)).toEqual({ outcome: { state: 'failed', failure: 'bot_fault' }, undelivered: [0, 1] });
  });
});
