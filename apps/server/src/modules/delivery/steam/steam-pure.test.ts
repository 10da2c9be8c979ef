import { describe, expect, it } from 'vitest';
import { marketHashName, parseMarketHashName } from './market-name.ts';
import { classifySendError, outcomeOfState, TRADE_OFFER_STATE } from './offer-state.ts';
import { botsCovering, neededCounts, offerMessage, randomSecurityCode } from './pool-rules.ts';
import { accessTokenOf, parseSteamBots } from './steam-session.ts';

describe('market hash names', () => {
  it('name our items as Steam does', () => {
    expect(marketHashName({ nameEn: 'AK-47 | Redline', exter: 3, star: false })).toBe('AK-47 | Redline (Field-Tested)');
    expect(marketHashName({ nameEn: 'Karambit | Doppler', exter: 1, star: true })).toBe(
      '★ Karambit | Doppler (Factory New)',
    );
    expect(marketHashName({ nameEn: 'Bayonet', exter: 6, star: true })).toBe('★ Bayonet');
    expect(() => marketHashName({ nameEn: 'X', exter: 9, star: false })).toThrow(RangeError);
  });

  it('read back to the same key, and refuse what is not one of ours', () => {
    for (const k of [
      { nameEn: 'AK-47 | Redline', exter: 4, star: false },
      { nameEn: 'Sport Gloves | Vice', exter: 5, star: true },
      { nameEn: 'Bayonet', exter: 6, star: true },
    ]) {
      expect(parseMarketHashName(marketHashName(k))).toEqual(k);
    }
    expect(parseMarketHashName('StatTrak™ AK-47 | Redline (Field-Tested)')).toBeNull();
    expect(parseMarketHashName('★ StatTrak™ Karambit | Fade (Factory New)')).toBeNull();
    expect(parseMarketHashName('Souvenir AWP | Dragon Lore (Factory New)')).toBeNull();
    expect(parseMarketHashName('Chroma 2 Case')).toBeNull();
    expect(parseMarketHashName('Sticker | Crown (Foil)')).toBeNull();
  });
});

describe('Steam offer states and send errors', () => {
  it('map to our outcomes', () => {
    const S = TRADE_OFFER_STATE;
    expect(outcomeOfState(S.Active)).toBeNull();
    expect(outcomeOfState(S.CreatedNeedsConfirmation)).toBeNull();
    expect(outcomeOfState(S.InEscrow)).toBeNull();
    expect(outcomeOfState(S.Accepted)).toEqual({ state: 'accepted' });
    expect(outcomeOfState(S.Declined)).toEqual({ state: 'declined' });
    expect(outcomeOfState(S.Countered)).toEqual({ state: 'declined' });
    for (const s of [S.Canceled, S.CanceledBySecondFactor, S.InvalidItems, S.Expired, S.Invalid, 99]) {
      expect(outcomeOfState(s)).toEqual({ state: 'failed', failure: 'bot_fault' });
    }
  });

  it('tell the player side from the bot side', () => {
    const failed = (failure: string) => ({ kind: 'offer', outcome: { state: 'failed', failure } });
    expect(classifySendError(500, 'There was an error sending your trade offer. (15)')).toEqual(failed('invalid_link'));
    expect(classifySendError(500, 'x<br><br>Bob is not available to trade. More information... (15)')).toEqual(
      failed('trade_restricted'),
    );
    expect(classifySendError(500, "This user's inventory is private. (15)")).toEqual(failed('private_inventory'));
    expect(classifySendError(500, 'error (17)')).toEqual(failed('trade_restricted'));
    expect(classifySendError(500, 'error (26)')).toEqual(failed('bot_fault'));
    expect(classifySendError(500, 'error (84)').kind).toBe('bot');
    expect(classifySendError(429, null).kind).toBe('bot');
    expect(classifySendError(401, null).kind).toBe('bot');
    expect(classifySendError(502, null).kind).toBe('bot');
  });
});

describe('the pool pieces', () => {
  it('finds the bots holding every item, counting duplicates', () => {
    const need = neededCounts([
      { itemDefId: 1, exter: 3 },
      { itemDefId: 1, exter: 3 },
      { itemDefId: 2, exter: 1 },
    ]);
    const counts = [
      { bot: 'a', itemDefId: 1, exter: 3, n: 1 },
      { bot: 'a', itemDefId: 2, exter: 1, n: 5 },
      { bot: 'b', itemDefId: 1, exter: 3, n: 2 },
      { bot: 'b', itemDefId: 2, exter: 1, n: 1 },
      { bot: 'c', itemDefId: 1, exter: 3, n: 9 },
    ];
    expect(botsCovering(need, counts)).toEqual(['b']);
  });

  it('makes short unambiguous security codes and puts them in the message', () => {
    const code = randomSecurityCode();
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(offerMessage(12, code)).toContain(code);
  });

  it('reads the web access token from the login cookie', () => {
    expect(accessTokenOf(['steamLoginSecure=7656%7C%7Ceyj.abc', 'other=1'])).toBe('eyj.abc');
    expect(accessTokenOf([])).toBe('');
  });

  it('reads STEAM_BOTS, and refuses a bad one without echoing secrets', () => {
    const bot = { accountName: 'kx1', password: 'pw', sharedSecret: 's=', identitySecret: 'i=' };
    expect(parseSteamBots(JSON.stringify([bot]))).toEqual([bot]);
    expect(() => parseSteamBots('nope')).toThrow('not valid JSON');
    expect(() => parseSteamBots('[]')).toThrow('STEAM_BOTS');
    expect(() => parseSteamBots(JSON.stringify([bot, bot]))).toThrow('unique');
    expect(() => parseSteamBots(JSON.stringify([{ ...bot, sharedSecret: '' }]))).toThrow(/0\.sharedSecret/);
    const bad = JSON.stringify([{ ...bot, password: 'secret-pw', identitySecret: 42 }]);
    expect(() => parseSteamBots(bad)).toThrow(/0\.identitySecret/);
    expect(() => parseSteamBots(bad)).not.toThrow(/secret-pw/);
  });
});
