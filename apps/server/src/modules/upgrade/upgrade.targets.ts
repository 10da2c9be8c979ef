import { maxTargetUnits, quote, type UpgradeRules } from '@kaixiang/game/upgrade';
import { isWeaponClass, WEAPON_CLASS_LABELS, WEAPON_CLASSES, type WeaponClass } from '@kaixiang/shared/items';
import type { Locale } from '@kaixiang/shared/locale';
import type { UpgradeCategoriesResponse, UpgradeListResponse, UpgradeTarget } from '@kaixiang/shared/upgrade';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../infra/clock.ts';
import { pick } from '../site/site.service.ts';
import { type TargetRow, upgradeRepo } from './upgrade.repo.ts';

/** Targets change only on a seed or an edit: each process keeps them this long. */
const CACHE_MS = 60_000;

export type Target = TargetRow & { weaponClass: WeaponClass };

export interface ListQuery {
  page: number;
  page_size: number;
  category?: WeaponClass | undefined;
  keyword?: string | undefined;
  sort: 'price_asc' | 'price_desc';
  min_price?: number | undefined;
  max_price?: number | undefined;
  stake_value?: number | undefined;
}

/**
 * The upgrade's targets (get-category-list, get-upgrade-list): a few thousand rows, kept in
 * memory per process and filtered there, so browsing the list costs the database nothing. What a
 * roll needs of a target is checked again by kx_upgrade, so a stale copy can never be rolled.
 */
export function createUpgradeTargets(deps: { db: Db; clock: Clock; rules: () => Promise<UpgradeRules> }) {
  let cache: { at: number; all: Target[]; byId: Map<number, Target> } | null = null;

  async function load() {
    if (cache && deps.clock.now() - cache.at < CACHE_MS) return cache;
    const all = (await upgradeRepo.targets(deps.db)).map((t) => ({
      ...t,
      weaponClass: isWeaponClass(t.weaponClass) ? t.weaponClass : 'other',
    }));
    cache = { at: deps.clock.now(), all, byId: new Map(all.map((t) => [t.id, t])) };
    return cache;
  }

  function card(t: Target, locale: Locale, stake: number | undefined, rules: UpgradeRules): UpgradeTarget {
    const q = stake === undefined ? null : quote(stake, t.priceUnits, rules);
    return {
      upgrade_item_id: t.id,
      item_id: t.itemDefId,
      name: pick(t.names, locale),
      img: t.image,
      quality: t.quality,
      exter: t.exter,
      weapon_class: t.weaponClass,
      price: t.priceUnits,
      show_rate: t.showRate,
      rate_ppm: q?.ok ? q.value.ratePpm : null,
    };
  }

  return {
    async byId(id: number): Promise<Target | undefined> {
      return (await load()).byId.get(id);
    },

    /** The weapon classes that have targets on sale, in the catalogue's order. */
    async categories(locale: Locale): Promise<UpgradeCategoriesResponse> {
      const counts = new Map<WeaponClass, number>();
      for (const t of (await load()).all) {
        if (t.onSale) counts.set(t.weaponClass, (counts.get(t.weaponClass) ?? 0) + 1);
      }
      return {
        list: WEAPON_CLASSES.filter((c) => counts.has(c)).map((c) => ({
          category: c,
          name: WEAPON_CLASS_LABELS[c][locale],
          count: counts.get(c) ?? 0,
        })),
      };
    },

    /**
     * Targets on sale by category, name (in the request's language), price range, and — with
     * stake_value — only those that stake can reach: worth more than it and at most the dearest
     * target at the min rate (maxTargetUnits), each with the stake's chance.
     */
    async list(q: ListQuery, locale: Locale): Promise<UpgradeListResponse> {
      const keyword = q.keyword?.trim().toLowerCase();
      const rules = await deps.rules();
      let low = q.min_price ?? 0;
      let high = q.max_price ?? Number.MAX_SAFE_INTEGER;
      if (q.stake_value !== undefined) {
        low = Math.max(low, q.stake_value + 1);
        high = Math.min(high, maxTargetUnits(q.stake_value, rules));
      }
      // Kept in price order (then id): the descending sort walks it backwards.
      const hits = (await load()).all.filter(
        (t) =>
          t.onSale &&
          (q.category === undefined || t.weaponClass === q.category) &&
          t.priceUnits >= low &&
          t.priceUnits <= high &&
          (!keyword || pick(t.names, locale).toLowerCase().includes(keyword)),
      );
      if (q.sort === 'price_desc') hits.reverse();
      const from = (q.page - 1) * q.page_size;
      return {
        list: hits.slice(from, from + q.page_size).map((t) => card(t, locale, q.stake_value, rules)),
        total: hits.length,
      };
    },

    invalidate() {
      cache = null;
    },
  };
}
