import type {
  AdminEnergyLevel,
  AdminEnergyLevelInput,
  AdminEnergyLevelsResponse,
  AdminEnergyLevelUpdate,
} from '@kaixiang/shared/energy';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AdminActor } from '../admin/admin-access.ts';
import { recordAudit } from '../admin/audit.ts';
import { bagsRepo } from '../bags/bags.repo.ts';
import { energyRepo, type LevelWithCampaign } from './energy.repo.ts';

type Stats = Map<number, { opened: number; paid: number }>;

/**
 * The energy levels' admin API (admin/v1/energy/*): levels are rows naming the energy needed and
 * a bag campaign of kind energy, whose names and versioned table (edited with admin/v1/bags) are
 * the level's box. Each change and its audit record commit in one transaction.
 */
export function createEnergyAdmin(deps: {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}) {
  const { db, clock } = deps;

  async function view(tx: Db | Tx, row: LevelWithCampaign, stats?: Stats): Promise<AdminEnergyLevel> {
    const { l } = row;
    const t = await bagsRepo.table(tx, l.campaignId, row.tableVersion);
    const s = (stats ?? (await energyRepo.stats(tx))).get(l.id);
    return {
      id: l.id,
      level: l.level,
      energy: l.energyUnits,
      campaign_id: l.campaignId,
      name_zh_cn: row.names.zhCn,
      name_zh_tw: row.names.zhTw,
      name_en: row.names.en,
      enabled: l.enabled,
      table_version: row.tableVersion,
      table_hash: t?.tableHash ?? '',
      ev: t?.evUnits ?? 0,
      opened: s?.opened ?? 0,
      paid: s?.paid ?? 0,
      created_at: l.createdAt.getTime(),
      updated_at: l.updatedAt.getTime(),
    };
  }

  async function checkCampaign(tx: Tx, id: number): Promise<void> {
    const c = await bagsRepo.campaign(tx, id);
    if (c?.kind !== 'energy') throw new AppError('ENERGY_CAMPAIGN_INVALID');
  }

  async function checkLevelFree(tx: Tx, level: number, self?: number): Promise<void> {
    const other = await energyRepo.levelByNumber(tx, level);
    if (other && other.id !== self) throw new AppError('ENERGY_LEVEL_TAKEN');
  }

  async function reread(tx: Tx, id: number): Promise<AdminEnergyLevel> {
    const row = await energyRepo.level(tx, id);
    if (!row) throw new Error(`energy level ${id} vanished`);
    return view(tx, row);
  }

  return {
    async list(): Promise<AdminEnergyLevelsResponse> {
      const [rows, stats] = await Promise.all([energyRepo.levels(db, true), energyRepo.stats(db)]);
      const list: AdminEnergyLevel[] = [];
      for (const r of rows) list.push(await view(db, r, stats));
      return { list };
    },

    async create(who: AdminActor, input: AdminEnergyLevelInput): Promise<AdminEnergyLevel> {
      const now = new Date(clock.now());
      return deps.transaction(async (tx) => {
        await checkCampaign(tx, input.campaign_id);
        await checkLevelFree(tx, input.level);
        const row = await energyRepo.insertLevel(tx, {
          level: input.level,
          energyUnits: input.energy,
          campaignId: input.campaign_id,
          enabled: input.enabled,
          createdAt: now,
          updatedAt: now,
        });
        const after = await reread(tx, row.id);
        await recordAudit(
          tx,
          who,
          { action: 'energy.level.create', target: `energy_level:${row.id}`, after, reason: input.reason },
          now,
        );
        return after;
      });
    },

    async update(who: AdminActor, input: AdminEnergyLevelUpdate): Promise<AdminEnergyLevel> {
      const now = new Date(clock.now());
      return deps.transaction(async (tx) => {
        const locked = await energyRepo.lockLevel(tx, input.id);
        if (!locked) throw new AppError('ENERGY_LEVEL_NOT_FOUND');
        const before = await reread(tx, input.id);
        if (input.campaign_id !== undefined) await checkCampaign(tx, input.campaign_id);
        if (input.level !== undefined) await checkLevelFree(tx, input.level, input.id);
        await energyRepo.updateLevel(tx, input.id, {
          ...(input.level !== undefined && { level: input.level }),
          ...(input.energy !== undefined && { energyUnits: input.energy }),
          ...(input.campaign_id !== undefined && { campaignId: input.campaign_id }),
          ...(input.enabled !== undefined && { enabled: input.enabled }),
          updatedAt: now,
        });
        const after = await reread(tx, input.id);
        await recordAudit(
          tx,
          who,
          { action: 'energy.level.update', target: `energy_level:${input.id}`, before, after, reason: input.reason },
          now,
        );
        return after;
      });
    },
  };
}

export type EnergyAdmin = ReturnType<typeof createEnergyAdmin>;
