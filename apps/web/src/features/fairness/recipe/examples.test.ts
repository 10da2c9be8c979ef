import { oddsHash, serverSeedHash } from '@kaixiang/game/fair';
import { beaconRoundTime, DRAND_SCHEDULE } from '@kaixiang/shared/beacon';
import { BOX_TICKETS, type ContainsResponse } from '@kaixiang/shared/boxes';
import { describe, expect, it } from 'vitest';
import { LOCAL_BEACON_INFO, localBeaconUrl } from '../../../test/fixtures.ts';
import { roll as battleRoll, roomData } from '../../battles/test-fixtures.ts';
import { endInfo } from '../../treasure/test-fixtures.ts';
import { bagEntry, bagTable } from '../bag-fixture.ts';
import { upgradeEntry } from '../upgrade-fixture.ts';
import { verifyRoll } from '../verify.ts';
import { verifyBagRecord } from '../verify-bag.ts';
import { oddsKey, verifyBattle } from '../verify-battle.ts';
import { beaconTiming } from '../verify-beacon.ts';
import { verifyRainRound } from '../verify-rain.ts';
import { verifyRollRoom } from '../verify-roll.ts';
import { verifyTreasureDraw } from '../verify-treasure.ts';
import { verifyTurntableRound } from '../verify-turntable.ts';
import { verifyUpgradeRecord } from '../verify-upgrade.ts';
import { verifyWishRecord } from '../verify-wish.ts';
import { wishRecord } from '../wish-fixture.ts';
import {
  bagExample,
  battleExample,
  beaconExample,
  boxExample,
  luckyExample,
  rainExample,
  rollExample,
  treasureExample,
  turntableExample,
  upgradeExample,
  wishExample,
} from './build-examples.ts';
import { RECIPE_EXAMPLES as X } from './examples.ts';

/**
 * The /fairness recipe's worked examples are literals a player checks their verifier against.
 * Each is recomputed here from its inputs by the rules (packages/game), and fed to the page's own
 * verifiers as the server would answer it: a change to the rules, the verifiers or the page
 * fails here instead of leaving the page wrong.
 */
