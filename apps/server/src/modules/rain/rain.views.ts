/**
 * What the rain's screens read: the info the countdown polls on every page (the spec's status,
 * interval list, system_time, complete, userComplete), the player's record and one round for
 * /fairness. The public part of the info is cached per process for a moment: every page asks.
 */
import { RAIN_GAME, rainWindows } from '@kaixiang/game/rain';
import type { Locale } from '@kaixiang/shared/locale';
import type { RainInfo, RainRecordResponse, RainRoundDetail, RainRoundView } from '@kaixiang/shared/rain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { PublicBeacon } from '../games/beacon.ts';
import { peopleOf } from '../games/people.ts';
import { chinaDayOf, chinaDayRange } from '../promotion/china-day.ts';
import type { RainGrab } from './rain.grab.ts';
import {
  currentRooms,
  enabledSchedules,
  packetOf,
  packetsOf,
  type RainRoom,
  recordsOf,
  roomOf,
  timingOf,
} from './rain.repo.ts';

const PUBLIC_CACHE_MS = 500;
const DAY_MS = 86_400_000;

export function roundView(r: RainRoom, remaining: number): RainRoundView {
  return {
    round_id: r.id,
    start_time: r.data.startAtMs,
    end_time: r.data.endAtMs,
    count: r.data.count,
    pool: r.data.poolUnits,
    remaining,
    conditions: { min_vip_level: r.data.conditions.minVipLevel, recharge_days: r.data.conditions.rechargeDays },
    server_seed_hash: r.serverSeedHash,
    packets_hash: r.data.packetsHash ?? '',
  };
}

export function createRainViews(deps: { db: Db; clock: Clock; grab: RainGrab; beacon: Pick<PublicBeacon, 'urlOf'> }) {
  const { db } = deps;
  let cached: {
    at: number;
    value: Promise<Omit<RainInfo, 'self' | 'refusal' | 'userComplete'> & { room: RainRoom | null }>;
  } | null = null;

  /** Today's windows (China day) and the next one after now, at most 100, in order. */
  async function intervals(now: number) {
    const from = chinaDayRange(chinaDayOf(now)).start.getTime();
    const schedules = await enabledSchedules(db);
    const today = schedules.flatMap((s) => rainWindows(timingOf(s), from, from + DAY_MS));
    today.sort((a, b) => a.startMs - b.startMs);
    let next = today.find((w) => w.startMs > now);
    // Not today: look a day at a time (a weekly window is at most 8 days away), never 8 days of
    // windows of a frequent schedule at once.
    for (let day = 1; !next && day <= 8 && schedules.length > 0; day++) {
      const later = schedules.flatMap((s) => rainWindows(timingOf(s), from + day * DAY_MS, from + (day + 1) * DAY_MS));
      next = later.filter((w) => w.startMs > now).sort((a, b) => a.startMs - b.startMs)[0];
    }
    // A frequent schedule has more windows a day than a screen lists: then the ones still to end.
    const shown = today.length > 100 ? today.filter((w) => w.endMs > now) : today;
    const list = next && !shown.includes(next) ? [...shown, next] : shown;
    return list.slice(0, 100).map((w) => ({ start_time: w.startMs, end_time: w.endMs }));
  }

  async function publicInfo(now: number) {
    const { running, next } = await currentRooms(db);
    const live = running && now < running.data.endAtMs ? running : null;
    const room = live ?? next;
    const remaining = live ? Math.max(0, live.data.count - (await deps.grab.taken(live))) : (room?.data.count ?? 0);
    return {
      status: live ? (2 as const) : next ? (1 as const) : (0 as const),
      interval: await intervals(now),
      system_time: now,
      complete: live !== null && remaining === 0,
      round: room ? roundView(room, remaining) : null,
      room,
    };
  }

  async function info(viewer: number | null): Promise<RainInfo> {
    const now = deps.clock.now();
    if (!cached || now - cached.at >= PUBLIC_CACHE_MS || now < cached.at) {
      const value = publicInfo(now);
      cached = { at: now, value };
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    const { room, ...pub } = await cached.value;
    const base = { ...pub, system_time: now };
    if (viewer === null || !room) return { ...base, userComplete: false, self: null, refusal: null };
    // The viewer's eligibility is worked out now, before the rain: the grab finds it cached.
    const [mine, refusal] = await Promise.all([packetOf(db, room.id, viewer), deps.grab.refusalOf(room, viewer)]);
    return {
      ...base,
      userComplete: mine !== null,
      self: mine ? { index: mine.idx, amount: mine.amount } : null,
      refusal,
    };
  }

  async function records(userId: number, page: number, pageSize: number): Promise<RainRecordResponse> {
    const { list, total } = await recordsOf(db, userId, page, pageSize);
    return {
      list: list.map((r) => ({
        round_id: r.roundId,
        index: r.idx,
        amount: r.amount,
        grabbed_at: r.at?.getTime() ?? 0,
      })),
      total,
    };
  }

  async function round(roundId: number, locale: Locale): Promise<RainRoundDetail> {
    const r = await roomOf(db, roundId);
    if (!r || r.game !== RAIN_GAME) throw new AppError('RAIN_ROUND_NOT_FOUND');
    const over = r.data.state === 'ended' || r.data.state === 'cancelled';
    const rows = over ? await packetsOf(db, r.id) : null;
    const grabbed = rows?.filter((p) => p.userId !== null) ?? [];
    const people = await peopleOf(
      db,
      grabbed.map((p) => p.userId as number),
      locale,
    );
    const remaining =
      r.data.state === 'running'
        ? Math.max(0, r.data.count - (await deps.grab.taken(r)))
        : r.data.count - (r.data.handedOut ?? 0);
    return {
      ...roundView(r, remaining),
      min_packet: r.data.minUnits,
      state: r.data.state,
      server_seed: over ? r.serverSeed : null,
      beacon_round: r.beaconRound,
      public_seed: r.publicSeed,
      beacon_url: r.beaconRound === null ? null : deps.beacon.urlOf(r.beaconRound),
      committed_at: r.data.committedAtMs,
      packets: rows ? rows.map((p) => p.amount) : null,
      grabs: rows
        ? grabbed.map((p) => ({
            index: p.idx,
            user_id: p.userId as number,
            nick_name: people.get(p.userId as number)?.nick ?? '',
            amount: p.amount,
            grabbed_at: p.at?.getTime() ?? 0,
          }))
        : null,
    };
  }

  return { info, records, round, forget: () => (cached = null) };
}

export type RainViews = ReturnType<typeof createRainViews>;
