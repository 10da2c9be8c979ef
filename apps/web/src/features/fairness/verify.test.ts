import { oddsHash, rollBox } from '@kaixiang/game/fair';
import { sha256Hex } from '@kaixiang/game/sha256';
import { BOX_TICKETS, type ContainsResponse } from '@kaixiang/shared/boxes';
import { describe, expect, it } from 'vitest';
import { oddsEntries, randomClientSeed, verifyRoll } from './verify.ts';

const SERVER_SEED = 'd4f2a9e45534ffca0d472616655e2cfb9b676786245bce033db6cccd8580cc59';

function table(tickets: number[]): ContainsResponse {
  let from = 0;
  const items = tickets.map((t, i) => {
    const row = {
      item_id: 100 + i,
      name: `item ${i}`,
      img: '',
      quality: i,
      exter: 2,
      cost_price: 1000 * (i + 1),
      tickets: t,
      ticket_from: from,
      ticket_to: from + t,
    };
    from += t;
    return row;
  });
  const entries = oddsEntries(items);
  return {
    box_id: 7,
    version: 3,
    ticket_total: BOX_TICKETS,
    odds_hash: oddsHash(entries, BOX_TICKETS),
    rtp_bp: 9000,
    items,
  };
}

const TABLE = table([400_000, 100_000, 500_000]);
const INPUT = { serverSeed: SERVER_SEED, serverSeedHash: sha256Hex(SERVER_SEED), clientSeed: 'player-one', nonce: 0 };
const ROLL = rollBox(INPUT, oddsEntries(TABLE.items), BOX_TICKETS);
const RECORDED = { oddsHash: TABLE.odds_hash, ticket: ROLL.ticket, itemId: 100 + ROLL.index, exter: 2 };

describe('verifyRoll', () => {
  it('passes every check for an honest roll and names its item', () => {
    const result = verifyRoll(INPUT, TABLE, RECORDED);
    expect(result.checks.map((c) => [c.key, c.ok])).toEqual([
      ['seedHash', true],
      ['oddsHash', true],
      ['ticket', true],
      ['item', true],
    ]);
    // The known-answer vector of packages/game: this seed pair at nonce 0 rolls 483088.
    expect(result.ticket).toBe(483_088);
    expect(result.item?.item_id).toBe(101);
  });

  it('recomputes the lucky player roll of a box opened in a window, and catches a false record', () => {
    // packages/game lucky.test.ts: this server seed with client seed "kaixiang" is lucky at nonce 40.
    const lucky = { ...INPUT, clientSeed: 'kaixiang', nonce: 40 };
    const roll = rollBox(lucky, oddsEntries(TABLE.items), BOX_TICKETS);
    const recorded = { oddsHash: TABLE.odds_hash, ticket: roll.ticket, itemId: 100 + roll.index, exter: 2 };
    const check = (r: { roll: number; award: number }) =>
      verifyRoll(lucky, TABLE, { ...recorded, lucky: r }).checks.find((c) => c.key === 'lucky');
    expect(check({ roll: 0, award: 88_800 })).toMatchObject({ ok: true, computed: '0', expected: '0' });
    // A recorded roll that is not the recomputed one, or an award without a 0, fails.
    expect(check({ roll: 5, award: 0 })?.ok).toBe(false);
    expect(
      verifyRoll({ ...lucky, nonce: 41 }, TABLE, { ...recorded, lucky: { roll: 9, award: 88_800 } }).checks.at(-1),
    ).toMatchObject({
      key: 'lucky',
      ok: false,
      computed: '9',
    });
    // Outside a window there is no lucky roll to check.
    expect(verifyRoll(INPUT, TABLE, RECORDED).checks.some((c) => c.key === 'lucky')).toBe(false);
  });

  it('fails the seed and the ticket when the server seed is not the committed one', () => {
    const result = verifyRoll({ ...INPUT, serverSeed: `${SERVER_SEED.slice(0, -1)}0` }, TABLE, RECORDED);
    const byKey = Object.fromEntries(result.checks.map((c) => [c.key, c.ok]));
    expect(byKey).toMatchObject({ seedHash: false, oddsHash: true, ticket: false });
  });

  it('fails the odds check when the table was changed after the roll', () => {
    const changed = table([390_000, 110_000, 500_000]);
    const result = verifyRoll(INPUT, { ...changed, odds_hash: TABLE.odds_hash }, RECORDED);
    expect(result.checks.find((c) => c.key === 'oddsHash')?.ok).toBe(false);
  });

  it('without a record checks the table against the published hash only', () => {
    const result = verifyRoll({ ...INPUT, serverSeedHash: '' }, TABLE);
    expect(result.checks.map((c) => c.key)).toEqual(['oddsHash']);
    expect(result.checks[0]?.ok).toBe(true);
  });

  it('makes random client seeds the server accepts', () => {
    const seed = randomClientSeed();
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    expect(randomClientSeed()).not.toBe(seed);
  });
});
