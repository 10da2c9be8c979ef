import { quote, type UpgradeQuote } from '@kaixiang/game/upgrade';
import type { Locale } from '@kaixiang/shared/locale';
import type { UpgradeHistoryEntry, UpgradeProof, UserUpgradeEntry } from '@kaixiang/shared/upgrade';
import type { Db } from '../../db/client.ts';
import type { fairSeeds } from '../../db/schema/boxes.ts';
import { type ItemInfo, itemFacts } from '../boxes/items.ts';
import { type HistoryRow, type UpgradeRecordRow, upgradeRepo } from './upgrade.repo.ts';

export type SeedFacts = Pick<typeof fairSeeds.$inferSelect, 'serverSeedHash' | 'serverSeed' | 'revealedAt'>;

/** What the fairness page needs of a record: the server seed only once the pair is rotated. */
export function recordProof(r: UpgradeRecordRow, seed: SeedFacts): UpgradeProof {
  return {
    nonce: r.nonce,
    client_seed: r.clientSeed,
    server_seed_hash: seed.serverSeedHash,
    server_seed: seed.revealedAt ? seed.serverSeed : null,
    roll: r.roll,
  };
}

/** The target as the record has it (the price it was rolled at), named in the viewer's language. */
export function recordTarget(r: UpgradeRecordRow, info: Map<number, ItemInfo>, locale: Locale) {
  return {
    upgrade_item_id: r.upgradeItemId,
    item_id: r.targetItemDefId,
    ...itemFacts(info.get(r.targetItemDefId), locale),
    exter: r.targetExter,
    price: r.targetPriceUnits,
  };
}

/** The quote a record was rolled at, recomputed from the rules it stored (capped, its RTP). */
export function recordQuote(r: UpgradeRecordRow): UpgradeQuote {
  const q = quote(r.stakeUnits, r.targetPriceUnits, {
    houseEdgePpm: r.houseEdgePpm,
    minRatePpm: 1,
    maxRatePpm: r.maxRatePpm,
  });
  if (!q.ok || q.value.ratePpm !== r.ratePpm) throw new Error(`upgrade ${r.id} does not match its own rules`);
  return q.value;
}

/** upgrade-item-history and user-upgrade-history: records, newest first. */
export function createUpgradeHistory(deps: { db: Db; items: () => Promise<Map<number, ItemInfo>> }) {
  const { db } = deps;

  function entry(row: HistoryRow, info: Map<number, ItemInfo>, locale: Locale): UpgradeHistoryEntry {
    const r = row.r;
    return {
      id: r.id,
      user_id: r.userId,
      nick_name: row.nick ?? '',
      avatar: row.avatar ?? '',
      vip_level: row.vipLevel ?? 0,
      target: recordTarget(r, info, locale),
      stake_value: r.stakeUnits,
      rate_ppm: r.ratePpm,
      success: r.success,
      created_at: r.createdAt.getTime(),
    };
  }

  return {
    /** Everybody's latest upgrades, or one target's. */
    async itemHistory(
      q: { upgrade_item_id?: number | undefined; page: number; page_size: number },
      locale: Locale,
    ): Promise<{ list: UpgradeHistoryEntry[]; total: number }> {
      const { rows, total } = await upgradeRepo.history(db, {
        ...(q.upgrade_item_id === undefined ? {} : { upgradeItemId: q.upgrade_item_id }),
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      const info = await deps.items();
      return { list: rows.map((r) => entry(r, info, locale)), total };
    },

    /** The player's own upgrades, each with its stake and the fairness inputs of its roll. */
    async userHistory(
      userId: number,
      q: { page: number; page_size: number },
      locale: Locale,
    ): Promise<{ list: UserUpgradeEntry[]; total: number }> {
      const { rows, total } = await upgradeRepo.history(db, {
        userId,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      const [seedRows, stakeRows, info] = await Promise.all([
        upgradeRepo.seeds(
          db,
          rows.map((r) => r.r.seedId),
        ),
        upgradeRepo.itemFacts(
          db,
          rows.flatMap((r) => r.r.stakeItemIds),
        ),
        deps.items(),
      ]);
      const seedById = new Map(seedRows.map((s) => [s.id, s]));
      const stakeById = new Map(stakeRows.map((s) => [s.id, s]));
      return {
        list: rows.flatMap((row) => {
          const seed = seedById.get(row.r.seedId);
          if (!seed) return [];
          return [
            {
              ...entry(row, info, locale),
              stake_items: row.r.stakeItemIds.map((id, i) => {
                const facts = stakeById.get(id);
                return {
                  id,
                  item_id: facts?.itemDefId ?? 0,
                  ...itemFacts(facts ? info.get(facts.itemDefId) : undefined, locale),
                  exter: facts?.exter ?? 0,
                  price: row.r.stakeItemPrices[i] ?? 0,
                };
              }),
              stake_balance: row.r.stakeBalanceUnits,
              user_item_id: row.r.userItemId,
              proof: recordProof(row.r, seed),
            },
          ];
        }),
        total,
      };
    },
  };
}
