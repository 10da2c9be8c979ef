import type { EnergyInfoResponse, EnergyLevel, EnergyOpenResponse } from '@kaixiang/shared/energy';
import type { Locale } from '@kaixiang/shared/locale';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { bagsRepo, type TableRow } from '../bags/bags.repo.ts';
import { type BagsService, tableView } from '../bags/bags.service.ts';
import { assertMayClaim } from '../protection/protection.service.ts';
import { pick } from '../site/site.service.ts';
import { energyRepo, energySourceKey } from './energy.repo.ts';
import { energyWeekOf } from './energy.week.ts';

export interface EnergyDeps {
  db: Db;
  clock: Clock;
  /** The lucky bags: an energy box is a bag of its level's campaign, opened by the bags' statement. */
  bags: BagsService;
}

/**
 * The energy box (能量箱, issue 22; docs/promotions/energy-box.md): energy is what the player
 * staked this China week, read from the ledger; each level reached opens its box once a week. A
 * box is a lucky bag of the level's campaign (kind energy) given under the key
 * energy:<level>:<user>:<week> — given once whatever the concurrency — and opened by kx_open_bag
 * with the player's seed pair against the campaign's published table, so the draw, the credit
 * (promotions → player, key bag_open:<bag id>) and the /fairness check are the lucky bags' own.
 */
export function createEnergyService(deps: EnergyDeps) {
  const { db, clock, bags } = deps;
  // A version's table never changes once published.
  const tables = new Map<string, TableRow>();

  async function tableOf(campaignId: number, version: number): Promise<TableRow> {
    const key = `${campaignId}:${version}`;
    const hit = tables.get(key);
    if (hit) return hit;
    const row = await bagsRepo.table(db, campaignId, version);
    if (!row) throw new Error(`bag campaign ${campaignId} has no table version ${version}`);
    tables.set(key, row);
    return row;
  }

  return {
    /** get-info: this week's energy and every enabled level with its table and the player's state. */
    async info(userId: number, locale: Locale): Promise<EnergyInfoResponse> {
      const now = clock.now();
      const week = energyWeekOf(now);
      const [energy, levels] = await Promise.all([
        energyRepo.energy(db, userId, week.start, new Date(now + 1)),
        energyRepo.levels(db),
      ]);
      const keyOf = (id: number) => energySourceKey(id, userId, week.week);
      const taken = new Map(
        (
          await energyRepo.weekBags(
            db,
            levels.map((l) => keyOf(l.l.id)),
          )
        ).map((b) => [b.sourceKey, b]),
      );
      const out: EnergyLevel[] = [];
      for (const { l, names, tableVersion } of levels) {
        const name = pick(names, locale);
        const t = tableView(await tableOf(l.campaignId, tableVersion), name);
        const bag = taken.get(keyOf(l.id));
        const opened =
          bag && bag.state === 1 && bag.openedAt
            ? { bag_id: bag.id, get_money: bag.amountUnits ?? 0, opened_at: bag.openedAt.getTime() }
            : null;
        out.push({
          id: l.id,
          level: l.level,
          energy: l.energyUnits,
          name,
          campaign_id: l.campaignId,
          state: opened ? 'opened' : energy >= l.energyUnits ? 'open' : 'locked',
          table: {
            version: t.version,
            ticket_total: t.ticket_total,
            table_hash: t.table_hash,
            ev: t.ev,
            entries: t.entries,
          },
          opened,
        });
      }
      return { energy, period_start: week.start.getTime(), period_end: week.end.getTime(), levels: out };
    },

    /**
     * open: the level's box, once this week, when this week's energy reaches it. The bag is given
     * under the week's key (ON CONFLICT DO NOTHING) and opened by kx_open_bag, which lets exactly
     * one of any number of requests at once open it; the others are told it is opened.
     */
    async open(userId: number, levelId: number, locale: Locale): Promise<EnergyOpenResponse> {
      await assertMayClaim(deps.db, userId, deps.clock.now());
      const found = await energyRepo.level(db, levelId);
      if (!found?.l.enabled || found.kind !== 'energy') throw new AppError('ENERGY_LEVEL_NOT_FOUND');
      const { l } = found;
      const nowMs = clock.now();
      const week = energyWeekOf(nowMs);
      const key = energySourceKey(l.id, userId, week.week);
      const [bag] = await energyRepo.weekBags(db, [key]);
      if (bag?.state === 1) throw new AppError('ENERGY_ALREADY_OPENED');
      if (!bag) {
        const energy = await energyRepo.energy(db, userId, week.start, new Date(nowMs + 1));
        if (energy < l.energyUnits) throw new AppError('ENERGY_LEVEL_NOT_REACHED');
        await bagsRepo.grant(
          db,
          [{ userId, campaignId: l.campaignId, source: 'energy', sourceKey: key }],
          new Date(nowMs),
        );
      }
      // Given now (by this request or a twin): find it by its key and open it.
      const [given] = bag ? [bag] : await energyRepo.weekBags(db, [key]);
      if (!given) throw new Error(`energy bag ${key} was given and is gone`);
      try {
        const r = await bags.openGiven(userId, given.id, locale);
        return {
          level_id: l.id,
          level: l.level,
          bag_id: r.bag_id,
          campaign_id: r.campaign_id,
          name: r.name,
          get_money: r.get_money,
          money: r.money,
          proof: r.proof,
        };
      } catch (e) {
        if (e instanceof AppError && e.key === 'BAG_ALREADY_OPENED') throw new AppError('ENERGY_ALREADY_OPENED');
        throw e;
      }
    },
  };
}

export type EnergyService = ReturnType<typeof createEnergyService>;
