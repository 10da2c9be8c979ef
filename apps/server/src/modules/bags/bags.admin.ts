import { type BagEntry, bagExpectedValue, bagTableHash, checkBagTable } from '@kaixiang/game/bags';
import type { AdminCampaign, AdminCampaignInput, AdminCampaignUpdate } from '@kaixiang/shared/admin-bags';
import type { Db, Tx } from '../../db/client.ts';
import type { BagVipLevel } from '../../db/schema/bags.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { accountsRepo } from '../accounts/accounts.repo.ts';
import type { AdminActor } from '../admin/admin-access.ts';
import { recordAudit } from '../admin/audit.ts';
import { grantBagsInTx } from './bags.grants.ts';
import { bagsRepo, type CampaignRow, type TableRow } from './bags.repo.ts';
import { entriesOf, tableView } from './bags.service.ts';

type Stats = { given: number; opened: number; paid: number };

/** A table as the admin API takes it, checked: its tickets sum to exactly BAG_TICKETS. */
function checkedTable(rows: readonly { amount: number; tickets: number }[]): BagEntry[] {
  const entries = rows.map((r) => ({ amountUnits: r.amount, tickets: r.tickets }));
  const checked = checkBagTable(entries);
  if (!checked.ok) throw new AppError(checked.error === 'AMOUNT' ? 'VALIDATION_FAILED' : 'BAG_TABLE_TICKETS');
  return entries;
}

/** The levels of a vip_level campaign: at least one, each once. Other kinds keep none. */
function checkedLevels(kind: string, levels: readonly BagVipLevel[]): BagVipLevel[] {
  if (kind !== 'vip_level') return [];
  const seen = new Set(levels.map((l) => l.level));
  if (levels.length === 0 || seen.size !== levels.length) throw new AppError('BAG_CAMPAIGN_LEVELS');
  return [...levels].sort((a, b) => a.level - b.level);
}

function checkWindow(startsAt: number | null, endsAt: number | null): void {
  if (startsAt !== null && endsAt !== null && startsAt >= endsAt) throw new AppError('BAG_CAMPAIGN_WINDOW');
}

/** The table row a set of entries becomes as version `version` of a campaign. */
function tableRow(campaignId: number, version: number, entries: BagEntry[], now: Date) {
  return {
    campaignId,
    version,
    entries,
    tableHash: bagTableHash(entries),
    evUnits: bagExpectedValue(entries).evUnits,
    createdAt: now,
  };
}

const sameTable = (a: readonly BagEntry[], b: readonly BagEntry[]) =>
  a.length === b.length && a.every((e, i) => e.amountUnits === b[i]?.amountUnits && e.tickets === b[i]?.tickets);

/** A campaign as the admin API shows it: its current table with the expected value, and its counts. */
export function adminView(c: CampaignRow, t: TableRow, stats: Stats | undefined, nowMs: number): AdminCampaign {
  const { evUnits, minUnits, maxUnits } = bagExpectedValue(entriesOf(t));
  const view = tableView(t, c.nameZhCn);
  const startsAt = c.startsAt?.getTime() ?? null;
  const endsAt = c.endsAt?.getTime() ?? null;
  return {
    id: c.id,
    kind: c.kind as AdminCampaign['kind'],
    name_zh_cn: c.nameZhCn,
    name_zh_tw: c.nameZhTw,
    name_en: c.nameEn,
    enabled: c.enabled,
    active: c.enabled && (startsAt === null || startsAt <= nowMs) && (endsAt === null || nowMs < endsAt),
    starts_at: startsAt,
    ends_at: endsAt,
    per_grant: c.perGrant,
    min_recharge: c.minRechargeUnits,
    vip_levels: c.vipLevels,
    table: {
      version: t.version,
      table_hash: t.tableHash,
      ticket_total: view.ticket_total,
      ev: evUnits,
      min: minUnits,
      max: maxUnits,
      entries: view.entries,
    },
    given: stats?.given ?? 0,
    opened: stats?.opened ?? 0,
    paid: stats?.paid ?? 0,
    created_at: c.createdAt.getTime(),
    updated_at: c.updatedAt.getTime(),
  };
}

/**
 * The bags' admin API (docs/promotions/bags.md "Admin API"): campaigns and their tables, and bags
 * given by hand. Each change is checked, then made and recorded in the audit log in one
 * transaction: a change that committed is recorded, a refused one never is.
 */
