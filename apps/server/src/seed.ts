import type { Db } from './db/client.ts';
import { seedAccounts } from './modules/accounts/accounts.seed.ts';
import { seedBags } from './modules/bags/bags.seed.ts';
import { seedRobots } from './modules/battles/battles.seed.ts';
import { seedBoxes } from './modules/boxes/boxes.seed.ts';
import { seedCatalogue } from './modules/catalogue/catalogue.seed.ts';
import { seedCommandItems } from './modules/command-items/command-items.seed.ts';
import { seedCoupons } from './modules/coupons/coupons.seed.ts';
import { seedEnergy, seedFreeBoxes } from './modules/energy/energy.seed.ts';
import { seedLedger } from './modules/ledger/ledger.ts';
import { seedLucky } from './modules/lucky/lucky.seed.ts';
import { seedPayments } from './modules/payments/payments.seed.ts';
import { seedPointsShop } from './modules/points-shop/points-shop.seed.ts';
import { seedPromotion } from './modules/promotion/promotion.seed.ts';
import { seedRain } from './modules/rain/rain.seed.ts';
import { seedSignIn } from './modules/sign-in/sign-in.seed.ts';
import { seedSite } from './modules/site/site.seed.ts';
import { seedTasks } from './modules/tasks/tasks.seed.ts';
import { seedUpgrade } from './modules/upgrade/upgrade.seed.ts';
import { seedVip } from './modules/vip/vip.seed.ts';
import { seedMall } from './modules/wallet/mall.seed.ts';
import { seedWishingWell } from './modules/wishing-well/wishing-well.seed.ts';

/**
 * Every module's seed, in dependency order. Each is idempotent. `dev` (any environment but
 * production) adds what only a development site may have: a known command item code.
 */
export async function seedAll(db: Db, nowMs: number, opts: { dev?: boolean } = {}): Promise<void> {
  await seedCatalogue(db);
  await seedMall(db);
  await seedBoxes(db);
  await seedUpgrade(db);
  await seedSite(db, nowMs);
  await seedAccounts(db);
  await seedRobots(db);
  await seedLedger(db);
  await seedPromotion(db);
  await seedVip(db);
  await seedPayments(db);
  await seedCoupons(db);
  await seedLucky(db, nowMs);
  await seedBags(db, nowMs);
  // After the bags: day 7 gives the seeded gift campaign's bag.
  await seedSignIn(db, nowMs);
  await seedEnergy(db, nowMs);
  await seedFreeBoxes(db, nowMs);
  await seedRain(db, nowMs);
  await seedTasks(db, nowMs);
  // After the catalogue and the bags: its defaults sell seeded items and the gift bag.
  await seedPointsShop(db, nowMs);
  if (opts.dev) await seedCommandItems(db, nowMs);
  // After the catalogue: its defaults grant seeded items.
  await seedWishingWell(db, nowMs);
}
