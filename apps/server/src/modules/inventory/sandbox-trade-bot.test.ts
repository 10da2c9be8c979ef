import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { codeName } from './inventory.service.ts';
import { createSandboxTradeBot, linkRule } from './sandbox-trade-bot.ts';
import type { OfferOutcome } from './trade-bot.ts';

const link = (token: string, partner = '123456789') =>
  `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=${token}`;

describe('sandbox trade bot', () => {
  it('maps trade links to the FAQ causes, and leaves ordinary links to the mode', () => {
    expect(linkRule(link('AbCd_123', '1'))).toEqual({ state: 'failed', failure: 'invalid_link' });
    // partner=123456789 starts with 1 but is an ordinary account.
    expect(linkRule(link('AbCd_123'))).toBeNull();
    expect(linkRule(link('private1'))).toEqual({ state: 'failed', failure: 'private_inventory' });
    expect(linkRule(link('restrict'))).toEqual({ state: 'failed', failure: 'trade_restricted' });
    expect(linkRule(link('declined'))).toEqual({ state: 'declined' });
    expect(linkRule(link('botfault'))).toBe('throw');
  });

  it('answers after the delay in auto modes, never in manual, and throws for bot_fault', async () => {
    const bot = createSandboxTradeBot({ mode: 'auto_accept', delayMs: 5 });
    const seen: [string, OfferOutcome][] = [];
    bot.onUpdate(async (id, o) => {
      seen.push([id, o]);
    });
    const offer = { offerId: 1, userId: 1, tradeLink: link('AbCd_123'), items: [] };
    const a = await bot.sendOffer(offer);
    bot.setMode('manual');
    await bot.sendOffer({ ...offer, offerId: 2 });
    bot.setMode('trade_restricted', 0);
    const c = await bot.sendOffer({ ...offer, offerId: 3 });
    await new Promise((r) => setTimeout(r, 30));
    expect(seen).toHaveLength(2);
    expect(seen).toContainEqual([c.botOfferId, { state: 'failed', failure: 'trade_restricted' }]);
    expect(seen).toContainEqual([a.botOfferId, { state: 'accepted' }]);
    bot.setMode('bot_fault');
    await expect(bot.sendOffer({ ...offer, offerId: 4 })).rejects.toThrow(/bot_fault/);
    // A cancelled offer is never answered.
    bot.setMode('auto_accept', 5);
    const d = await bot.sendOffer({ ...offer, offerId: 5 });
    await bot.cancelOffer(d.botOfferId);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toHaveLength(2);
    await bot.close();
  });

  it('derives a code name from the English name', () => {
    expect(codeName('AK-47 | Redline')).toBe('ak_47_redline');
    expect(codeName('★ Karambit | Fade')).toBe('karambit_fade');
  });

  it('is only allowed to leave offers waiting in production', () => {
    const prod = {
      NODE_ENV: 'production',
      SIGN_SECRET: 'x'.repeat(32),
      TOKEN_SECRET: 'y'.repeat(32),
      STAFF_TOTP_KEY: 'w'.repeat(32),
      ID_HASH_SECRET: 'z'.repeat(32),
      PUBLIC_ORIGIN: 'https://kaixiang.example',
    };
    expect(loadConfig(prod).SANDBOX_TRADE_MODE).toBeUndefined();
    expect(loadConfig({ ...prod, SANDBOX_TRADE_MODE: 'manual' }).SANDBOX_TRADE_MODE).toBe('manual');
    expect(() => loadConfig({ ...prod, SANDBOX_TRADE_MODE: 'auto_accept' })).toThrow(ConfigError);
    expect(loadConfig({}).SANDBOX_TRADE_DELAY_MS).toBe(5_000);
  });
});