export function createBagsAdmin(deps: {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** After a hand grant commits: tell the player's tabs (the icon). */
  onGranted: (userId: number) => Promise<void>;
}) {
  const { db, clock } = deps;

  async function view(tx: Db | Tx, c: CampaignRow): Promise<AdminCampaign> {
    const table = await bagsRepo.table(tx, c.id, c.tableVersion);
    if (!table) throw new Error(`bag campaign ${c.id} has no table ${c.tableVersion}`);
    const stats = await bagsRepo.stats(tx);
    return adminView(c, table, stats.get(c.id), clock.now());
  }

  return {
    async list(): Promise<{ list: AdminCampaign[] }> {
      const rows = await bagsRepo.campaigns(db);
      const [tables, stats] = await Promise.all([bagsRepo.currentTables(db, rows), bagsRepo.stats(db)]);
      const nowMs = clock.now();
      return {
        list: rows.flatMap((c) => {
          const t = tables.get(c.id);
          return t ? [adminView(c, t, stats.get(c.id), nowMs)] : [];
        }),
      };
    },

    async create(who: AdminActor, input: AdminCampaignInput): Promise<AdminCampaign> {
      const entries = checkedTable(input.table);
      const vipLevels = checkedLevels(input.kind, input.vip_levels);
      checkWindow(input.starts_at, input.ends_at);
      return deps.transaction(async (tx) => {
        const now = new Date(clock.now());
        const made = await bagsRepo.insertCampaign(tx, {
          kind: input.kind,
          nameZhCn: input.name_zh_cn,
          nameZhTw: input.name_zh_tw,
          nameEn: input.name_en,
          enabled: input.enabled,
          startsAt: input.starts_at === null ? null : new Date(input.starts_at),
          endsAt: input.ends_at === null ? null : new Date(input.ends_at),
          perGrant: input.per_grant,
          minRechargeUnits: input.min_recharge,
          vipLevels,
          tableVersion: 1,
          createdAt: now,
          updatedAt: now,
        });
        await bagsRepo.insertTable(tx, tableRow(made.id, 1, entries, now));
        const after = await view(tx, made);
        await recordAudit(
          tx,
          who,
          { action: 'bag.campaign.create', target: `bag_campaign:${made.id}`, after, reason: input.reason },
          now,
        );
        return after;
      });
    },

    async update(who: AdminActor, input: AdminCampaignUpdate): Promise<AdminCampaign> {
      const entries = input.table ? checkedTable(input.table) : null;
      return deps.transaction(async (tx) => {
        const now = new Date(clock.now());
        const row = await bagsRepo.lockCampaign(tx, input.id);
        if (!row) throw new AppError('BAG_CAMPAIGN_NOT_FOUND');
        const before = await view(tx, row);
        const startsAt = input.starts_at === undefined ? (row.startsAt?.getTime() ?? null) : input.starts_at;
        const endsAt = input.ends_at === undefined ? (row.endsAt?.getTime() ?? null) : input.ends_at;
        checkWindow(startsAt, endsAt);
        const vipLevels = input.vip_levels ? checkedLevels(row.kind, input.vip_levels) : row.vipLevels;
        const current = await bagsRepo.table(tx, row.id, row.tableVersion);
        const newTable = entries && current && !sameTable(entriesOf(current), entries);
        const version = newTable ? row.tableVersion + 1 : row.tableVersion;
        if (newTable) await bagsRepo.insertTable(tx, tableRow(row.id, version, entries, now));
        const updated = await bagsRepo.updateCampaign(tx, row.id, {
          ...(input.name_zh_cn === undefined ? {} : { nameZhCn: input.name_zh_cn }),
          ...(input.name_zh_tw === undefined ? {} : { nameZhTw: input.name_zh_tw }),
          ...(input.name_en === undefined ? {} : { nameEn: input.name_en }),
          ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
          ...(input.per_grant === undefined ? {} : { perGrant: input.per_grant }),
          ...(input.min_recharge === undefined ? {} : { minRechargeUnits: input.min_recharge }),
          startsAt: startsAt === null ? null : new Date(startsAt),
          endsAt: endsAt === null ? null : new Date(endsAt),
          vipLevels,
          tableVersion: version,
          updatedAt: now,
        });
        const after = await view(tx, updated);
        await recordAudit(
          tx,
          who,
          { action: 'bag.campaign.update', target: `bag_campaign:${row.id}`, before, after, reason: input.reason },
          now,
        );
        return after;
      });
    },

    /**
     * Gives a player bags of a grant campaign by hand (compensation, a contest). `requestId` (the
     * HTTP request's id, x-request-id when the client sends one) keys them: a retried request gives
     * nothing twice.
     */
    async grant(
      who: AdminActor,
      input: { campaign_id: number; user_id: number; count: number; reason: string },
      requestId: string,
    ): Promise<{ granted: number; count: number }> {
      const campaign = await bagsRepo.campaign(db, input.campaign_id);
      if (!campaign) throw new AppError('BAG_CAMPAIGN_NOT_FOUND');
      if (campaign.kind !== 'grant') throw new AppError('BAG_KIND_FIXED');
      if (!(await accountsRepo.userById(db, input.user_id))) throw new AppError('BAG_PLAYER_NOT_FOUND');
      const granted = await deps.transaction(async (tx) => {
        const now = new Date(clock.now());
        const n = await grantBagsInTx(
          tx,
          {
            userId: input.user_id,
            campaignId: campaign.id,
            source: 'admin',
            key: `admin:${campaign.id}:${input.user_id}:${requestId}`,
            count: input.count,
          },
          now,
        );
        if (n > 0) {
          await recordAudit(
            tx,
            who,
            {
              action: 'bag.grant',
              target: `user:${input.user_id}`,
              after: { campaign_id: campaign.id, count: n },
              reason: input.reason,
            },
            now,
          );
        }
        return n;
      });
      if (granted > 0) await deps.onGranted(input.user_id);
      return { granted, count: await bagsRepo.unopenedCount(db, input.user_id) };
    },
  };
}

export type BagsAdmin = ReturnType<typeof createBagsAdmin>;
