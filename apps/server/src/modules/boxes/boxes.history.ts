import type { OpenHistoryEntry, RollProof, SelfHistoryEntry } from '@kaixiang/shared/boxes';
import type { Locale } from '@kaixiang/shared/locale';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fairSeeds } from '../../db/schema/boxes.ts';
import { boxOpenings } from '../../db/schema/games.ts';
import { luckyPlayers } from '../../db/schema/lucky.ts';
import { users } from '../../db/schema/users.ts';
import { pick } from '../site/site.service.ts';
import { type ItemInfo, itemFacts } from './items.ts';

/** What an opened item's proof is made of: an opening row, or one just recorded. */
export type OpeningFacts = Pick<
  typeof boxOpenings.$inferSelect,
  'itemDefId' | 'exter' | 'priceUnits' | 'userItemId' | 'nonce' | 'clientSeed' | 'oddsHash' | 'boxVersion' | 'ticket'
>;
export type SeedFacts = Pick<typeof fairSeeds.$inferSelect, 'serverSeedHash' | 'serverSeed' | 'revealedAt'>;

/** The proof of one roll as answers show it: the server seed only once its pair is revealed. */
export function proof(o: OpeningFacts, seed: SeedFacts): RollProof {
  return {
    nonce: o.nonce ?? 0,
    client_seed: o.clientSeed,
    server_seed_hash: seed.serverSeedHash,
    server_seed: seed.revealedAt ? seed.serverSeed : null,
    odds_hash: o.oddsHash,
    box_version: o.boxVersion,
    ticket: o.ticket ?? 0,
  };
}

type HistoryRow = {
  o: typeof boxOpenings.$inferSelect;
  nick: string | null;
  avatar: string | null;
  vipLevel: number | null;
};
type Page = { page: number; page_size: number };

/**
 * The openings' history (spec 1 §7: everyone's, a box's, a player's own with its proofs), newest
 * first. `items` and `boxNames` are the boxes service's caches of the catalogue and the boxes.
 */
export function createBoxHistory(deps: {
  db: Db;
  items: () => Promise<Map<number, ItemInfo>>;
  boxNames: () => Promise<Map<number, { names: ItemInfo['names'] }>>;
}) {
  const { db } = deps;

  function rows(where: ReturnType<typeof eq> | undefined, page: number, size: number): Promise<HistoryRow[]> {
    return db
      .select({ o: boxOpenings, nick: users.nickName, avatar: users.avatar, vipLevel: users.vipLevel })
      .from(boxOpenings)
      .leftJoin(users, eq(users.id, boxOpenings.userId))
      .where(where)
      .orderBy(desc(boxOpenings.id))
      .limit(size)
      .offset((page - 1) * size);
  }

  /** A page of openings and how many there are in all. */
  async function page(where: ReturnType<typeof eq> | undefined, q: Page) {
    const [list, [total]] = await Promise.all([
      rows(where, q.page, q.page_size),
      db.select({ n: count() }).from(boxOpenings).where(where),
    ]);
    return { list, total: total?.n ?? 0 };
  }

  /** Entries in the viewer's language: the catalogue's names of the item and the box. */
  async function entries(list: HistoryRow[], locale: Locale) {
    const [info, boxes] = await Promise.all([deps.items(), deps.boxNames()]);
    return list.map((r): OpenHistoryEntry => {
      const box = boxes.get(r.o.boxId);
      return {
        id: r.o.id,
        user_id: r.o.userId,
        nick_name: r.nick ?? '',
        vip_level: r.vipLevel ?? 0,
        avatar: r.avatar ?? '',
        box_id: r.o.boxId,
        box_name: box ? pick(box.names, locale) : '',
        box_price: r.o.boxPriceUnits,
        item_id: r.o.itemDefId,
        ...itemFacts(info.get(r.o.itemDefId), locale),
        exter: r.o.exter,
        cost_price: r.o.priceUnits,
        created_at: r.o.createdAt.getTime(),
      };
    });
  }

  return {
    async history(
      q: Page & { box_id?: number | undefined },
      locale: Locale,
    ): Promise<{ list: OpenHistoryEntry[]; total: number }> {
      const { list, total } = await page(q.box_id ? eq(boxOpenings.boxId, q.box_id) : undefined, q);
      return { list: await entries(list, locale), total };
    },

    /** A player's own openings, each with its roll's proof (the seed once its pair is revealed). */
    async selfHistory(userId: number, q: Page, locale: Locale): Promise<{ list: SelfHistoryEntry[]; total: number }> {
      const { list, total } = await page(eq(boxOpenings.userId, userId), q);
      const seedIds = [...new Set(list.map((r) => r.o.seedId).filter((id): id is number => id !== null))];
      const seeds = seedIds.length ? await db.select().from(fairSeeds).where(inArray(fairSeeds.id, seedIds)) : [];
      const seedById = new Map(seeds.map((s) => [s.id, s]));
      // The lucky player's awards of the openings whose lucky roll was 0 (rare: usually no query).
      const luckyIds = list.filter((r) => r.o.luckyRoll === 0).map((r) => r.o.id);
      const paid = luckyIds.length
        ? await db
            .select({ openingId: luckyPlayers.openingId, award: luckyPlayers.awardUnits })
            .from(luckyPlayers)
            .where(inArray(luckyPlayers.openingId, luckyIds))
        : [];
      const awards = new Map(paid.map((p) => [p.openingId, p.award]));
      const shown = await entries(list, locale);
      return {
        list: list.flatMap((r, i) => {
          const seed = r.o.seedId === null ? undefined : seedById.get(r.o.seedId);
          const entry = shown[i];
          if (!seed || !entry) return [];
          const lucky =
            r.o.luckyRoll === null ? {} : { lucky: { roll: r.o.luckyRoll, award: awards.get(r.o.id) ?? 0 } };
          return [{ ...entry, user_item_id: r.o.userItemId ?? 0, roll: proof(r.o, seed), ...lucky }];
        }),
        total,
      };
    },
  };
}