describe('the recipe’s worked examples', () => {
  it('are what the rules compute from their inputs, every intermediate value included', () => {
    expect(beaconExample(X.beacon.closedAt)).toEqual(X.beacon);
    expect(boxExample(X.box)).toEqual(X.box);
    expect(upgradeExample(X.upgrade)).toEqual(X.upgrade);
    expect(wishExample(X.wish)).toEqual(X.wish);
    expect(luckyExample(X.lucky)).toEqual(X.lucky);
    expect(bagExample(X.bag)).toEqual(X.bag);
    expect(battleExample(X.battle)).toEqual(X.battle);
    expect(turntableExample(X.turntable)).toEqual(X.turntable);
    expect(rollExample({ ...X.roll, prizes: X.roll.steps.length })).toEqual(X.roll);
    expect(treasureExample(X.treasure)).toEqual(X.treasure);
    expect(rainExample(X.rain)).toEqual(X.rain);
  });

  it('show what they are meant to: a tie broken by a roll, a winning upgrade, a case past its first item', () => {
    expect(X.battle.tie?.candidates).toEqual([0, 1]);
    expect(X.upgrade.win).toBe(true);
    expect(X.wish.hit).toBe(true);
    expect(X.lucky.lucky).toBe(true);
    expect(X.lucky.draw.value).toBe(0);
    expect(X.box.index).toBeGreaterThan(0);
    expect(X.box.total).toBe(BOX_TICKETS);
    expect(X.bag.index).toBeGreaterThan(0);
  });

  it('pass the box verifier', () => {
    const b = X.box;
    let from = 0;
    const table: ContainsResponse = {
      box_id: 1,
      version: 1,
      ticket_total: b.total,
      odds_hash: b.oddsHash,
      rtp_bp: 9_500,
      items: b.items.map(([item_id, exter, tickets]) => {
        const row = { item_id, name: '', img: '', quality: 1, exter, cost_price: 0, tickets, ticket_from: from };
        from += tickets;
        return { ...row, ticket_to: from };
      }),
    };
    const [itemId, exter] = b.items[b.index] ?? [];
    const seeds = {
      serverSeed: b.serverSeed,
      serverSeedHash: b.serverSeedHash,
      clientSeed: b.clientSeed,
      nonce: b.nonce,
    };
    const result = verifyRoll(seeds, table, {
      oddsHash: b.oddsHash,
      ticket: b.draw.value,
      itemId: itemId ?? -1,
      exter: exter ?? -1,
    });
    expect(result.checks.map((c) => [c.key, c.ok])).toEqual([
      ['seedHash', true],
      ['oddsHash', true],
      ['ticket', true],
      ['item', true],
    ]);
    expect([result.ticket, result.cursor, result.chunk]).toEqual([b.draw.value, b.draw.cursor, b.draw.piece]);
  });

  it('pass the wish verifier', () => {
    const w = X.wish;
    const result = verifyWishRecord({
      ...wishRecord(1, w.hit),
      chance_ppm: w.chancePpm,
      roll: w.draw.value,
      proof: {
        nonce: w.nonce,
        client_seed: w.clientSeed,
        server_seed_hash: w.serverSeedHash,
        server_seed: w.serverSeed,
      },
    });
    expect(result).toMatchObject({ kind: 'checked', ok: true, roll: w.draw.value, hit: true });
  });

  it('pass the upgrade verifier', () => {
    const u = X.upgrade;
    const result = verifyUpgradeRecord({
      ...upgradeEntry(1, u.win),
      rate_ppm: u.ratePpm,
      proof: {
        server_seed: u.serverSeed,
        server_seed_hash: u.serverSeedHash,
        client_seed: u.clientSeed,
        nonce: u.nonce,
        roll: u.draw.value,
      },
    });
    expect(result).toMatchObject({
      kind: 'checked',
      ok: true,
      roll: u.draw.value,
      cursor: u.draw.cursor,
      chunk: u.draw.piece,
    });
  });

  it('pass the lucky bag verifier', () => {
    const b = X.bag;
    let from = 0;
    const table = {
      ...bagTable(),
      table_hash: b.tableHash,
      entries: b.amounts.map(([amount, tickets]) => {
        const row = { amount, tickets, ticket_from: from, ticket_to: from + tickets };
        from += tickets;
        return row;
      }),
    };
    const record = {
      ...bagEntry(1, 0),
      get_money: b.amount,
      proof: {
        nonce: b.nonce,
        client_seed: b.clientSeed,
        server_seed_hash: b.serverSeedHash,
        server_seed: b.serverSeed,
        table_version: 1,
        table_hash: b.tableHash,
        ticket: b.draw.value,
      },
    };
    expect(verifyBagRecord(record, table)).toMatchObject({
      kind: 'checked',
      ok: true,
      ticket: b.draw.value,
      cursor: b.draw.cursor,
      chunk: b.draw.piece,
      index: b.index,
      from: b.from,
      to: b.to,
      amount: b.amount,
    });
  });

  it('pass the battle verifier, tie-break and beacon round included', () => {
    const b = X.battle;
    const entries = b.items.map(([itemId, exter, tickets]) => ({ itemId, exter, tickets }));
    const hash = oddsHash(entries, b.total);
    const room = roomData({
      room_id: b.roomId,
      room_state: 3,
      server_seed: b.serverSeed,
      server_seed_hash: b.serverSeedHash,
      public_seed: b.publicSeed,
      full_at: X.beacon.closedAt,
      beacon_round: X.beacon.local.round,
      beacon_url: localBeaconUrl(X.beacon.local.round),
      rolls: [
        b.seats.map((s) => ({
          ...battleRoll(
            s.seat,
            { box_id: 1 },
            { item_id: b.items[s.index]?.[0] ?? -1, name: '', quality: 1, price: s.price },
          ),
          exter: b.items[s.index]?.[1] ?? -1,
          ticket: s.draw.value,
        })),
      ],
      tie: b.tie ? { candidates: b.tie.candidates, value: b.tie.draw.value } : null,
      odds: [
        {
          box_id: 1,
          version: 3,
          odds_hash: hash,
          total: b.total,
          entries: b.items.map(([item_id, exter, tickets]) => ({ item_id, exter, tickets })),
        },
      ],
    });
    const result = verifyBattle(room, LOCAL_BEACON_INFO, new Map([[oddsKey(1, 3), hash]]));
    expect(result.ok).toBe(true);
    expect(result.rolls.map((r) => r.ticket)).toEqual(b.seats.map((s) => s.draw.value));
    expect(result.tie).toMatchObject({ candidates: b.tie?.candidates, value: b.tie?.draw.value, ok: true });
  });

  it('pass the turntable verifier', () => {
    const x = X.turntable;
    const result = verifyTurntableRound(
      {
        round_id: x.roundId,
        state: 'settled',
        server_seed_hash: x.serverSeedHash,
        server_seed: x.serverSeed,
        public_seed: x.publicSeed,
        beacon_round: X.beacon.local.round,
        beacon_url: localBeaconUrl(X.beacon.local.round),
        bets_close_at: X.beacon.closedAt - 50,
        closed_at: X.beacon.closedAt,
        chain: { id: 1, index: x.chainIndex, terminal_hash: x.terminalHash },
        out_icon: x.outer.icon,
        inner_icon: x.inner.icon,
        settled_at: X.beacon.closedAt + 2_000,
        jackpot_feed_bp: 100,
      },
      LOCAL_BEACON_INFO,
    );
    expect(result).toMatchObject({
      kind: 'checked',
      ok: true,
      chainHashes: x.chainIndex + 1,
      outer: { ticket: x.outer.draw.value, cursor: x.outer.draw.cursor, chunk: x.outer.draw.piece },
      inner: { ticket: x.inner.draw.value, cursor: x.inner.draw.cursor, chunk: x.inner.draw.piece },
    });
  });

  it('pass the roll room verifier', () => {
    const r = X.roll;
    const winners = r.steps.map((s) => s.winner);
    const result = verifyRollRoom(
      {
        room_id: r.roomId,
        drawn: true,
        list: r.steps.map((s, index) => ({
          index,
          item_id: 1,
          name: '',
          img: '',
          quality: 1,
          exter: 1,
          price: 1,
          returned: false,
          winner: { user_id: s.winner, nick_name: '', avatar: '', vip_level: 0 },
          roll: s.draw.value,
          cursor: s.draw.cursor,
          chunk: s.draw.piece,
        })),
        returned: [],
        entrants: r.entrants,
        entrants_hash: r.entrantsHash,
        server_seed_hash: r.serverSeedHash,
        server_seed: r.serverSeed,
        public_seed: r.publicSeed,
        beacon_round: X.beacon.local.round,
        beacon_url: localBeaconUrl(X.beacon.local.round),
        closed_at: X.beacon.closedAt,
      },
      LOCAL_BEACON_INFO,
    );
    expect(result).toMatchObject({ kind: 'checked', ok: true });
    if (result.kind === 'checked')
      expect(result.check.awards.map((a) => [a.userId, a.roll])).toEqual(
        r.steps.map((s, i) => [winners[i], s.draw.value]),
      );
  });

  it('pass the treasure verifier', () => {
    const x = X.treasure;
    const result = verifyTreasureDraw(
      endInfo({
        room_id: x.roomId,
        total: x.holders.length,
        sold: x.holders.length,
        server_seed: x.serverSeed,
        server_seed_hash: x.serverSeedHash,
        public_seed: x.publicSeed,
        holders: x.holders,
        winning_card: x.card,
        winner: { user_id: x.holder, nick_name: '', avatar: '' },
        filled_at: X.beacon.closedAt,
        beacon_round: X.beacon.local.round,
      }),
      LOCAL_BEACON_INFO,
    );
    expect(result).toMatchObject({ kind: 'checked', ok: true, check: { card: x.card, holder: x.holder } });
  });

  it('pass the rain verifier, with every grab at its place', () => {
    const x = X.rain;
    const result = verifyRainRound(
      {
        round_id: x.roundId,
        start_time: X.beacon.closedAt + 60_000,
        end_time: X.beacon.closedAt + 120_000,
        count: x.count,
        pool: x.pool,
        remaining: x.count - 3,
        conditions: { min_vip_level: 0, recharge_days: 0 },
        server_seed_hash: x.serverSeedHash,
        packets_hash: x.listHash,
        min_packet: x.min,
        state: 'ended',
        server_seed: x.serverSeed,
        beacon_round: X.beacon.local.round,
        public_seed: x.publicSeed,
        beacon_url: localBeaconUrl(X.beacon.local.round),
        committed_at: X.beacon.closedAt,
        packets: x.packets,
        grabs: [0, 1, 2].map((index) => ({
          index,
          user_id: 1000 + index,
          nick_name: '',
          amount: x.packets[index] ?? -1,
          grabbed_at: X.beacon.closedAt + 61_000,
        })),
      },
      LOCAL_BEACON_INFO,
    );
    expect(result).toMatchObject({ kind: 'checked', ok: true, check: { packets: x.packets } });
  });

  it('give the beacon round the verifiers accept, on drand’s schedule and the local one', () => {
    const b = X.beacon;
    expect(beaconTiming(LOCAL_BEACON_INFO, b.closedAt, b.local.round).ok).toBe(true);
    const drand = {
      ...LOCAL_BEACON_INFO,
      kind: 'drand' as const,
      genesis_at: DRAND_SCHEDULE.genesisMs,
      period_ms: DRAND_SCHEDULE.periodMs,
    };
    expect(beaconTiming(drand, b.closedAt, b.drand.round)).toMatchObject({ ok: true, publishedAt: b.drand.at });
    expect(beaconRoundTime(DRAND_SCHEDULE, b.drand.round - 1)).toBeLessThanOrEqual(b.closedAt);
    expect(serverSeedHash(X.box.serverSeed)).toBe(X.box.serverSeedHash);
  });
});
