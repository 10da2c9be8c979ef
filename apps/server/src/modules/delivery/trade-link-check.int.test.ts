import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSteam, startFakeSteam } from './fake-steam/fake-steam.ts';
import { checkTradeLink } from './trade-link-check.ts';

const link = (partner: number, token: string) =>
  `https://steamcommunity.com/tradeoffer/new/?partner=${partner}&token=${token}`;

describe('checking a trade link with Steam (fake Steam)', () => {
  let fake: FakeSteam;
  const check = (l: string) => checkTradeLink(l, { apiKey: 'test-key', endpoints: fake.endpoints });
  beforeAll(async () => {
    fake = await startFakeSteam();
    fake.setPartner(1001, { token: 'AbCd_123' });
    fake.setPartner(1002, { token: 'AbCd_123', holdDays: 7 });
    fake.setPartner(1003, { token: 'AbCd_123', privateInventory: true });
    fake.setPartner(1004, { token: 'AbCd_123', holdDays: 1.5 });
  });
  afterAll(() => fake.close());

  it('says ok for a good link, and asks Steam for it', async () => {
    const before = fake.calls.length;
    expect(await check(link(1001, 'AbCd_123'))).toEqual({ result: 'ok', checked: true });
    expect(fake.calls.slice(before).map((c) => c.path)).toEqual([
      '/IEconService/GetTradeHoldDurations/v1',
      '/inventory',
    ]);
  });

  it('finds a wrong token or partner', async () => {
    expect(await check(link(1001, 'Wrong_12'))).toEqual({ result: 'invalid_link' });
    expect(await check(link(9999, 'AbCd_123'))).toEqual({ result: 'invalid_link' });
  });

  it('reports a trade hold in whole days, rounded up', async () => {
    expect(await check(link(1002, 'AbCd_123'))).toEqual({ result: 'trade_hold', days: 7 });
    expect(await check(link(1004, 'AbCd_123'))).toEqual({ result: 'trade_hold', days: 2 });
  });

  it('finds a private inventory', async () => {
    expect(await check(link(1003, 'AbCd_123'))).toEqual({ result: 'private_inventory' });
  });

  it('checks only the format without an API key, and never blocks on a Steam outage', async () => {
    const before = fake.calls.length;
    expect(await checkTradeLink(link(1003, 'AbCd_123'), { endpoints: fake.endpoints })).toEqual({
      result: 'ok',
      checked: false,
    });
    expect(fake.calls.length).toBe(before);
    expect(await checkTradeLink('https://steamcommunity.com/tradeoffer/new/?partner=1', {})).toEqual({
      result: 'invalid_link',
    });
    const down = { communityUrl: 'http://127.0.0.1:1', apiUrl: 'http://127.0.0.1:1' };
    expect(await checkTradeLink(link(1001, 'AbCd_123'), { apiKey: 'k', endpoints: down })).toEqual({
      result: 'ok',
      checked: false,
    });
  });
});
