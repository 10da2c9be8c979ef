import { type WearGrade, wearGradesFor } from '@kaixiang/shared/items';
import { formatUnits } from '@kaixiang/shared/money';
import type { PointsShopKind } from '@kaixiang/shared/points-shop';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { bagsRepo } from '../bags/bags.repo.ts';
import { itemPriceUnits } from '../catalogue/item-prices.ts';
import { pointsShopRepo } from './points-shop.repo.ts';

/** What an entry is asked to sell, as the admin API and the seed give it. */
export interface GoodsInput {
  kind: PointsShopKind;
  item_id: number | null;
  exter: number | null;
  coin: number | null;
  bag_campaign_id: number | null;
  bag_count: number;
}

/** The entry's columns of what it sells, checked, with its worth and default names. */
export interface Goods {
  kind: PointsShopKind;
  itemDefId: number | null;
  exter: number | null;
  coinUnits: number | null;
  bagCampaignId: number | null;
  bagCount: number | null;
  worthUnits: number;
  names: { zhCn: string; zhTw: string; en: string };
}

/**
 * Checks what an entry sells and works out what one purchase is worth in coins: an item's
 * price in its grade (catalogue/item-prices.ts) (what it sells back for, as a box's item), the coins, or the
 * bags' expected value from their campaign's current table. Only the fields of the entry's kind
 * may be given; a bag entry sells bags of a grant campaign (the other kinds give by their own rule).
 */
export async function resolveGoods(db: Db | Tx, g: GoodsInput): Promise<Goods> {
  const none = { itemDefId: null, exter: null, coinUnits: null, bagCampaignId: null, bagCount: null };
  const others =
    g.kind === 'item'
      ? [g.coin, g.bag_campaign_id]
      : g.kind === 'coin'
        ? [g.item_id, g.exter, g.bag_campaign_id]
        : [g.item_id, g.exter, g.coin];
  if (others.some((v) => v !== null)) throw new AppError('POINTS_SHOP_GOODS_INVALID');
  if (g.kind === 'item') {
    if (g.item_id === null) throw new AppError('POINTS_SHOP_GOODS_INVALID');
    const def = await pointsShopRepo.itemDef(db, g.item_id);
    if (!def) throw new AppError('POINTS_SHOP_ITEM_INVALID');
    const grades = wearGradesFor(def.wearMin, def.wearMax);
    const exter = g.exter ?? grades[0];
    if (exter === undefined || !grades.includes(exter as WearGrade)) throw new AppError('POINTS_SHOP_ITEM_INVALID');
    const worthUnits = await itemPriceUnits(db, def, exter);
    return {
      ...none,
      kind: 'item',
      itemDefId: def.id,
      exter,
      worthUnits,
      names: { zhCn: def.nameZhCn, zhTw: def.nameZhTw, en: def.nameEn },
    };
  }
  if (g.kind === 'coin') {
    if (g.coin === null) throw new AppError('POINTS_SHOP_GOODS_INVALID');
    const yuan = formatUnits(g.coin);
    return {
      ...none,
      kind: 'coin',
      coinUnits: g.coin,
      worthUnits: g.coin,
      names: { zhCn: `${yuan} 金币`, zhTw: `${yuan} 金幣`, en: `${yuan} coins` },
    };
  }
  if (g.bag_campaign_id === null) throw new AppError('POINTS_SHOP_GOODS_INVALID');
  const campaign = await bagsRepo.campaign(db, g.bag_campaign_id);
  if (campaign?.kind !== 'grant') throw new AppError('POINTS_SHOP_BAG_CAMPAIGN_INVALID');
  const table = await bagsRepo.table(db, campaign.id, campaign.tableVersion);
  if (!table) throw new Error(`bag campaign ${campaign.id} has no table ${campaign.tableVersion}`);
  const times = g.bag_count > 1 ? ` ×${g.bag_count}` : '';
  return {
    ...none,
    kind: 'bag',
    bagCampaignId: campaign.id,
    bagCount: g.bag_count,
    worthUnits: table.evUnits * g.bag_count,
    names: {
      zhCn: `${campaign.nameZhCn}${times}`,
      zhTw: `${campaign.nameZhTw || campaign.nameZhCn}${times}`,
      en: `${campaign.nameEn || campaign.nameZhCn}${times}`,
    },
  };
}
