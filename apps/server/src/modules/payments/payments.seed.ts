import type { Db } from '../../db/client.ts';
import { moneyTiers, payModes } from '../../db/schema/payments.ts';

/**
 * The recharge tiers and channels (docs/payments.md "Payments"). Added once; an operator's later edits
 * to a row (bonus, order, switching a channel off) are kept.
 */
const TIERS = [
  { yuan: 10, bp: 0, title: '新手', days: 0 },
  { yuan: 50, bp: 200, title: '青铜', days: 0 },
  { yuan: 100, bp: 300, title: '白银', days: 0 },
  { yuan: 200, bp: 500, title: '黄金', days: 0 },
  { yuan: 500, bp: 600, title: '铂金', days: 0 },
  { yuan: 1000, bp: 800, title: '钻石', days: 0 },
  { yuan: 2000, bp: 1000, title: '大师', days: 0 },
  { yuan: 5000, bp: 1200, title: '王者', days: 0 },
];

/**
 * crypto_pay is on: it is offered only where a chain watcher serves it (the sandbox chain outside
 * production, CHAIN_WATCHER=live in production; docs/payments.md "USDT recharge").
 */
const MODES = [
  { payMode: 'alipay', sortId: 40, enabled: true },
  { payMode: 'wechat_pay', sortId: 30, enabled: true },
  { payMode: 'union_pay', sortId: 20, enabled: true },
  { payMode: 'crypto_pay', sortId: 10, enabled: true },
];

export async function seedPayments(db: Db): Promise<void> {
  await db
    .insert(moneyTiers)
    .values(
      TIERS.map((t, i) => ({
        moneyUnits: t.yuan * 10_000,
        additionBp: t.bp,
        avatar: '',
        avatarTitle: t.title,
        days: t.days,
        sort: i,
      })),
    )
    .onConflictDoNothing();
  await db.insert(payModes).values(MODES).onConflictDoNothing();
}
