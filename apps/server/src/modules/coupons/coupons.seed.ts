import type { Db } from '../../db/client.ts';
import { coupons } from '../../db/schema/coupons.ts';

/**
 * The coupon templates a fresh site starts with (docs/payments.md "Coupons"). Added once by name;
 * an operator's later edits are kept. Cards are given by mail attachments and redeem codes.
 */
const TEMPLATES = [
  {
    nameZhCn: '充值加赠5%券',
    nameZhTw: '儲值加贈5%券',
    nameEn: '+5% recharge bonus',
    awardType: 1,
    value: 500,
    minRechargeUnits: 50 * 10_000,
    validDays: 7,
  },
  {
    nameZhCn: '充值加赠10%券',
    nameZhTw: '儲值加贈10%券',
    nameEn: '+10% recharge bonus',
    awardType: 1,
    value: 1_000,
    minRechargeUnits: 200 * 10_000,
    validDays: 7,
  },
  {
    nameZhCn: '满100送15元券',
    nameZhTw: '滿100送15元券',
    nameEn: '¥15 on ¥100 (replaces the tier bonus)',
    awardType: 2,
    value: 15 * 10_000,
    minRechargeUnits: 100 * 10_000,
    validDays: 7,
  },
];

export async function seedCoupons(db: Db): Promise<void> {
  await db.insert(coupons).values(TEMPLATES).onConflictDoNothing();
}
